import { sportsApi } from '@jinb/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { at, ok, startMockApi } from '../testing/server';
import { getAt, put } from './calls';

const server = startMockApi();

function capture(method: 'get' | 'put', path: string) {
  const seen: Request[] = [];
  server.use(
    http[method](at(path), ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(ok({}));
    }),
  );
  return seen;
}

describe('calls outside the first screen’s client', () => {
  test('a path parameter is filled in, escaped', async () => {
    const seen = capture('get', sportsApi.sportsEvent);
    await getAt('sportsEvent', { id: '42' });
    await getAt('sportsEvent', { id: '4/2' });
    expect(seen.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/f/v1/sports/events/42',
      '/api/f/v1/sports/events/4%2F2',
    ]);
  });

  test('a PUT goes to the named path with its body as JSON', async () => {
    const seen = capture('put', sportsApi.sportsPreferences);
    await put('sportsPreferences', { body: { oddsFormat: 'hk' }, json: true });
    expect(seen[0]!.method).toBe('PUT');
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]!.json()).toEqual({ oddsFormat: 'hk' });
  });

  test('the parameters are typed by the endpoint table', () => {
    const typed = async () => {
      // @ts-expect-error an event's page needs the event's id
      await getAt('sportsEvent', {});
      // @ts-expect-error the operator console's calls are not the site's
      await getAt('adminSportsEvent', { id: '1' });
    };
    expect(typed).toBeTypeOf('function');
  });
});

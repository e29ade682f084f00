import { walletApi } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import VenueBackPage from './VenueBackPage';

const server = startMockApi();
let keys: Array<string | null>;

beforeEach(() => {
  useSession.getState().logout();
  keys = [];
  server.use(...signedIn());
});

const venue = { id: 1, code: 'slot1', name: '电子游艺', balance: '0.0000', pending: '0.0000', maintenance: false };

describe('VenueBackPage', () => {
  test('When a member leaves a vendor game, then the game ends and its balance comes back once', async () => {
    useSession.getState().startGame('1018', 'slot1');
    server.use(
      http.post(at(walletApi.recall), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(ok({ id: '77', status: 'confirmed', main: '1234.5600', venues: [venue] }));
      }),
    );
    renderPage(<VenueBackPage />, { route: paths.venueBack });
    expect(await screen.findByText('游戏余额已转回中心钱包')).toBeTruthy();
    expect(screen.getByTestId('main-balance').textContent).toBe('¥1234.56');
    expect(useSession.getState().game.startGame).toBe(false);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('When the venue has not confirmed, then the member reads that the money is on its way', async () => {
    server.use(
      http.post(at(walletApi.recall), () =>
        HttpResponse.json(
          ok({ id: '78', status: 'pending', main: '10.0000', venues: [{ ...venue, pending: '90.0000' }] }),
        ),
      ),
    );
    renderPage(<VenueBackPage />, { route: paths.venueBack });
    expect(await screen.findByText('场馆暂未确认，资金在途，稍后会自动到账')).toBeTruthy();
    expect(screen.getByText('电子游艺 仍有 ¥90.00')).toBeTruthy();
  });

  test('When the recall fails, then the retry sends the same key', async () => {
    let calls = 0;
    server.use(
      http.post(at(walletApi.recall), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        calls++;
        if (calls === 1)
          return HttpResponse.json({ status: false, data: '场馆维护中，请稍后再试', code: 'VENUE_UNAVAILABLE' });
        return HttpResponse.json(ok({ id: '79', status: 'confirmed', main: '5.0000', venues: [] }));
      }),
    );
    renderPage(<VenueBackPage />, { route: paths.venueBack });
    expect(await screen.findByText('场馆维护中，请稍后再试')).toBeTruthy();
    screen.getByRole('button', { name: /重试/ }).click();
    await waitFor(() => expect(screen.getByTestId('main-balance').textContent).toBe('¥5.00'));
    expect(keys[0]).toBe(keys[1]);
  });
});

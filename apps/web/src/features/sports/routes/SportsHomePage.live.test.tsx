import { sportsApi } from '@jinb/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { resetRealtimeForTests, useRealtimeStatus } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { playRealtime } from '../../../shared/testing/realtime';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { useSlip } from '../slip/slip-store';
import { bookHandlers, event, market, summary } from '../sports.test-fixtures';
import SportsHomePage from './SportsHomePage';

const server = startMockApi();

const running = event({
  home: '湖人',
  away: '勇士',
  status: 'live',
  score: { home: 0, away: 0 },
  markets: [market({ type: '1x2' }, { home: '2.00', draw: '3.20', away: '3.80' })],
});
const starting = event({
  home: '热火',
  away: '凯尔特人',
  status: 'live',
  score: { home: 0, away: 0 },
  markets: [market({ type: '1x2' }, { home: '1.90', draw: '3.30', away: '4.10' })],
});

let lists: number;
let shown: (typeof running)[];

beforeEach(() => {
  useSession.getState().logout();
  useSlip.getState().clear();
  lists = 0;
  shown = [running];
  server.use(
    http.get(at(sportsApi.sportsEvents), () => {
      lists += 1;
      return HttpResponse.json(ok(shown.map(summary)));
    }),
    ...bookHandlers([running, starting]),
  );
});
afterEach(() => resetRealtimeForTests());

describe('the 滚球 list, live', () => {
  test('When a score changes, a match kicks off or one ends, then the list follows without a refresh', async () => {
    const live = playRealtime(server);
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=football&list=live` });
    const row = await screen.findByRole('link', { name: /湖人 对 勇士/ });
    await live.subscribed('live');
    await live.subscribed(`event:${running.id}`);
    // Read once more when the subscriptions are confirmed, as one read for all of them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = lists;
    expect(before).toBeLessThanOrEqual(2);

    act(() => live.publish('live', { id: running.id, version: 2, live: { home: 2, away: 1, minute: 61 } }));
    await waitFor(() => expect(row.textContent).toContain('湖人2'));
    expect(row.textContent).toContain('勇士1');

    // A match not on the list goes live: the list is read again to get it.
    shown = [running, starting];
    act(() => live.publish('live', { id: starting.id, version: 2, status: 'live', sport: 'football' }));
    expect(await screen.findByRole('link', { name: /热火 对 凯尔特人/ })).toBeTruthy();
    expect(lists).toBe(before + 1);

    act(() => live.publish('live', { id: running.id, version: 3, status: 'finished', left: true }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /湖人 对 勇士/ })).toBeNull());
  });

  test('When the socket stays down, then a quiet note says it is reconnecting', async () => {
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=football&list=live` });
    await screen.findByRole('link', { name: /湖人 对 勇士/ });
    act(() => useRealtimeStatus.setState({ state: 'down', downSince: Date.now() - 5_000 }));
    expect(await screen.findByText('实时数据重连中…')).toBeTruthy();
    act(() => useRealtimeStatus.setState({ state: 'open', downSince: null }));
    await waitFor(() => expect(screen.queryByText('实时数据重连中…')).toBeNull());
  });
});

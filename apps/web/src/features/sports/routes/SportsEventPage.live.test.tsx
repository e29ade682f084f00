import { sportsApi } from '@jinb/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { resetRealtimeForTests } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { playRealtime } from '../../../shared/testing/realtime';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { FLASH_MS } from '../components/OddsButton';
import { useLiveClocks } from '../live/live-clock';
import { useSlip } from '../slip/slip-store';
import { bookHandlers, event, market } from '../sports.test-fixtures';
import SportsEventPage from './SportsEventPage';

const server = startMockApi();

const match = event({
  status: 'live',
  score: { home: 0, away: 0 },
  version: 10,
  markets: [market({ type: '1x2' }, { home: '2.00', draw: '3.20', away: '3.80' })],
});
const result = match.markets[0]!;
const [home, draw] = result.selections as [(typeof result.selections)[0], (typeof result.selections)[0]];
const topic = `event:${match.id}`;

beforeEach(() => {
  useSession.getState().logout();
  useSlip.getState().clear();
  useLiveClocks.setState({}, true);
  server.use(...bookHandlers([match]));
});
afterEach(() => resetRealtimeForTests());

const homePrice = () => screen.getByRole('button', { name: /独赢 主 赔率/ });

async function openLive() {
  const live = playRealtime(server);
  renderPage(<SportsEventPage />, { route: `${paths.sports}?event=${match.id}` });
  await screen.findByRole('button', { name: /独赢 主 赔率 2.00/ });
  await live.subscribed(topic);
  return live;
}

describe('the event page, live', () => {
  test('When a price moves up, then it flashes green for a second and keeps its arrow; down flashes red', async () => {
    const live = await openLive();
    act(() =>
      live.publish(topic, { id: match.id, version: 11, selections: [{ id: home.id, odds: '2.25', version: 2 }] }),
    );
    await waitFor(() => expect(homePrice().getAttribute('aria-label')).toContain('赔率 2.25'));
    expect(homePrice().dataset.moved).toBe('up');
    expect(homePrice().textContent).toContain('▲');
    await waitFor(() => expect(homePrice().dataset.moved).toBeUndefined(), { timeout: FLASH_MS + 1000 });
    expect(homePrice().textContent).toContain('▲');

    act(() =>
      live.publish(topic, { id: match.id, version: 12, selections: [{ id: draw.id, odds: '3.00', version: 2 }] }),
    );
    const drawPrice = screen.getByRole('button', { name: /独赢 和 赔率/ });
    await waitFor(() => expect(drawPrice.dataset.moved).toBe('down'));
  });

  test('When the market is suspended (a goal), then its prices grey out with 暂停 and take no tap; reopened they do', async () => {
    const live = await openLive();
    act(() =>
      live.publish(topic, {
        id: match.id,
        version: 11,
        live: { home: 1, away: 0, minute: 34 },
        markets: [{ id: result.id, status: 'suspended' }],
      }),
    );
    const board = screen.getByRole('region', { name: '赛事详情' });
    await waitFor(() => expect(board.textContent).toContain('1 - 0'));
    expect(board.textContent).toContain("34'");
    for (const button of within(screen.getByRole('region', { name: '独赢' })).getAllByRole('button', {
      name: /赔率/,
    })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.textContent).toContain('暂停');
      expect(button.getAttribute('aria-label')).toContain('赔率 暂停');
    }
    homePrice().click();
    expect(useSlip.getState().legs).toEqual([]);

    act(() => live.publish(topic, { id: match.id, version: 12, markets: [{ id: result.id, status: 'open' }] }));
    await waitFor(() => expect((homePrice() as HTMLButtonElement).disabled).toBe(false));
  });

  test('When a late message arrives (an older event version), then the screen does not move backwards', async () => {
    const live = await openLive();
    act(() =>
      live.publish(topic, { id: match.id, version: 12, selections: [{ id: home.id, odds: '1.80', version: 3 }] }),
    );
    await waitFor(() => expect(homePrice().getAttribute('aria-label')).toContain('赔率 1.80'));
    // A newer position on the topic carrying an event older than the one on screen (a slow process's publish).
    act(() =>
      live.publish(topic, { id: match.id, version: 11, selections: [{ id: home.id, odds: '2.40', version: 2 }] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(homePrice().getAttribute('aria-label')).toContain('赔率 1.80');
  });

  test('When the change says markets were added (reload), then the page reads the event again over HTTP', async () => {
    let reads = 0;
    server.use(
      http.get(at(sportsApi.sportsEvent), () => {
        reads += 1;
        return HttpResponse.json(ok(reads > 1 ? { ...match, version: 20, marketCount: 99 } : match));
      }),
    );
    const live = await openLive();
    // On opening, and again if the subscription was confirmed after that read (what was published in between is
    // not replayed): one or two reads, depending on which came first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = reads;
    expect(before).toBeGreaterThanOrEqual(1);
    act(() => live.publish(topic, { id: match.id, version: 11, reload: true }));
    await waitFor(() => expect(reads).toBe(before + 1));
  });
});

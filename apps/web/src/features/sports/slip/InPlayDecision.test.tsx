import { sportsApi } from '@jinb/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { resetRealtimeForTests } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { playRealtime } from '../../../shared/testing/realtime';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import SportsEventPage from '../routes/SportsEventPage';
import { betDetail, betView, bookHandlers, event, market } from '../sports.test-fixtures';
import { useSlip } from './slip-store';

const server = startMockApi();

const match = event({
  status: 'live',
  score: { home: 0, away: 0 },
  markets: [market({ type: '1x2' }, { home: '2.00', draw: '3.20', away: '3.80' })],
});

let detailAsked: number;

beforeEach(() => {
  useSession.getState().logout();
  useSlip.getState().clear();
  useSlip.setState({ stake: '', system: null });
  detailAsked = 0;
  server.use(...signedIn(), ...bookHandlers([match]));
});
afterEach(() => resetRealtimeForTests());

/** Places a single on the home side; the book holds it (status pending), with these extra fields on its answer. */
async function placeHeldBet(extra: Record<string, unknown>) {
  server.use(
    http.post(at(sportsApi.placeBet), () =>
      HttpResponse.json(ok({ ...betView({ id: '7001', orderNo: 'S20261125007001', status: 'pending' }), ...extra })),
    ),
  );
  const member = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<SportsEventPage />, { route: `${paths.sports}?event=${match.id}` });
  await member.click(await screen.findByRole('button', { name: /独赢 主 赔率 2.00/ }));
  await member.click(screen.getByRole('button', { name: '打开投注单' }));
  await member.type(await screen.findByRole('textbox', { name: '每注金额' }), '10');
  await member.click(screen.getByRole('button', { name: '投注' }));
  await member.click(await screen.findByRole('button', { name: '确认投注' }));
  return screen.findByRole('heading', { name: '滚球投注确认中' });
}

function answerDetail(status: 'pending' | 'open' | 'refused', after = 0) {
  server.use(
    http.get(at(sportsApi.betDetail), () => {
      detailAsked += 1;
      return HttpResponse.json(
        ok(betDetail({ id: '7001', status: detailAsked > after ? status : 'pending', payout: null })),
      );
    }),
  );
}

describe('an in-play bet in the slip', () => {
  test('When the book holds the bet for its delay, then a countdown runs, and after it the bet is asked for: it stands', async () => {
    answerDetail('open', 1);
    const heading = await placeHeldBet({ delay: 2 });
    const block = heading.closest('section')!;
    expect(block.textContent).toMatch(/[12] 秒后确认/);
    expect(within(block).getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByText('投注成功')).toBeNull();
    // Not asked while counting down: the decision cannot come earlier.
    expect(detailAsked).toBe(0);

    expect(await screen.findByRole('heading', { name: '投注成功' }, { timeout: 5_000 })).toBeTruthy();
    expect(detailAsked).toBe(2);
    expect(screen.getByText(/注单号 S20261125007001/)).toBeTruthy();
  }, 10_000);

  test('When the delay is not known, then the seconds waited show; the bets topic says it was refused', async () => {
    answerDetail('pending');
    const live = playRealtime(server);
    const heading = await placeHeldBet({});
    const block = heading.closest('section')!;
    expect(block.textContent).toContain('已等待 0 秒');
    expect(within(block).getByRole('progressbar', { name: '滚球投注确认中' })).toBeTruthy();
    await live.subscribed('bets');
    expect(live.frames[0]).toEqual({ op: 'auth', t: 'token' });

    act(() => live.publish('bets', { id: '7001', status: 'refused' }));
    expect(await screen.findByRole('heading', { name: '投注被拒绝，本金已退回' })).toBeTruthy();
  });
});

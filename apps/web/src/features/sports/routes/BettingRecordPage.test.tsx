import { api, dateRangeFor, sportsApi } from '@jinb/contract';
import type { BetView } from '@jinb/contract/sports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { CASHOUT_PATH } from '../cashout/cashout.api';
import { betDetail, betView, config, preInfo } from '../sports.test-fixtures';
import BettingDetailPage from './BettingDetailPage';
import BettingRecordPage from './BettingRecordPage';

const server = startMockApi();

const leg = betView().legs[0]!;
const parlay: BetView = betView({
  id: '9002',
  type: 'parlay',
  status: 'settled',
  stake: '10.0000',
  totalStake: '10.0000',
  potentialPayout: '38.9500',
  payout: '29.5000',
  settledAt: '2030-05-01T14:00:00Z',
  legs: [
    {
      ...leg,
      selectionId: '601',
      type: 'ah',
      line: '-0.25',
      odds: '1.95',
      outcome: 'half_win',
      score: { home: 1, away: 0 },
    },
    {
      ...leg,
      selectionId: '602',
      home: '皇马',
      away: '马竞',
      odds: '2.00',
      outcome: 'win',
      score: { home: 2, away: 1 },
    },
  ],
});

let asked: URLSearchParams[];

beforeEach(() => {
  useSession.getState().logout();
  asked = [];
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
    http.get(at(sportsApi.sportsConfig), () => HttpResponse.json(ok(config))),
    // Open bets ask for a cash-out quote; these are not offered one (cash out has its own tests).
    http.get(at(CASHOUT_PATH), () =>
      HttpResponse.json(
        { status: false, data: '该注单暂不支持提前结算', code: 'CASHOUT_UNAVAILABLE' },
        { status: 409 },
      ),
    ),
    http.get(at(sportsApi.bets), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const list = query.get('status') === 'settled' ? [parlay] : [betView()];
      const totals =
        query.get('status') === 'settled'
          ? { stake: '10.0000', payout: '29.5000', net: '19.5000' }
          : { stake: '10.0000', payout: '0.0000', net: '0.0000' };
      return HttpResponse.json(ok({ list, total: list.length, page: 1, size: 20, totals }));
    }),
  );
});

describe('BettingRecordPage', () => {
  test('When it opens, then the open bets show with their stake and what they can win', async () => {
    renderPage(<BettingRecordPage />, { route: paths.bettingRecord });

    const row = await screen.findByRole('link', { name: /曼城 vs 阿森纳/ });
    expect(asked[0]!.get('status')).toBe('open');
    expect(row.getAttribute('href')).toBe(`${paths.bettingDetail}?id=9001`);
    expect(row.textContent).toContain('单注');
    expect(row.textContent).toContain('待结算');
    expect(row.textContent).toContain('独赢 主 @1.85');
    expect(row.textContent).toContain('投注额 ¥10.00');
    expect(row.textContent).toContain('可赢金额 ¥18.50');
    // 08:00 UTC is 16:00 on the platform's clock.
    expect(row.textContent).toContain('2030-05-01 16:00');
    // Nothing is paid, won or lost while the bets are open.
    expect(screen.getByText('投注额', { selector: 'dt' }).nextElementSibling!.textContent).toBe('¥10.00');
    expect(screen.getByText('派彩', { selector: 'dt' }).nextElementSibling!.textContent).toBe('--');
    expect(screen.getByText('输赢', { selector: 'dt' }).nextElementSibling!.textContent).toBe('--');
  });

  test('When 已结算 and a date preset are picked, then settled bets of that range show with the totals', async () => {
    const member = userEvent.setup();
    renderPage(<BettingRecordPage />, { route: paths.bettingRecord });
    await screen.findByRole('link', { name: /曼城 vs 阿森纳/ });

    await member.click(screen.getByRole('tab', { name: '已结算' }));
    await member.click(screen.getByRole('button', { name: '近7天' }));

    const week = dateRangeFor(2, new Date(), 'Asia/Shanghai');
    await waitFor(() => expect(asked.at(-1)!.get('startTime')).toBe(week.startTime));
    expect(asked.at(-1)!.get('status')).toBe('settled');
    expect(asked.at(-1)!.get('endTime')).toBe(week.endTime);
    const row = await screen.findByRole('link', { name: /串关 2串1/ });
    expect(row.textContent).toContain('赢');
    expect(row.textContent).toContain('派彩 ¥29.50');
    expect(row.textContent).toContain('+¥19.50');
    const totals = screen.getByText('输赢').parentElement!.parentElement!;
    expect(within(totals).getByText('投注额').nextElementSibling!.textContent).toBe('¥10.00');
    expect(within(totals).getByText('派彩').nextElementSibling!.textContent).toBe('¥29.50');
    expect(within(totals).getByText('输赢').nextElementSibling!.textContent).toBe('+¥19.50');
  });

  test('When there are no bets, then it says so', async () => {
    server.use(
      http.get(at(sportsApi.bets), () =>
        HttpResponse.json(
          ok({ list: [], total: 0, page: 1, size: 20, totals: { stake: '0.0000', payout: '0.0000', net: '0.0000' } }),
        ),
      ),
    );
    renderPage(<BettingRecordPage />, { route: paths.bettingRecord });

    expect(await screen.findByText('暂无未结算注单')).toBeTruthy();
  });
});

describe('BettingRecordPage, in-play and cash-out statuses', () => {
  test('When 已拒绝 or 已提前结算 is picked, then bets of that status are asked for and say what happened', async () => {
    server.use(
      http.get(at(sportsApi.bets), ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        asked.push(new URL(request.url).searchParams);
        const bet =
          status === 'refused'
            ? betView({ id: '9101', status: 'refused', payout: '10.0000' })
            : betView({ id: '9102', status: 'cashed_out', payout: '8.2000', settledAt: '2030-05-01T13:00:00Z' });
        const totals = { stake: '10.0000', payout: bet.payout!, net: '0.0000' };
        return HttpResponse.json(ok({ list: [bet], total: 1, page: 1, size: 20, totals }));
      }),
    );
    const member = userEvent.setup();
    renderPage(<BettingRecordPage />, { route: paths.bettingRecord });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '未结算',
      '确认中',
      '已结算',
      '已提前结算',
      '已拒绝',
    ]);

    await member.click(screen.getByRole('tab', { name: '已拒绝' }));
    const refused = await screen.findByRole('link', { name: /已拒绝/ });
    expect(asked.at(-1)!.get('status')).toBe('refused');
    expect(refused.textContent).toContain('派彩 ¥10.00');

    await member.click(screen.getByRole('tab', { name: '已提前结算' }));
    const cashed = await screen.findByRole('link', { name: /已提前结算/ });
    expect(asked.at(-1)!.get('status')).toBe('cashed_out');
    expect(cashed.textContent).toContain('派彩 ¥8.20');
    expect(cashed.textContent).toContain('-¥1.80');
  });
});

describe('BettingDetailPage', () => {
  test('When a settled parlay is opened, then every leg shows its result and score, and the payout is worked out', async () => {
    server.use(
      http.get(at(sportsApi.betDetail), () =>
        HttpResponse.json(
          ok(
            betDetail({
              ...parlay,
              lines: [{ legs: [0, 1], stake: '10.0000', odds: '3.90', potentialPayout: '38.9500', payout: '29.5000' }],
              turnover: '5.0000',
            }),
          ),
        ),
      ),
    );
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=9002` });

    const legs = await screen.findByRole('region', { name: '投注项' });
    const [first, second] = within(legs).getAllByRole('listitem');
    expect(first!.textContent).toContain('让球 主 -0.25 @1.95');
    expect(first!.textContent).toContain('赢半');
    expect(first!.textContent).toContain('赛果 1-0');
    expect(second!.textContent).toContain('皇马 vs 马竞');
    expect(second!.textContent).toContain('赢');
    // A half win pays (1.95 + 1) / 2 = 1.475 on its stake: 10 x 1.475 x 2.00 = 29.50.
    const lines = screen.getByRole('region', { name: '派彩计算' });
    expect(lines.textContent).toContain('¥10.00 × 1.475 × 2 = ¥29.50');
    expect(screen.getByText('有效投注').nextElementSibling!.textContent).toBe('¥5.00');
    expect(screen.getByText('派彩', { selector: 'p' }).nextElementSibling!.textContent).toBe('¥29.50');
  });

  test('When an open system bet is opened, then each line shows what it can win', async () => {
    const legs = [0, 1, 2].map((index) => ({
      ...leg,
      selectionId: String(700 + index),
      odds: ['2.00', '3.00', '1.50'][index]!,
    }));
    server.use(
      http.get(at(sportsApi.betDetail), () =>
        HttpResponse.json(
          ok(
            betDetail({
              id: '9003',
              type: 'system',
              system: '2/3',
              stake: '10.0000',
              lineCount: 3,
              totalStake: '30.0000',
              potentialPayout: '135.0000',
              legs,
              lines: [
                { legs: [0, 1], stake: '10.0000', odds: '6.00', potentialPayout: '60.0000', payout: null },
                { legs: [0, 2], stake: '10.0000', odds: '3.00', potentialPayout: '30.0000', payout: null },
                { legs: [1, 2], stake: '10.0000', odds: '4.50', potentialPayout: '45.0000', payout: null },
              ],
            }),
          ),
        ),
      ),
    );
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=9003` });

    expect(await screen.findByRole('heading', { name: '复式 2串1' })).toBeTruthy();
    const lines = within(screen.getByRole('region', { name: '派彩计算' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '第1注¥10.00 × 2.00 × 3.00 = ¥60.00 (可赢)',
      '第2注¥10.00 × 2.00 × 1.50 = ¥30.00 (可赢)',
      '第3注¥10.00 × 3.00 × 1.50 = ¥45.00 (可赢)',
    ]);
    expect(screen.getByText('总投注额').nextElementSibling!.textContent).toBe('¥30.00 (共3注)');
  });

  test('When a bet is opened, then its number is the order number of the transaction records, and that is what is copied', async () => {
    server.use(
      http.get(at(sportsApi.betDetail), () =>
        HttpResponse.json(ok(betDetail({ ...parlay, id: '1', orderNo: 'S20261125000001' }))),
      ),
    );
    // user-event puts its own clipboard on navigator at setup; ours goes in after it.
    const member = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=1` });

    const number = await screen.findByText('注单号');
    expect(number.nextElementSibling!.textContent).toBe('S20261125000001复制');
    await member.click(screen.getByRole('button', { name: '复制注单号' }));
    expect(writeText).toHaveBeenLastCalledWith('S20261125000001');
    expect(await screen.findByText('复制成功')).toBeTruthy();
  });

  test('When the bet does not exist, then it says so with the way back', async () => {
    server.use(
      http.get(at(sportsApi.betDetail), () =>
        HttpResponse.json({ status: false, data: '记录不存在', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=1` });

    expect(await screen.findByText('注单不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回投注记录' })).toBeTruthy();
  });
});

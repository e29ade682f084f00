import { api, sportsApi } from '@jinb/contract';
import type { BetView } from '@jinb/contract/sports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import SportsHomePage from '../routes/SportsHomePage';
import { betView, bookHandlers, event, market } from '../sports.test-fixtures';
import { useSlip } from './slip-store';

const server = startMockApi();

const city = event({
  home: '曼城',
  away: '阿森纳',
  markets: [
    market({ type: '1x2' }, { home: '2.05', draw: '3.40', away: '3.60' }),
    market({ type: 'ou', line: '2.5' }, { over: '1.92', under: '1.93' }),
  ],
});
const madrid = event({
  competition: { id: '2', name: '西甲' },
  home: '皇马',
  away: '马竞',
  markets: [market({ type: '1x2' }, { home: '1.90', draw: '3.30', away: '4.00' })],
});
const milan = event({
  competition: { id: '3', name: '意甲' },
  home: '米兰',
  away: '国米',
  markets: [market({ type: '1x2' }, { home: '1.50', draw: '3.80', away: '5.50' })],
});

type Sent = { body: Record<string, unknown>; key: string | null };
let sent: Sent[];

function acceptBets(answer: (body: Record<string, unknown>, count: number) => Response) {
  server.use(
    http.post(at(sportsApi.placeBet), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ body, key: request.headers.get('idempotency-key') });
      return answer(body, sent.length);
    }),
  );
}

const accepted = (fields: Partial<BetView> = {}) => HttpResponse.json(ok(betView(fields)));

beforeEach(() => {
  useSession.getState().logout();
  useSlip.getState().clear();
  useSlip.setState({ stake: '', system: null });
  sent = [];
  server.use(...bookHandlers([city, madrid, milan]));
});

/** The slip's sheet slides in, inert to the pointer while it moves; a member's finger lands after it stops. */
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function pick(member: ReturnType<typeof setup>, name: RegExp) {
  await member.click(await screen.findByRole('button', { name }));
}

async function openSlip(member: ReturnType<typeof setup>) {
  await member.click(screen.getByRole('button', { name: '打开投注单' }));
  return screen.findByRole('tablist', { name: '投注单' });
}

async function typeStake(member: ReturnType<typeof setup>, stake: string) {
  const box = screen.getByRole('textbox', { name: '每注金额' });
  await member.clear(box);
  await member.type(box, stake);
}

/** The slip's footer: its line count, total stake and potential payout, as the member reads them. */
function totals() {
  const payout = screen.getByText('可赢金额').nextElementSibling?.textContent;
  const stake = screen.getByText('总投注').nextElementSibling?.textContent;
  return { stake, payout };
}

describe('the bet slip', () => {
  test('When two events are picked, then a parlay’s payout shows as the stake is typed, and singles pay each', async () => {
    server.use(...signedIn());
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });

    await pick(member, /曼城 对 阿森纳 独赢 主 赔率 2.05/);
    await pick(member, /皇马 对 马竞 独赢 主 赔率 1.90/);
    expect(screen.getByRole('button', { name: '打开投注单' }).textContent).toContain('2');
    const tabs = await openSlip(member);
    expect(within(tabs).getByRole('tab', { name: '串关' }).getAttribute('aria-selected')).toBe('true');

    await typeStake(member, '10');
    // 10 x 2.05 x 1.90 = 38.95
    expect(totals()).toEqual({ stake: '¥10.00', payout: '¥38.95' });

    await member.click(within(tabs).getByRole('tab', { name: '单注' }));
    // Two singles of 10: 20.50 + 19.00
    expect(totals()).toEqual({ stake: '¥20.00', payout: '¥39.50' });
    expect(screen.getByRole('button', { name: '投注 2 单' })).toBeTruthy();
  });

  test('When three events are picked, then the system tab offers 2/3 and the full covers with their lines', async () => {
    server.use(...signedIn());
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await pick(member, /皇马 对 马竞 独赢 主/);
    await pick(member, /米兰 对 国米 独赢 主/);
    const tabs = await openSlip(member);

    await member.click(within(tabs).getByRole('tab', { name: '复式' }));
    await typeStake(member, '10');

    const systems = screen.getByRole('group', { name: '复式类型' });
    expect(
      within(systems)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['2串1共3注', '三串四共4注', '三串七共7注']);
    // Doubles 2.05x1.90 + 2.05x1.50 + 1.90x1.50 = 3.895 + 3.075 + 2.85, at 10 each.
    expect(totals()).toEqual({ stake: '¥30.00', payout: '¥98.20' });
    await member.click(within(systems).getByRole('button', { name: /三串四/ }));
    // Plus the treble 2.05 x 1.90 x 1.50 = 5.8425.
    expect(totals()).toEqual({ stake: '¥40.00', payout: '¥156.62' });
  });

  test('When two picks come from one event, then they cannot be a parlay, and the slip says why', async () => {
    server.use(...signedIn());
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await pick(member, /曼城 对 阿森纳 大小 大 2.5/);
    await openSlip(member);
    await typeStake(member, '10');

    expect(screen.getByRole('alert').textContent).toBe('同一场比赛的选项不能串在一起，请在单注中投注或移除其中一项');
    expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);

    await member.click(screen.getByRole('tab', { name: '单注' }));
    expect((screen.getByRole('button', { name: '投注 2 单' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('When a bet is confirmed, then it is sent once with its key and the member sees it accepted, with a way to it', async () => {
    server.use(...signedIn());
    acceptBets(() =>
      accepted({
        id: '9001',
        orderNo: 'S20261125009001',
        type: 'parlay',
        totalStake: '10.0000',
        potentialPayout: '38.9500',
      }),
    );
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await pick(member, /皇马 对 马竞 独赢 主/);
    await openSlip(member);
    await typeStake(member, '10');

    await member.click(screen.getByRole('button', { name: '投注' }));
    expect(await screen.findByRole('heading', { name: '确认投注' })).toBeTruthy();
    expect(sent).toEqual([]);
    await member.click(screen.getByRole('button', { name: '确认投注' }));

    expect(await screen.findByText('投注成功')).toBeTruthy();
    // The number of the transaction records, not the row id (the link still takes the id).
    expect(screen.getByText('注单号 S20261125009001')).toBeTruthy();
    expect(screen.queryByText('注单号 9001')).toBeNull();
    expect(screen.getByRole('link', { name: '查看注单' }).getAttribute('href')).toBe(`${paths.bettingDetail}?id=9001`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      type: 'parlay',
      stake: '10',
      legs: [
        { selectionId: city.markets[0]!.selections[0]!.id, odds: '2.05' },
        { selectionId: madrid.markets[0]!.selections[0]!.id, odds: '1.90' },
      ],
      acceptOdds: 'none',
    });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(useSlip.getState().legs).toEqual([]);
  });

  test('When the price moved, then the new prices show marked, one tap accepts them and the bet goes at them', async () => {
    server.use(...signedIn());
    const moved = city.markets[0]!.selections[0]!;
    acceptBets((_body, count) =>
      count === 1
        ? HttpResponse.json(
            {
              status: false,
              data: '赔率已变化，请确认新赔率后再投注',
              code: 'ODDS_CHANGED',
              detail: {
                legs: [
                  { selectionId: moved.id, odds: '1.95', version: 2, status: 'open' },
                  { selectionId: madrid.markets[0]!.selections[0]!.id, odds: '1.90', version: 1, status: 'open' },
                ],
              },
            },
            { status: 409 },
          )
        : accepted(),
    );
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await pick(member, /皇马 对 马竞 独赢 主/);
    await openSlip(member);
    await typeStake(member, '10');
    await member.click(screen.getByRole('button', { name: '投注' }));
    await member.click(await screen.findByRole('button', { name: '确认投注' }));

    expect(await screen.findByText('赔率已变化，请确认新赔率后再投注')).toBeTruthy();
    // The refusal shows the pick that moved with its new price, before the member accepts it.
    const refusal = screen.getByRole('alert');
    expect(within(refusal).getByText(/1\.95/)).toBeTruthy();
    expect(within(refusal).queryByText(/皇马/)).toBeNull();
    await member.click(screen.getByRole('button', { name: '接受新赔率' }));

    // Back on the slip at the new price: 10 x 1.95 x 1.90 = 37.05.
    expect(await screen.findByText('@ 1.95')).toBeTruthy();
    expect(totals().payout).toBe('¥37.05');
    await member.click(screen.getByRole('button', { name: '投注' }));
    await member.click(await screen.findByRole('button', { name: '确认投注' }));

    expect(await screen.findByText('投注成功')).toBeTruthy();
    expect((sent[1]!.body.legs as Array<{ odds: string }>)[0]!.odds).toBe('1.95');
    // A different bet (new odds), so a new key.
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  test('When a price moved on the page before the bet, then the slip shows it moved and waits for the member', async () => {
    server.use(...signedIn());
    const member = setup();
    const { queryClient } = renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主 赔率 2.05/);
    const selection = city.markets[0]!.selections[0]!;
    server.use(
      http.get(at(sportsApi.sportsEvents), () => {
        const newer = {
          ...city,
          version: 2,
          markets: city.markets.map((item, index) =>
            index === 0
              ? {
                  ...item,
                  selections: item.selections.map((s) =>
                    s.id === selection.id ? { ...s, odds: '2.20', version: 2 } : s,
                  ),
                }
              : item,
          ),
        };
        const { halfTime: _h, sets: _s, ...rest } = newer;
        return HttpResponse.json(ok([rest]));
      }),
    );
    await queryClient.refetchQueries();
    await openSlip(member);
    await typeStake(member, '10');

    expect(screen.getByText('原 2.05')).toBeTruthy();
    expect(screen.getByText('2.20 ▲')).toBeTruthy();
    expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);

    // Under "accept higher odds" a better price needs no second look.
    await member.selectOptions(screen.getByRole('combobox', { name: '赔率变化时' }), '只接受更高赔率');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  test('When the answer never came, then sending the same slip again uses the same key, so it cannot bet twice', async () => {
    server.use(...signedIn());
    acceptBets((_body, count) => (count === 1 ? HttpResponse.error() : accepted()));
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await openSlip(member);
    await typeStake(member, '10');
    await member.click(screen.getByRole('button', { name: '投注' }));
    await member.click(await screen.findByRole('button', { name: '确认投注' }));
    expect(await screen.findByText('投注未成功')).toBeTruthy();

    await member.click(screen.getByRole('button', { name: '返回修改' }));
    await member.click(screen.getByRole('button', { name: '投注' }));
    await member.click(await screen.findByRole('button', { name: '确认投注' }));

    expect(await screen.findByText('投注成功')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  test('When the stake is more than the balance, then the slip says so with a way to deposit', async () => {
    server.use(...signedIn(), ...bookHandlers([city, madrid, milan], { balance: '5.0000' }));
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await openSlip(member);
    await typeStake(member, '10');

    const short = await screen.findByText('余额不足');
    expect(within(short).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe(paths.deposit);
    expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('When the book refuses for want of funds, then the answer leads to a deposit', async () => {
    server.use(...signedIn());
    acceptBets(() =>
      HttpResponse.json({ status: false, data: '余额不足', code: 'INSUFFICIENT_FUNDS' }, { status: 409 }),
    );
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await openSlip(member);
    await typeStake(member, '10');
    await member.click(screen.getByRole('button', { name: '投注' }));
    await member.click(await screen.findByRole('button', { name: '确认投注' }));

    expect(await screen.findByText('投注未成功')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe(paths.deposit);
  });

  test('When a market was suspended, then its pick is marked and can be taken off in one tap', async () => {
    server.use(...signedIn());
    const suspended = madrid.markets[0]!.selections[0]!;
    acceptBets(() =>
      HttpResponse.json(
        {
          status: false,
          data: '盘口暂停投注，请稍后再试',
          code: 'MARKET_SUSPENDED',
          detail: { legs: [{ selectionId: suspended.id, odds: '1.90', version: 1, status: 'suspended' }] },
        },
        { status: 409 },
      ),
    );
    const member = setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await pick(member, /皇马 对 马竞 独赢 主/);
    await openSlip(member);
    await typeStake(member, '10');
    await member.click(screen.getByRole('button', { name: '投注' }));
    await member.click(await screen.findByRole('button', { name: '确认投注' }));

    await member.click(await screen.findByRole('button', { name: '移除失效选项' }));

    expect(useSlip.getState().legs.map((leg) => leg.selectionId)).toEqual([city.markets[0]!.selections[0]!.id]);
    expect(screen.getByRole('tab', { name: '单注' }).getAttribute('aria-selected')).toBe('true');
  });

  test('When a visitor opens the slip, then betting starts with signing in and comes back here', async () => {
    server.use(http.get(at(api.balance), () => HttpResponse.json({ status: false, data: 'token' })));
    const member = setup();
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=football&list=today` });
    await pick(member, /曼城 对 阿森纳 独赢 主/);
    await openSlip(member);

    expect(screen.getByRole('link', { name: '登录后投注' }).getAttribute('href')).toBe(
      `${paths.login}?redirect=${encodeURIComponent(`${paths.sports}?sport=football&list=today`)}`,
    );
  });
});

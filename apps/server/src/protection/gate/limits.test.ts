import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWindow, stepUntil } from '../../casino/casino-fixtures';
import type { Dealer } from '../../casino/dealer';
import { AppError } from '../../shared/app-error';
import { fixtureMembers, mainOf } from '../../sports/settlement/bet-fixtures';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { testVendors, vendorWalletCall } from '../../test/vendor-fixtures';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';
import { periodSpan } from '../periods';
import { placeBet, selectionOf, setLimits } from './gate-fixtures';

const TZ = 'Asia/Shanghai';
const YUAN = 10_000n;
const VENDORS = testVendors();

describe.each(testDatabases)('the limits a member set, where money moves, on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let dealer: Dealer;
  let round: bigint;
  let events: FixtureEvent[];
  // The gate's clock: the session-time test moves it forward; everything else runs at the real time.
  let offsetMs = 0;
  beforeAll(async () => {
    sut = await createTestApp(kind, {
      env: { VENDORS, PLATFORM_TIMEZONE: TZ },
      clock: () => new Date(Date.now() + offsetMs),
    });
    desk = await operator(sut);
    events = await Promise.all([1, 2, 3].map(() => insertEvent(sut.container.db)));
    dealer = sut.container.casino.dealer({ resultMs: 0, chainLength: 20 });
    await setWindow(sut, 'BAC1', 600_000);
    round = await stepUntil(dealer, sut, 'BAC1', 'betting');
  }, 120_000);
  afterAll(async () => {
    await dealer?.stop();
    await sut?.close();
  });

  async function funded(amount: string) {
    const member = await walletMember(sut, { card: false });
    if (amount !== '0') await desk.credit(member.id, amount);
    return member;
  }
  const resets = (period: 'day' | 'week' | 'month') => {
    const end = periodSpan(period, new Date(), TZ).end;
    return { text: formatDateTime(end, TZ).slice(0, 16), iso: end.toISOString() };
  };
  const deposit = (member: { headers: Record<string, string> }, amount: string) =>
    sut.post(
      '/api/f/v1/wallet/deposit',
      { channel: 'alipay', amount },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
  const casinoBet = (memberId: bigint, amount: bigint, key = randomUUID()) =>
    sut.container.casino.placement
      .place(memberId, key, { table: 'BAC1', roundId: String(round), bets: [{ spot: 'banker', amount }] })
      .then(
        () => 'accepted',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );

  const vendor = async (action: string, body: object) => (await vendorWalletCall(sut, action, body)).body;

  it('refuses the deposit order above a daily deposit limit, saying which limit and when it resets', async () => {
    const member = await funded('0');
    await setLimits(sut.container.db, member.id, { depositDay: 1000 });
    expect((await deposit(member, '600')).json()).toMatchObject({ status: true });
    // The first order is still pending: it counts, so a second order cannot slip past the limit beside it.
    const refused = await deposit(member, '500');
    const { text, iso } = resets('day');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: false,
      code: 'DEPOSIT_LIMIT_DAY',
      data: `已达到您设定的每日充值限额（1000.00），${text} 后可再充值`,
      detail: { limit: 'depositDay', value: '1000.0000', used: '600.0000', resetsAt: iso },
    });
    expect((await deposit(member, '400')).json()).toMatchObject({ status: true });
  });

  it('counts a weekly deposit limit over the week from Monday, and a member without limits deposits freely', async () => {
    const limited = await funded('0');
    await setLimits(sut.container.db, limited.id, { depositWeek: 300 });
    const refused = (await deposit(limited, '300.01')).json();
    expect(refused).toMatchObject({ code: 'DEPOSIT_LIMIT_WEEK', detail: { resetsAt: resets('week').iso } });
    const free = await funded('0');
    expect((await deposit(free, '5000')).json()).toMatchObject({ status: true });
  });

  it('refuses the sports bet above the single-stake limit, counting every line of a system bet', async () => {
    const member = await funded('1000');
    await setLimits(sut.container.db, member.id, { stakeMax: 50 });
    const [a, b, c] = events.map((event) => selectionOf(event)) as [string, string, string];
    const single = await placeBet(sut, member.headers, { stake: '60', legs: [a] });
    expect(single.json()).toEqual({
      status: false,
      code: 'STAKE_LIMIT',
      data: '单笔投注不能超过您设定的限额（50.00）',
      detail: { limit: 'stakeMax', value: '50.0000', used: '60.0000', resetsAt: null },
    });
    // 2/3 has three lines: 20 a line is 60 at stake.
    const system = await placeBet(sut, member.headers, { type: 'system', system: '2/3', stake: '20', legs: [a, b, c] });
    expect(system.json()).toMatchObject({ code: 'STAKE_LIMIT' });
    expect((await placeBet(sut, member.headers, { stake: '50', legs: [a] })).json()).toMatchObject({ status: true });
    expect(await mainBalance(sut, member.token)).toBe('950.0000');
  });

  it('refuses the sports bet that could take the day past the loss limit (its stake counted as lost)', async () => {
    const member = await funded('1000');
    await setLimits(sut.container.db, member.id, { lossDay: 250 });
    const leg = [selectionOf(events[0] as FixtureEvent)];
    expect((await placeBet(sut, member.headers, { stake: '100', legs: leg })).json().status).toBe(true);
    expect((await placeBet(sut, member.headers, { stake: '100', legs: leg })).json().status).toBe(true);
    const refused = await placeBet(sut, member.headers, { stake: '100', legs: leg });
    const { text, iso } = resets('day');
    expect(refused.json()).toEqual({
      status: false,
      code: 'LOSS_LIMIT_DAY',
      data: `本次投注将超过您设定的每日亏损限额（250.00），${text} 后重新计算`,
      detail: { limit: 'lossDay', value: '250.0000', used: '200.0000', resetsAt: iso },
    });
    expect((await placeBet(sut, member.headers, { stake: '50', legs: leg })).json().status).toBe(true);
    expect(await mainBalance(sut, member.token)).toBe('750.0000');
  });

  it('refuses the house-table bet above the stake limit or past the loss limit', async () => {
    const [memberId] = (await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 1, 1_000n * YUAN)) as [
      bigint,
    ];
    await setLimits(sut.container.db, memberId, { stakeMax: 100, lossWeek: 150 });
    expect(await casinoBet(memberId, 120n * YUAN)).toBe('STAKE_LIMIT');
    const first = randomUUID();
    expect(await casinoBet(memberId, 100n * YUAN, first)).toBe('accepted');
    expect(await casinoBet(memberId, 60n * YUAN)).toBe('LOSS_LIMIT_WEEK');
    expect(await casinoBet(memberId, 50n * YUAN)).toBe('accepted');
    // The week's limit is used up; a retry of the first action still gets its answer, and moves nothing.
    expect(await casinoBet(memberId, 100n * YUAN, first)).toBe('accepted');
    expect(await mainOf(sut.container.wallet.ledger, memberId)).toBe(850n * YUAN);
  });

  it('refuses the seamless debit that would pass a limit in the vendor protocol, and counts its wins back', async () => {
    const member = await funded('100');
    const player = `p${member.id}`;
    await setLimits(sut.container.db, member.id, { stakeMax: 25, lossMonth: 50 });
    let n = 0;
    const bet = (amount: string) => vendor('bet', { player, txId: `b-${kind}-${member.id}-${++n}`, amount });
    expect(await bet('30')).toEqual({ code: 'PLAYER_LIMIT', balance: '100.0000', txId: expect.any(String) });
    const first = `b-${kind}-${member.id}-${n + 1}`;
    expect((await bet('20')).code).toBe('OK');
    expect((await bet('20')).code).toBe('OK');
    expect((await bet('20')).code).toBe('PLAYER_LIMIT');
    // A win of 15 brings the month's loss to 25: 20 more fits.
    expect((await vendor('win', { player, txId: `w-${first}`, betTxId: first, amount: '15' })).code).toBe('OK');
    expect((await bet('20')).code).toBe('OK');
    expect(await mainBalance(sut, member.token)).toBe('55.0000');
  });

  it('refuses a transfer to a venue past the loss limit, and never a recall back to main', async () => {
    const member = await funded('500');
    await setLimits(sut.container.db, member.id, { lossDay: 100 });
    const transfer = (from: string, to: string, amount: string) =>
      sut.post(
        '/api/f/v1/wallet/transfer',
        { from, to, amount },
        { ...member.headers, 'idempotency-key': randomUUID() },
      );
    const venues = (await sut.get('/api/game/walletlist', member.headers)).json().data as Array<{ code: string }>;
    const venue = venues[0]?.code as string;
    expect((await transfer('main', venue, '150')).json()).toMatchObject({ code: 'LOSS_LIMIT_DAY' });
    expect((await transfer('main', venue, '80')).json()).toMatchObject({ status: true });
    expect((await transfer(venue, 'main', '80')).json()).toMatchObject({ status: true });
    expect(await mainBalance(sut, member.token)).toBe('500.0000');
  });

  it('answers a retried transfer with the one its key made, though the limit has filled since', async () => {
    const member = await funded('500');
    await setLimits(sut.container.db, member.id, { lossDay: 100 });
    const venues = (await sut.get('/api/game/walletlist', member.headers)).json().data as Array<{ code: string }>;
    const venue = venues[0]?.code as string;
    const key = randomUUID();
    const send = () =>
      sut.post(
        '/api/f/v1/wallet/transfer',
        { from: 'main', to: venue, amount: '80' },
        {
          ...member.headers,
          'idempotency-key': key,
        },
      );
    const first = (await send()).json();
    expect(first).toMatchObject({ status: true });
    // 80 more would pass the limit of 100: a new transfer is refused, the same one is answered again.
    const again = (await send()).json();
    expect(again).toMatchObject({ status: true, data: { id: first.data.id } });
    expect(await mainBalance(sut, member.token)).toBe('420.0000');
  });

  it('refuses bets and deposits once the session is older than the session-time limit', async () => {
    const member = await funded('100');
    await setLimits(sut.container.db, member.id, { sessionMinutes: 30 });
    const leg = [selectionOf(events[1] as FixtureEvent)];
    expect((await placeBet(sut, member.headers, { stake: '10', legs: leg })).json().status).toBe(true);
    offsetMs = 31 * 60_000;
    try {
      const refused = (await placeBet(sut, member.headers, { stake: '10', legs: leg })).json();
      expect(refused).toMatchObject({
        status: false,
        code: 'SESSION_TIME_LIMIT',
        data: '本次登录已达到您设定的时长上限（30分钟），请退出休息后再来',
        detail: { limit: 'sessionMinutes', value: 30 },
      });
      expect((await deposit(member, '100')).json()).toMatchObject({ code: 'SESSION_TIME_LIMIT' });
    } finally {
      offsetMs = 0;
    }
  });

  it('accepts exactly as many of 20 parallel bets as the loss limit fits', async () => {
    const member = await funded('5000');
    await setLimits(sut.container.db, member.id, { lossDay: 700 });
    const leg = [selectionOf(events[2] as FixtureEvent)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => placeBet(sut, member.headers, { stake: '100', legs: leg })),
    );
    const codes = answers.map((answer) => (answer.json().status ? 'OK' : answer.json().code));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(7);
    expect(codes.filter((code) => code === 'LOSS_LIMIT_DAY')).toHaveLength(13);
    expect(await mainBalance(sut, member.token)).toBe('4300.0000');
  });
});

import { randomUUID } from 'node:crypto';
import type { CashoutQuote } from '@jinb/contract';
import type { SportsSettings } from '@jinb/contract/sports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, signedInOperator, walletMember } from '../../test/wallet-fixtures';
import { DEFAULT_SPORTS_SETTINGS } from '../sports-settings';
import { createCashoutService, PUSH_INTERVAL_MS } from './cashout.service';

type Member = Awaited<ReturnType<typeof walletMember>>;

const QUOTE = '/api/f/v1/sports/bets/cashout';

/**
 * Figures below are worked out by hand (exact fractions, truncated to 0.0001), not by the code under test. The
 * default event: 1x2 2.10 / 3.30 / 3.40, so home's chance without the overround is 0.443653...; 100.0000 on home
 * pays 210.0000, fair 93.1672, less the 5% margin 88.5088.
 */
describe.each(testDatabases)('cash out on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const db = () => sut.container.db;
  const ledger = () => sut.container.wallet.ledger;
  const selection = (event: FixtureEvent, side: string, market = 0) => {
    const id = event.markets[market]?.selections[side];
    if (id === undefined) throw new Error(`no ${side} in market ${market}`);
    return id;
  };

  async function funded(amount = '1000'): Promise<Member> {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, amount);
    return member;
  }

  async function place(
    member: Member,
    legs: Array<{ id: bigint; odds: string }>,
    stake = '100',
    type = 'single',
    system?: string,
  ) {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: { type, system, stake, legs: legs.map((leg) => ({ selectionId: String(leg.id), odds: leg.odds })) },
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });
    if (response.statusCode !== 200) throw new Error(`bet: ${response.body}`);
    return response.json().data.id as string;
  }

  /** A member with 1000.00 and 100.00 on home at 2.10 of a fresh event. */
  async function homeBet(stake = '100') {
    const event = await insertEvent(db());
    const member = await funded();
    const betId = await place(member, [{ id: selection(event, 'home'), odds: '2.10' }], stake);
    return { event, member, betId };
  }

  const quote = (member: Member, betId: string) => sut.get(`${QUOTE}?id=${betId}`, member.headers);

  async function quoted(member: Member, betId: string): Promise<CashoutQuote> {
    const response = await quote(member, betId);
    if (response.statusCode !== 200) throw new Error(`quote: ${response.body}`);
    return response.json().data;
  }

  function cashout(member: Member, body: Record<string, string>, key: string | null = randomUUID()) {
    return sut.post(QUOTE, body, { ...member.headers, ...(key === null ? {} : { 'idempotency-key': key }) });
  }

  /** Moves prices as trading does: under the event's lock, each moved selection a new version. */
  async function setPrices(prices: Record<string, string>) {
    await ledger().transaction(async (tx) => {
      for (const [id, odds] of Object.entries(prices)) {
        const scaled = BigInt(Math.round(Number(odds) * 10_000));
        await tx.execute(sql`update sports_selections set odds = ${scaled}, version = version + 1 where id = ${id}`);
      }
    });
  }

  async function betRow(betId: string) {
    const [row] = resultRows<{
      status: string;
      stake: string;
      total_stake: string;
      potential_payout: string;
      payout: string | null;
      turnover: string;
      needs_settlement: boolean;
    }>(
      await db().execute(sql`
        select status, stake::text as stake, total_stake::text as total_stake,
          potential_payout::text as potential_payout, payout::text as payout, turnover::text as turnover,
          needs_settlement
        from sports_bets where id = ${betId}`),
    );
    return row;
  }

  async function openBets(member: Member): Promise<bigint> {
    const accounts = await ledger().balances(BigInt(member.id));
    return accounts.find((account) => account.kind === 'bets')?.balance ?? 0n;
  }

  async function cashoutRows(betId: string): Promise<number> {
    const [row] = resultRows<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from sports_cashouts where bet_id = ${betId}`),
    );
    return Number(row?.n ?? 0);
  }

  async function expectLedgerBalanced() {
    expect(await ledger().check()).toMatchObject({
      unbalancedTransfers: 0,
      mismatchedAccounts: 0,
      negativeMemberAccounts: 0,
      sumOfAllBalances: 0n,
    });
  }

  async function saveSettings(change: Partial<SportsSettings>) {
    const current = (await desk.get('/api/admin/v1/sports/settings')).json().data as SportsSettings;
    return sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/sports/settings',
      payload: { ...current, ...change },
      headers: desk.headers,
    });
  }

  const homeWins = (event: FixtureEvent) =>
    sut.container.sports.settlement.recordResult(
      { feed: 'test' },
      event.id,
      { sport: 'football', ft: { home: 2, away: 0 } },
      { settle: 'now' },
    );

  it('quotes the fair value of the whole stake less the margin, and follows the prices', async () => {
    const { event, member, betId } = await homeBet();
    const before = Date.now();
    const first = await quoted(member, betId);
    expect(first).toMatchObject({ betId, stake: '100.0000', amount: '88.5088' });
    const expires = Date.parse(first.expiresAt) - before;
    expect(expires).toBeGreaterThan(9_000);
    expect(expires).toBeLessThanOrEqual(11_000);

    // 1x2 now 1.80 / 3.50 / 4.50: home's chance 0.522388..., fair 109.7014, less 5%.
    await setPrices({
      [String(selection(event, 'home'))]: '1.80',
      [String(selection(event, 'draw'))]: '3.50',
      [String(selection(event, 'away'))]: '4.50',
    });
    const second = await quoted(member, betId);
    expect(second.amount).toBe('104.2164');
    expect(second.quoteId).not.toBe(first.quoteId);
  });

  it('pays a full cash out once: the bet is cashed out, the result later changes nothing, the books balance', async () => {
    const { event, member, betId } = await homeBet();
    const { quoteId } = await quoted(member, betId);
    const key = randomUUID();
    const response = await cashout(member, { id: betId, quoteId }, key);
    expect(response.statusCode).toBe(200);
    const answer = response.json().data;
    expect(answer).toEqual({
      betId,
      status: 'cashed_out',
      stake: '100.0000',
      amount: '88.5088',
      remainingStake: '0.0000',
      potentialPayout: '0.0000',
    });
    expect(await mainBalance(sut, member.token)).toBe('988.5088');
    expect(await openBets(member)).toBe(0n);
    expect(await betRow(betId)).toMatchObject({ status: 'cashed_out', payout: '885088', turnover: '0' });
    // The member's wallet records: the stake and the cash out, both under the bet's order number.
    const records = (await sut.get('/api/f/v1/wallet/records?type=bet', member.headers)).json().data.list;
    expect(records).toEqual([
      expect.objectContaining({ type: 'bet', code: 'bet_cashout', amount: '88.5088', orderNo: records[1]?.orderNo }),
      expect.objectContaining({ type: 'bet', code: 'bet_stake', amount: '-100.0000' }),
    ]);
    expect(records[0].orderNo).toMatch(new RegExp(`^S\\d{8}0*${betId}$`));

    // The same key again: the same answer, nothing moves.
    const again = await cashout(member, { id: betId, quoteId }, key);
    expect(again.json().data).toEqual(answer);
    expect(await cashoutRows(betId)).toBe(1);

    // Home wins: the cashed-out bet is not flagged, not paid, and the event closes.
    await homeWins(event);
    expect(await betRow(betId)).toMatchObject({ status: 'cashed_out', payout: '885088', needs_settlement: false });
    expect(await mainBalance(sut, member.token)).toBe('988.5088');
    const [closed] = resultRows<{ status: string }>(
      await db().execute(sql`select status from sports_events where id = ${event.id}`),
    );
    expect(closed?.status).toBe('settled');
    expect((await quote(member, betId)).json()).toMatchObject({ status: false, code: 'CASHOUT_UNAVAILABLE' });
    await expectLedgerBalanced();
  });

  it('cashes a part at once and settles the rest later at the reduced stake, turnover on the rest only', async () => {
    const { event, member, betId } = await homeBet();
    const wagered = async () => {
      const [row] = resultRows<{ wagered: string }>(
        await db().execute(
          sql`select wagered::text as wagered from turnover_requirements where member_id = ${member.id}`,
        ),
      );
      return BigInt(row?.wagered ?? '0');
    };
    const wageredBefore = await wagered();
    const { quoteId } = await quoted(member, betId);
    const response = await cashout(member, { id: betId, quoteId, amount: '40' });
    expect(response.statusCode).toBe(200);
    // 40.0000 of the stake: 84 x 0.443653... x 0.95 = 35.4035 (its own value, truncated once).
    expect(response.json().data).toEqual({
      betId,
      status: 'open',
      stake: '40.0000',
      amount: '35.4035',
      remainingStake: '60.0000',
      potentialPayout: '126.0000',
    });
    expect(await mainBalance(sut, member.token)).toBe('935.4035');
    expect(await openBets(member)).toBe(600_000n);
    expect(await betRow(betId)).toMatchObject({
      status: 'open',
      stake: '600000',
      total_stake: '600000',
      potential_payout: '1260000',
    });
    // The rest has a quote of its own: 60.0000 is worth 53.1053.
    expect(await quoted(member, betId)).toMatchObject({ stake: '60.0000', amount: '53.1053' });

    await homeWins(event);
    expect(await betRow(betId)).toMatchObject({ status: 'settled', payout: '1260000', turnover: '600000' });
    expect(await mainBalance(sut, member.token)).toBe('1061.4035');
    expect(await openBets(member)).toBe(0n);
    expect((await wagered()) - wageredBefore).toBe(600_000n);
    await expectLedgerBalanced();
  });

  it("gives back the cashed part of a selection's liability: its exposure and the legs' lines", async () => {
    const { event, member, betId } = await homeBet();
    const second = await funded();
    const secondBet = await place(second, [{ id: selection(event, 'home'), odds: '2.10' }]);
    const exposure = async () => {
      const [row] = resultRows<{ bets: number; stake: string; payout: string }>(
        await db().execute(sql`
          select bets, stake::text as stake, payout::text as payout from sports_selection_exposure
          where selection_id = ${selection(event, 'home')}`),
      );
      return row;
    };
    expect(await exposure()).toEqual({ bets: 2, stake: '2000000', payout: '4200000' });
    await cashout(member, { id: betId, quoteId: (await quoted(member, betId)).quoteId, amount: '40' });
    expect(await exposure()).toEqual({ bets: 2, stake: '1600000', payout: '3360000' });
    await cashout(second, { id: secondBet, quoteId: (await quoted(second, secondBet)).quoteId });
    expect(await exposure()).toEqual({ bets: 1, stake: '600000', payout: '1260000' });
    const [leg] = resultRows<{ line_stake: string; line_payout: string }>(
      await db().execute(sql`
        select line_stake::text as line_stake, line_payout::text as line_payout from sports_bet_legs
        where bet_id = ${betId}`),
    );
    expect(leg).toEqual({ line_stake: '600000', line_payout: '1260000' });
  });

  it('refuses a value that moved beyond the tolerance with the new quote, and pays one within it at the new value', async () => {
    const { event, member, betId } = await homeBet();
    const home = String(selection(event, 'home'));
    const first = await quoted(member, betId);

    // Home 1.50: worth 105.2369 now, 19% above the quote.
    await setPrices({ [home]: '1.50' });
    const refused = await cashout(member, { id: betId, quoteId: first.quoteId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: false, code: 'CASHOUT_CHANGED' });
    const fresh = refused.json().detail.quote as CashoutQuote;
    expect(fresh).toMatchObject({ betId, stake: '100.0000', amount: '105.2369' });
    expect(await mainBalance(sut, member.token)).toBe('900.0000');
    expect(await betRow(betId)).toMatchObject({ status: 'open', stake: '1000000' });

    // Back to 2.05: 89.6970 against the refused quote's 105.2369 is still too far; against the first, 1.3% away.
    await setPrices({ [home]: '2.05' });
    expect((await cashout(member, { id: betId, quoteId: fresh.quoteId })).json().code).toBe('CASHOUT_CHANGED');
    const paid = await cashout(member, { id: betId, quoteId: first.quoteId });
    expect(paid.json().data).toMatchObject({ status: 'cashed_out', amount: '89.6970' });
    expect(await mainBalance(sut, member.token)).toBe('989.6970');
    await expectLedgerBalanced();
  });

  it('answers one key sent many times at once with one cash out, and refuses the key for another request', async () => {
    const { member, betId } = await homeBet();
    const { quoteId } = await quoted(member, betId);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => cashout(member, { id: betId, quoteId, amount: '30' }, key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await cashoutRows(betId)).toBe(1);
    // 30.0000: 63 x 0.443653... x 0.95 = 26.5526.
    expect(await mainBalance(sut, member.token)).toBe('926.5526');
    const conflict = await cashout(member, { id: betId, quoteId, amount: '20' }, key);
    expect(conflict.json()).toMatchObject({ status: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await cashoutRows(betId)).toBe(1);
    await expectLedgerBalanced();
  });

  it("refuses another member's bet as not found and changes nothing", async () => {
    const { member, betId } = await homeBet();
    const { quoteId } = await quoted(member, betId);
    const intruder = await funded();
    expect((await quote(intruder, betId)).json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const attempt = await cashout(intruder, { id: betId, quoteId });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    expect(await betRow(betId)).toMatchObject({ status: 'open', stake: '1000000' });
    expect(await mainBalance(sut, member.token)).toBe('900.0000');
    expect(await mainBalance(sut, intruder.token)).toBe('1000.0000');
    expect(await cashoutRows(betId)).toBe(0);
  });

  it('refuses malformed requests with their codes and moves nothing', async () => {
    const { member, betId } = await homeBet();
    const other = await homeBet();
    const { quoteId } = await quoted(member, betId);
    const otherQuote = await quoted(other.member, other.betId);
    // One hex digit of the signature changed.
    const tampered = `${quoteId.slice(0, -1)}${quoteId.endsWith('0') ? '1' : '0'}`;
    const cases: Array<[Record<string, string>, string | null, string]> = [
      [{ id: betId, quoteId }, null, 'BAD_REQUEST'],
      [{ id: betId }, randomUUID(), 'BAD_REQUEST'],
      [{ id: 'abc', quoteId }, randomUUID(), 'NOT_FOUND'],
      [{ quoteId }, randomUUID(), 'NOT_FOUND'],
      [{ id: betId, quoteId, amount: '-5' }, randomUUID(), 'AMOUNT_INVALID'],
      [{ id: betId, quoteId, amount: '0' }, randomUUID(), 'AMOUNT_INVALID'],
      [{ id: betId, quoteId, amount: '1.234' }, randomUUID(), 'AMOUNT_PRECISION'],
      [{ id: betId, quoteId, amount: '100.01' }, randomUUID(), 'CASHOUT_STAKE'],
      [{ id: betId, quoteId: tampered }, randomUUID(), 'BAD_REQUEST'],
      [{ id: betId, quoteId: 'not a quote' }, randomUUID(), 'BAD_REQUEST'],
      // A quote of another member's bet, sent for one's own.
      [{ id: betId, quoteId: otherQuote.quoteId }, randomUUID(), 'BAD_REQUEST'],
      [{ id: betId, quoteId }, 'short', 'BAD_REQUEST'],
    ];
    for (const [body, key, code] of cases) {
      const response = await cashout(member, body, key);
      expect({ body, key, code: response.json().code }).toEqual({ body, key, code });
      expect(response.json().status).toBe(false);
    }
    expect(await mainBalance(sut, member.token)).toBe('900.0000');
    expect(await cashoutRows(betId)).toBe(0);
    expect(await betRow(betId)).toMatchObject({ status: 'open', stake: '1000000' });
  });

  it('has no quote while a market is suspended, and none for a system bet', async () => {
    const { event, member, betId } = await homeBet();
    const { quoteId } = await quoted(member, betId);
    await db().execute(sql`update sports_markets set status = 'suspended' where id = ${event.markets[0]?.id}`);
    expect((await quote(member, betId)).json()).toMatchObject({ status: false, code: 'CASHOUT_SUSPENDED' });
    expect((await cashout(member, { id: betId, quoteId })).json()).toMatchObject({ code: 'CASHOUT_SUSPENDED' });
    await db().execute(sql`update sports_markets set status = 'open' where id = ${event.markets[0]?.id}`);
    expect((await quote(member, betId)).json().data.amount).toBe('88.5088');

    const events = await Promise.all([insertEvent(db()), insertEvent(db()), insertEvent(db())]);
    const system = await place(
      member,
      events.map((each) => ({ id: selection(each, 'home'), odds: '2.10' })),
      '10',
      'system',
      '2/3',
    );
    expect((await quote(member, system)).json()).toMatchObject({ status: false, code: 'CASHOUT_UNAVAILABLE' });
  });

  it('counts a parlay leg already won at its odds, and has nothing to offer once a leg lost', async () => {
    const first = await insertEvent(db());
    const second = await insertEvent(db());
    const third = await insertEvent(db());
    const member = await funded();
    const won = await place(
      member,
      [
        { id: selection(first, 'home'), odds: '2.10' },
        { id: selection(second, 'over', 2), odds: '1.90' },
      ],
      '100',
      'parlay',
    );
    const lost = await place(
      member,
      [
        { id: selection(first, 'away'), odds: '3.40' },
        { id: selection(third, 'over', 2), odds: '1.90' },
      ],
      '100',
      'parlay',
    );
    await homeWins(first);
    // 100 x 2.10 (won) x 1.90 x (1/1.90 over 1/1.90 + 1/1.95) x 0.95 = 191.9863.
    expect(await quoted(member, won)).toMatchObject({ amount: '191.9863' });
    expect((await quote(member, lost)).json()).toMatchObject({ status: false, code: 'CASHOUT_UNAVAILABLE' });
    const { quoteId } = await quoted(member, won);
    expect((await cashout(member, { id: won, quoteId })).json().data).toMatchObject({ amount: '191.9863' });
    expect(await betRow(won)).toMatchObject({ status: 'cashed_out', needs_settlement: false });
    await expectLedgerBalanced();
  });

  it('has no quote where operators turned cash out off, and refuses settings that are not whole basis points', async () => {
    const { member, betId } = await homeBet();
    const cashoutSettings = DEFAULT_SPORTS_SETTINGS.cashout as NonNullable<SportsSettings['cashout']>;
    try {
      expect((await saveSettings({ cashout: { ...cashoutSettings, offSports: ['football'] } })).statusCode).toBe(200);
      expect((await quote(member, betId)).json()).toMatchObject({ status: false, code: 'CASHOUT_OFF' });
      expect((await saveSettings({ cashout: { ...cashoutSettings, offMarketTypes: ['1x2'] } })).statusCode).toBe(200);
      expect((await quote(member, betId)).json()).toMatchObject({ code: 'CASHOUT_OFF' });
      expect((await saveSettings({ cashout: { ...cashoutSettings, offMarketTypes: ['ou'] } })).statusCode).toBe(200);
      expect((await quote(member, betId)).json().data.amount).toBe('88.5088');
      expect((await saveSettings({ cashout: { ...cashoutSettings, enabled: false } })).statusCode).toBe(200);
      expect((await quote(member, betId)).json()).toMatchObject({ code: 'CASHOUT_OFF' });
      // A 10% margin applies at once: 93.1672 x 0.90 = 83.8505.
      expect((await saveSettings({ cashout: { ...cashoutSettings, margin: 0.1 } })).statusCode).toBe(200);
      expect((await quote(member, betId)).json().data.amount).toBe('83.8505');

      for (const refused of [{ margin: 0.00005 }, { tolerance: 0.01234 }, { margin: 0.6 }, { tolerance: -0.01 }]) {
        const response = await saveSettings({ cashout: { ...cashoutSettings, margin: 0.1, ...refused } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: false, code: 'VALIDATION' });
      }
      expect((await quote(member, betId)).json().data.amount).toBe('83.8505');
    } finally {
      await saveSettings({ cashout: cashoutSettings });
    }
    expect((await quote(member, betId)).json().data.amount).toBe('88.5088');
  });

  it("shows operators an event's cash-out totals, to the roles that see money only", async () => {
    const { event, member, betId } = await homeBet();
    const second = await funded();
    const secondBet = await place(second, [{ id: selection(event, 'home'), odds: '2.10' }]);
    const url = `/api/admin/v1/sports/events/${event.id}/cashouts`;
    expect((await desk.get(url)).json().data).toEqual({
      eventId: String(event.id),
      count: 0,
      stake: '0.0000',
      amount: '0.0000',
      houseResult: '0.0000',
    });
    await cashout(member, { id: betId, quoteId: (await quoted(member, betId)).quoteId, amount: '40' });
    await cashout(second, { id: secondBet, quoteId: (await quoted(second, secondBet)).quoteId });
    expect((await desk.get(url)).json().data).toEqual({
      eventId: String(event.id),
      count: 2,
      stake: '140.0000',
      amount: '123.9123',
      houseResult: '16.0877',
    });
    const support = await signedInOperator(sut, 'support');
    expect((await sut.get(url, support.headers)).json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
    expect((await desk.get('/api/admin/v1/sports/events/999999999/cashouts')).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('pushes fresh quotes to the members with open bets on an event, at most once a second per event', async () => {
    const { event, member, betId } = await homeBet();
    const elsewhere = await homeBet();
    const pushed: Array<{ memberId: bigint; data: unknown }> = [];
    const recorder: RealtimePublisher = {
      publish() {},
      publishToMember(memberId, topic, data) {
        if (topic === 'cashout') pushed.push({ memberId, data });
      },
    };
    const cashoutService = createCashoutService({
      db: db(),
      ledger: ledger(),
      settings: sut.container.sports.settings,
      realtime: recorder,
      secret: 'a test secret of the cash-out pushes',
      log: { error() {} },
    });
    expect(await cashoutService.pushQuotes(event.id)).toBe(1);
    expect(pushed).toEqual([
      { memberId: BigInt(member.id), data: expect.objectContaining({ betId, amount: '88.5088' }) },
    ]);
    expect(pushed.some((push) => (push.data as { betId: string }).betId === elsewhere.betId)).toBe(false);

    pushed.length = 0;
    await db().execute(sql`update sports_markets set status = 'suspended' where id = ${event.markets[0]?.id}`);
    const started = Date.now();
    for (let call = 0; call < 5; call++) cashoutService.quotesForEvent(event.id);
    await expect.poll(() => pushed.length).toBe(1);
    expect(pushed[0]?.data).toEqual({ betId, reason: 'CASHOUT_SUSPENDED' });
    // The four calls within the interval make one more push at its end, not four.
    await expect.poll(() => pushed.length, { timeout: 3_000 }).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(PUSH_INTERVAL_MS - 50);
    await new Promise((resolve) => setTimeout(resolve, PUSH_INTERVAL_MS + 200));
    expect(pushed.length).toBe(2);
    await db().execute(sql`update sports_markets set status = 'open' where id = ${event.markets[0]?.id}`);
  });

  it('refuses an expired quote with a new one', async () => {
    const { member, betId } = await homeBet();
    const later = createCashoutService({
      db: db(),
      ledger: ledger(),
      settings: sut.container.sports.settings,
      realtime: { publish() {}, publishToMember() {} },
      secret: 'a test secret of expired quotes',
      log: { error() {} },
      now: () => Date.now() + 11_000,
    });
    const now = createCashoutService({
      db: db(),
      ledger: ledger(),
      settings: sut.container.sports.settings,
      realtime: { publish() {}, publishToMember() {} },
      secret: 'a test secret of expired quotes',
      log: { error() {} },
    });
    const memberId = BigInt(member.id);
    const given = await now.quote(memberId, BigInt(betId));
    const refused = await later.accept(memberId, randomUUID(), { id: betId, quoteId: given.quoteId }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'CASHOUT_CHANGED', detail: { quote: { amount: '88.5088' } } });
    expect(await cashoutRows(betId)).toBe(0);
    const paid = await now.accept(memberId, randomUUID(), { id: betId, quoteId: given.quoteId });
    expect(paid).toMatchObject({ status: 'cashed_out', amount: '88.5088' });
  });
});

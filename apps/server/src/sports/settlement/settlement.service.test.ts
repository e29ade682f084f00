import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorActor } from '../../admin/operator-actor';
import { resultRows } from '../../db/result-rows';
import { AppError } from '../../shared/app-error';
import { insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { operator, signedInOperator, walletMember } from '../../test/wallet-fixtures';
import { house, member } from '../../wallet/ledger/ledger.service';
import { fixtureMembers, mainOf, placeFixtureBets } from './bet-fixtures';
import type { EventResult } from './event-result';

const football = (home: number, away: number, ht?: [number, number]): EventResult => ({
  sport: 'football',
  ft: { home, away },
  ...(ht ? { ht: { home: ht[0], away: ht[1] } } : {}),
});
const YUAN = 10_000n;

describe.each(testDatabases)('settling bets on %s', (kind) => {
  let sut: TestApp;
  const feed = { feed: 'test' } as const;

  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const db = () => sut.container.db;
  const ledger = () => sut.container.wallet.ledger;
  const settlement = () => sut.container.sports.settlement;

  async function bet(id: bigint) {
    const [row] = resultRows<{
      status: string;
      payout: string | null;
      settle_count: number;
      turnover: string;
      unrecovered: string;
      needs_settlement: boolean;
    }>(
      await db().execute(sql`
        select status, payout::text as payout, settle_count, turnover::text as turnover,
          unrecovered::text as unrecovered, needs_settlement
        from sports_bets where id = ${id}`),
    );
    return row;
  }

  /** The bet's transfers in posting order: key suffix, code and amount. */
  async function transfersOf(betId: bigint) {
    return resultRows<{ key: string; code: string; amount: string }>(
      await db().execute(sql`
        select substr(idempotency_key, length(${`bet:${betId}:`}) + 1) as key, code, amount::text as amount
        from ledger_transfers where reference = ${`bet:${betId}`} order by id`),
    );
  }

  async function eventStatus(eventId: bigint) {
    const [row] = resultRows<{ status: string; result_version: number }>(
      await db().execute(sql`select status, result_version from sports_events where id = ${eventId}`),
    );
    return row;
  }

  async function expectLedgerBalanced() {
    expect(await ledger().check()).toMatchObject({
      unbalancedTransfers: 0,
      mismatchedAccounts: 0,
      negativeMemberAccounts: 0,
      sumOfAllBalances: 0n,
    });
  }

  /** A football event (1x2 2.10/3.30/3.40, ah -0.25 1.95/1.90, ou 2.5 1.90/1.95) and a member with 100 staked on `side`. */
  async function singleOn(type: '1x2' | 'ah' | 'ou', side: string, credit = 100n * YUAN, stake = 100n * YUAN) {
    const event = await insertEvent(db());
    const [memberId] = await fixtureMembers(db(), ledger(), 1, credit);
    const selectionId = event.markets.find((market) => market.type === type)?.selections[side];
    const [betId] = await placeFixtureBets(db(), ledger(), [
      { memberId: memberId!, type: 'single', stake, legs: [{ selectionId: selectionId! }] },
    ]);
    return { event, memberId: memberId!, betId: betId! };
  }

  it('pays a win once, moves the stake to the house and closes the event', async () => {
    const { event, memberId, betId } = await singleOn('1x2', 'home');
    expect(await mainOf(ledger(), memberId)).toBe(0n);
    const summary = await settlement().recordResult(feed, event.id, football(2, 1));
    expect(summary).toMatchObject({ changed: true, resultVersion: 1, changedSelections: 7, flaggedBets: 1 });
    expect(await mainOf(ledger(), memberId)).toBe(210n * YUAN);
    expect(await bet(betId)).toMatchObject({
      status: 'settled',
      payout: '2100000',
      settle_count: 1,
      turnover: '1000000',
    });
    expect(await transfersOf(betId)).toEqual([
      { key: 'stake', code: 'bet_stake', amount: '1000000' },
      { key: 'settle', code: 'bet_settle', amount: '1000000' },
      { key: 'payout:1', code: 'bet_payout', amount: '2100000' },
    ]);
    expect(await eventStatus(event.id)).toEqual({ status: 'settled', result_version: 1 });
    const bets = (await ledger().balances(memberId)).find((account) => account.kind === 'bets');
    expect(bets?.balance).toBe(0n);
    await expectLedgerBalanced();
  });

  it('changes nothing when the same result is posted again', async () => {
    const { event, memberId, betId } = await singleOn('1x2', 'home');
    await settlement().recordResult(feed, event.id, football(2, 1));
    const before = await transfersOf(betId);
    // Same score, keys in another order and an extra field: the same result.
    const again = await settlement().recordResult(feed, event.id, {
      ft: { away: 1, home: 2 },
      sport: 'football',
      note: 'x',
    } as unknown as EventResult);
    expect(again).toMatchObject({ changed: false, resultVersion: 1, flaggedBets: 0, settledBets: 0 });
    expect(await transfersOf(betId)).toEqual(before);
    expect(await bet(betId)).toMatchObject({ settle_count: 1 });
    expect(await mainOf(ledger(), memberId)).toBe(210n * YUAN);
  });

  it('resettles a corrected result: the payout reversed and the new one posted, each with its code', async () => {
    const home = await singleOn('1x2', 'home');
    const [away] = await placeFixtureBets(db(), ledger(), [
      // A second member's bet on the away side of the same event.
      {
        memberId: (await fixtureMembers(db(), ledger(), 1, 100n * YUAN))[0]!,
        type: 'single',
        stake: 100n * YUAN,
        legs: [{ selectionId: home.event.markets[0]!.selections.away! }],
      },
    ]);
    await settlement().recordResult(feed, home.event.id, football(2, 1));
    const corrected = await settlement().recordResult(feed, home.event.id, football(1, 2));
    expect(corrected).toMatchObject({ changed: true, resultVersion: 2, flaggedBets: 2, settledBets: 2 });

    expect(await mainOf(ledger(), home.memberId)).toBe(0n);
    expect(await bet(home.betId)).toMatchObject({
      status: 'settled',
      payout: '0',
      settle_count: 2,
      turnover: '1000000',
    });
    expect(await transfersOf(home.betId)).toEqual([
      { key: 'stake', code: 'bet_stake', amount: '1000000' },
      { key: 'settle', code: 'bet_settle', amount: '1000000' },
      { key: 'payout:1', code: 'bet_payout', amount: '2100000' },
      { key: 'reverse:2', code: 'bet_reverse', amount: '2100000' },
    ]);
    expect(await bet(away!)).toMatchObject({ payout: '3400000', settle_count: 2 });
    expect(await transfersOf(away!)).toEqual([
      { key: 'stake', code: 'bet_stake', amount: '1000000' },
      { key: 'settle', code: 'bet_settle', amount: '1000000' },
      { key: 'payout:2', code: 'bet_payout', amount: '3400000' },
    ]);
    expect(await eventStatus(home.event.id)).toEqual({ status: 'settled', result_version: 2 });

    // A third result that matches the first again: the away payout reversed and the home one posted again.
    await settlement().recordResult(feed, home.event.id, football(3, 0));
    expect(await mainOf(ledger(), home.memberId)).toBe(210n * YUAN);
    expect((await transfersOf(away!)).slice(3)).toEqual([{ key: 'reverse:3', code: 'bet_reverse', amount: '3400000' }]);
    expect((await transfersOf(home.betId)).slice(4)).toEqual([
      { key: 'payout:3', code: 'bet_payout', amount: '2100000' },
    ]);
    await expectLedgerBalanced();
  });

  it('takes back only what main holds when the winnings were spent, records the rest and recovers it later', async () => {
    const { event, memberId, betId } = await singleOn('1x2', 'home');
    await settlement().recordResult(feed, event.id, football(1, 0));
    expect(await mainOf(ledger(), memberId)).toBe(210n * YUAN);
    // The member spends 170 of the 210 before the correction.
    await ledger().transfer({
      key: `spend:${betId}`,
      code: 'adjust',
      from: member(memberId, 'main'),
      to: house('adjustments'),
      amount: 170n * YUAN,
      actor: 'system:test',
      reference: 'test',
    });
    await settlement().recordResult(feed, event.id, football(0, 1));
    expect(await mainOf(ledger(), memberId)).toBe(0n);
    expect(await bet(betId)).toMatchObject({ payout: '0', unrecovered: '1700000', settle_count: 2 });
    expect((await transfersOf(betId)).at(-1)).toEqual({ key: 'reverse:2', code: 'bet_reverse', amount: '400000' });

    // Corrected back: the payout comes again and what was not recovered is taken from it.
    await settlement().recordResult(feed, event.id, football(2, 0));
    expect(await mainOf(ledger(), memberId)).toBe(40n * YUAN);
    expect(await bet(betId)).toMatchObject({ payout: '2100000', unrecovered: '0', settle_count: 3 });
    expect((await transfersOf(betId)).slice(-2)).toEqual([
      { key: 'payout:3', code: 'bet_payout', amount: '2100000' },
      { key: 'reverse:3', code: 'bet_reverse', amount: '1700000' },
    ]);
    await expectLedgerBalanced();
  });

  it('voids every bet of a cancelled event (stake back), also one already settled, and audits the operator', async () => {
    const { event, memberId, betId } = await singleOn('ah', 'home');
    const [other] = await fixtureMembers(db(), ledger(), 1, 50n * YUAN);
    const [late] = await placeFixtureBets(db(), ledger(), [
      {
        memberId: other!,
        type: 'single',
        stake: 50n * YUAN,
        legs: [{ selectionId: event.markets[2]!.selections.over! }],
      },
    ]);
    await settlement().recordResult(feed, event.id, football(0, 0));
    expect(await mainOf(ledger(), memberId)).toBe(50n * YUAN); // ah -0.25 at 0-0: half lost
    expect(await bet(betId)).toMatchObject({ turnover: '500000' });

    const trader = await signedInOperator(sut, 'admin');
    const actor: OperatorActor = { id: BigInt(trader.id), account: 'trader', role: 'admin', ip: '10.0.0.1' };
    const cancelled = await settlement().cancelEvent({ operator: actor }, event.id, 'match abandoned');
    expect(cancelled).toMatchObject({ changed: true, settledBets: 2 });
    expect(await mainOf(ledger(), memberId)).toBe(100n * YUAN);
    expect(await mainOf(ledger(), other!)).toBe(50n * YUAN);
    expect(await bet(betId)).toMatchObject({ payout: '1000000', turnover: '0', settle_count: 2 });
    expect(await bet(late!)).toMatchObject({ payout: '500000', turnover: '0', settle_count: 2 });
    expect((await transfersOf(betId)).slice(2)).toEqual([
      { key: 'payout:1', code: 'bet_payout', amount: '500000' },
      { key: 'payout:2', code: 'bet_payout', amount: '1000000' },
      { key: 'reverse:2', code: 'bet_reverse', amount: '500000' },
    ]);
    expect(await eventStatus(event.id)).toMatchObject({ status: 'cancelled' });
    const audit = resultRows<{ action: string; target: string }>(
      await db().execute(sql`select action, target from audit_log where target = ${`event:${event.id}`}`),
    );
    expect(audit).toEqual([{ action: 'sports.event.cancel', target: `event:${event.id}` }]);

    // Cancelling again changes nothing; a result on a cancelled event is refused.
    expect(await settlement().cancelEvent(feed, event.id, 'again')).toMatchObject({ changed: false });
    await expect(settlement().recordResult(feed, event.id, football(1, 0))).rejects.toMatchObject({
      code: 'EVENT_STATE',
    });
    await expectLedgerBalanced();
  });

  it('voids one market only, and keeps a first-half market open until the half-time score arrives', async () => {
    const event = await insertEvent(db(), {
      markets: [
        {
          type: '1x2',
          selections: [
            { side: 'home', odds: 20_000n },
            { side: 'draw', odds: 30_000n },
            { side: 'away', odds: 40_000n },
          ],
        },
        {
          type: 'ou',
          period: '1h',
          line: 2,
          selections: [
            { side: 'over', odds: 20_000n },
            { side: 'under', odds: 18_000n },
          ],
        },
        {
          type: 'btts',
          selections: [
            { side: 'yes', odds: 19_000n },
            { side: 'no', odds: 19_000n },
          ],
        },
      ],
    });
    const [memberId] = await fixtureMembers(db(), ledger(), 1, 30n * YUAN);
    const [win, half, voided] = await placeFixtureBets(
      db(),
      ledger(),
      ['home', 'over', 'yes'].map((side, index) => ({
        memberId: memberId!,
        type: 'single' as const,
        stake: 10n * YUAN,
        legs: [{ selectionId: event.markets[index]!.selections[side]! }],
      })),
    );
    await settlement().voidMarket(feed, event.markets[2]!.id, 'feed error');
    expect(await bet(voided!)).toMatchObject({ status: 'settled', payout: '100000' });
    expect(await bet(win!)).toMatchObject({ status: 'open' });
    expect(await eventStatus(event.id)).toMatchObject({ status: 'scheduled' });

    await settlement().recordResult(feed, event.id, football(2, 1));
    expect(await bet(win!)).toMatchObject({ status: 'settled', payout: '200000' });
    expect(await bet(half!)).toMatchObject({ status: 'open', needs_settlement: false });
    expect(await eventStatus(event.id)).toEqual({ status: 'finished', result_version: 1 });

    await settlement().recordResult(feed, event.id, football(2, 1, [1, 0]));
    expect(await bet(half!)).toMatchObject({ status: 'settled', payout: '200000', settle_count: 1 });
    expect(await bet(win!)).toMatchObject({ settle_count: 1 });
    expect(await eventStatus(event.id)).toEqual({ status: 'settled', result_version: 2 });
    expect(await mainOf(ledger(), memberId!)).toBe(50n * YUAN);
    await expectLedgerBalanced();
  });

  it('settles a parlay when its last leg is decided, and keeps the earlier event open meanwhile', async () => {
    const first = await insertEvent(db());
    const second = await insertEvent(db());
    const [memberId] = await fixtureMembers(db(), ledger(), 1, 10n * YUAN);
    const [parlay] = await placeFixtureBets(db(), ledger(), [
      {
        memberId: memberId!,
        type: 'parlay',
        stake: 10n * YUAN,
        legs: [
          { selectionId: first.markets[0]!.selections.home! },
          { selectionId: second.markets[2]!.selections.under! },
        ],
      },
    ]);
    await settlement().recordResult(feed, first.id, football(1, 0));
    expect(await bet(parlay!)).toMatchObject({ status: 'open' });
    expect(await eventStatus(first.id)).toMatchObject({ status: 'finished' });
    await settlement().recordResult(feed, second.id, football(1, 1));
    // 10 x 2.10 x 1.95 = 40.95
    expect(await bet(parlay!)).toMatchObject({ status: 'settled', payout: '409500', turnover: '100000' });
    expect(await mainOf(ledger(), memberId!)).toBe(409_500n);
    expect(await eventStatus(first.id)).toMatchObject({ status: 'settled' });
    expect(await eventStatus(second.id)).toMatchObject({ status: 'settled' });
  });

  it('refuses results that are not one, of another sport, or for no event', async () => {
    const event = await insertEvent(db());
    const refused = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).code;
    };
    expect(await refused(settlement().recordResult(feed, event.id, football(-1, 0)))).toBe('RESULT_INVALID');
    expect(await refused(settlement().recordResult(feed, event.id, football(1, 0, [2, 0])))).toBe('RESULT_INVALID');
    expect(
      await refused(settlement().recordResult(feed, event.id, { sport: 'basketball', ft: { home: 90, away: 80 } })),
    ).toBe('RESULT_INVALID');
    expect(await refused(settlement().recordResult(feed, 987_654_321n, football(1, 0)))).toBe('NOT_FOUND');
    expect(await refused(settlement().voidMarket(feed, 987_654_321n, 'x'))).toBe('NOT_FOUND');
    expect(await eventStatus(event.id)).toEqual({ status: 'scheduled', result_version: 0 });
  });

  it('adds valid turnover the member sees as unmet turnover, and takes it back on a correction', async () => {
    const desk = await operator(sut);
    const payer = await walletMember(sut, { card: false });
    await desk.settings({ flowMultiple: '2' });
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '300' }, payer.headers)
    ).json().data;
    await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    await desk.settings({ flowMultiple: '0' });
    const unmet = async () =>
      (await sut.get('/api/f/v1/wallet/withdraw/info', payer.headers)).json().data.unmetTurnover as string;
    expect(await unmet()).toBe('600.0000');

    const event = await insertEvent(db());
    const [ah, under, home] = await placeFixtureBets(db(), ledger(), [
      // 100 on ah home -0.25 at 1.95, 100 on under 2.5 at 1.95, 50 on home at 2.10; a 1.40 bet would not count.
      {
        memberId: BigInt(payer.id),
        type: 'single',
        stake: 100n * YUAN,
        legs: [{ selectionId: event.markets[1]!.selections.home! }],
      },
      {
        memberId: BigInt(payer.id),
        type: 'single',
        stake: 100n * YUAN,
        legs: [{ selectionId: event.markets[2]!.selections.under! }],
      },
      {
        memberId: BigInt(payer.id),
        type: 'single',
        stake: 50n * YUAN,
        legs: [{ selectionId: event.markets[0]!.selections.home!, odds: 14_000n }],
      },
    ]);
    await settlement().recordResult(feed, event.id, football(0, 0));
    // ah half lost: 50; under won: 100; home at 1.40: nothing.
    expect(await unmet()).toBe('450.0000');
    expect(await bet(home!)).toMatchObject({ turnover: '0' });
    await settlement().cancelEvent(feed, event.id, 'void after all');
    expect(await unmet()).toBe('600.0000');
    expect(await bet(ah!)).toMatchObject({ turnover: '0' });
    expect(await bet(under!)).toMatchObject({ turnover: '0' });
  });

  it('pays each bet once when two runs settle at the same time', async () => {
    const event = await insertEvent(db());
    const members = await fixtureMembers(db(), ledger(), 20, 100n * YUAN);
    const ids = await placeFixtureBets(
      db(),
      ledger(),
      Array.from({ length: 400 }, (_, index) => ({
        memberId: members[index % members.length]!,
        type: 'single' as const,
        stake: 2n * YUAN,
        legs: [{ selectionId: event.markets[0]!.selections.home! }],
      })),
    );
    // Decide without settling, then race two runs with small batches.
    await db().execute(sql`update sports_selections set outcome = case side when 'home' then 'win' else 'lose' end
      where event_id = ${event.id}`);
    await db().execute(
      sql`update sports_bets set needs_settlement = true where id = any(${sql.param(ids.map(String))}::bigint[])`,
    );
    const runs = await Promise.all([
      settlement().settlePending({ batchSize: 50 }),
      settlement().settlePending({ batchSize: 50 }),
    ]);
    expect(runs[0]!.settledBets + runs[1]!.settledBets).toBe(400);
    const [counts] = resultRows<{ settles: number; payouts: number }>(
      await db().execute(sql`
        select count(*) filter (where code = 'bet_settle')::int as settles,
          count(*) filter (where code = 'bet_payout')::int as payouts
        from ledger_transfers where reference = any(${sql.param(ids.map((id) => `bet:${id}`))}::text[])`),
    );
    expect(counts).toEqual({ settles: 400, payouts: 400 });
    for (const memberId of members)
      expect(await mainOf(ledger(), memberId)).toBe(100n * YUAN - 40n * YUAN + 84n * YUAN);
    await expectLedgerBalanced();
  });
});

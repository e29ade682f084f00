import { betLines, betPayout, type Outcome, type SettledLeg } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { type FixtureEvent, type FixtureMarket, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { house, member } from '../../wallet/ledger/ledger.service';
import { FIXED_SIDES } from '../market-types';
import { type FixtureBet, fixtureMembers, mainOf, placeFixtureBets } from './bet-fixtures';
import type { EventResult } from './event-result';
import { settleMarket } from './outcome';
import { betTurnover, DEFAULT_MIN_TURNOVER_ODDS } from './valid-turnover';

/**
 * Random events, bets, results, corrections, cancellations, voided markets and spending, run through the service and
 * against an in-memory model of the book: after every step each member's main balance is what the model says (with
 * spending, the balance less what could not be recovered is), bets are settled exactly when all their legs are decided, with
 * the model's payout and turnover, each bet's stake went to the house once, its payouts minus reversals are its
 * payout plus what was not recovered, and the ledger balances.
 */

const EVENTS = 3;
const MEMBERS = 3;
/** What each member has beside their stakes: little, so spending before a correction can leave a reversal short. */
const SPARE = 10n * 10_000n;

type MarketPlan = { type: '1x2' | 'ah' | 'ou'; period: 'ft' | '1h'; line: number | null; odds: bigint[] };
type Scenario = {
  events: MarketPlan[][];
  bets: Array<{
    member: number;
    type: 'single' | 'parlay' | 'system';
    stake: bigint;
    legs: Array<{ event: number; market: number; side: number }>;
  }>;
  steps: Array<
    | { kind: 'result'; event: number; ft: [number, number]; ht: [number, number] | null }
    | { kind: 'cancel'; event: number }
    | { kind: 'void'; event: number; market: number }
    | { kind: 'spend'; member: number; percent: number }
  >;
};

const odds = fc.integer({ min: 10_100, max: 50_000 }).map(BigInt);
const marketPlan: fc.Arbitrary<MarketPlan> = fc.oneof(
  fc.record({
    type: fc.constant('1x2' as const),
    period: fc.constantFrom('ft' as const, '1h' as const),
    line: fc.constant(null),
    odds: fc.array(odds, { minLength: 3, maxLength: 3 }),
  }),
  fc.record({
    type: fc.constant('ah' as const),
    period: fc.constantFrom('ft' as const, '1h' as const),
    line: fc.integer({ min: -8, max: 8 }),
    odds: fc.array(odds, { minLength: 2, maxLength: 2 }),
  }),
  fc.record({
    type: fc.constant('ou' as const),
    period: fc.constantFrom('ft' as const, '1h' as const),
    line: fc.integer({ min: 1, max: 16 }),
    odds: fc.array(odds, { minLength: 2, maxLength: 2 }),
  }),
);
// Distinct type, period and line per event (the book's key), so the markets are unique.
const eventPlan = fc.uniqueArray(marketPlan, {
  minLength: 1,
  maxLength: 3,
  selector: (market) => `${market.type}:${market.period}:${market.line}`,
});

const leg = (event: number) =>
  fc.record({ event: fc.constant(event), market: fc.nat({ max: 2 }), side: fc.nat({ max: 2 }) });
const betPlan = fc
  .tuple(
    fc.nat({ max: MEMBERS - 1 }),
    fc.constantFrom('single' as const, 'parlay' as const, 'system' as const),
    fc.integer({ min: 1, max: 100 }),
    fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
  )
  .chain(([memberIndex, type, stake, order]) => {
    const count = type === 'single' ? 1 : type === 'parlay' ? 2 : 3;
    return fc.tuple(...order.slice(0, count).map(leg)).map((legs) => ({
      member: memberIndex,
      type,
      stake: BigInt(stake) * 10_000n,
      legs,
    }));
  });
const goals = fc.integer({ min: 0, max: 4 });
const resultStep = (event: fc.Arbitrary<number>) =>
  fc
    .record({ event, ht: fc.tuple(goals, goals), more: fc.tuple(goals, goals), withHt: fc.nat({ max: 3 }) })
    .map(({ event: index, ht, more, withHt }) => ({
      kind: 'result' as const,
      event: index,
      ft: [ht[0] + more[0], ht[1] + more[1]] as [number, number],
      // Mostly with the half-time score; without it first-half markets wait.
      ht: withHt > 0 ? ht : null,
    }));
const step: fc.Arbitrary<Scenario['steps'][number]> = fc.oneof(
  { weight: 5, arbitrary: resultStep(fc.nat({ max: EVENTS - 1 })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), event: fc.nat({ max: EVENTS - 1 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('void' as const),
      event: fc.nat({ max: EVENTS - 1 }),
      market: fc.nat({ max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('spend' as const),
      member: fc.nat({ max: MEMBERS - 1 }),
      percent: fc.integer({ min: 50, max: 100 }),
    }),
  },
);
// Every event gets a result first (so most bets settle), then corrections, cancellations, voids and spending.
const scenario: fc.Arbitrary<Scenario> = fc.record({
  events: fc.array(eventPlan, { minLength: EVENTS, maxLength: EVENTS }),
  bets: fc.array(betPlan, { minLength: 1, maxLength: 12 }),
  steps: fc
    .tuple(
      fc.tuple(...Array.from({ length: EVENTS }, (_, index) => resultStep(fc.constant(index)))),
      fc.array(step, { minLength: 1, maxLength: 8 }),
    )
    .map(([first, rest]) => [...first, ...rest]),
});

function fixtureMarket(plan: MarketPlan): FixtureMarket {
  return {
    type: plan.type,
    period: plan.period,
    line: plan.line,
    selections: FIXED_SIDES[plan.type].map((side, index) => ({ side, odds: plan.odds[index]! })),
  };
}

/** The book as the model sees it: each selection's current outcome, decided the way the rules say. */
class BookModel {
  readonly outcomes = new Map<string, Outcome | null>();
  readonly cancelled = new Set<number>();
  readonly voided = new Set<string>();
  readonly results = new Map<number, EventResult>();

  constructor(readonly plans: MarketPlan[][]) {}

  outcome(event: number, market: number, side: string): Outcome | null {
    return this.outcomes.get(`${event}:${market}:${side}`) ?? null;
  }

  private decide(event: number) {
    for (const [index, plan] of (this.plans[event] ?? []).entries()) {
      const sides = FIXED_SIDES[plan.type];
      const key = `${event}:${index}`;
      if (this.cancelled.has(event) || this.voided.has(key)) {
        for (const side of sides) this.outcomes.set(`${key}:${side}`, 'void');
        continue;
      }
      const result = this.results.get(event);
      if (!result) continue;
      const settled = settleMarket(
        { sport: 'football', type: plan.type, period: plan.period, line: plan.line, sides },
        result,
      );
      // A first half without its score keeps what it had.
      if (!settled.ok) continue;
      for (const side of sides) this.outcomes.set(`${key}:${side}`, settled.outcomes[side] ?? null);
    }
  }

  result(event: number, result: EventResult) {
    if (this.cancelled.has(event)) return;
    this.results.set(event, result);
    this.decide(event);
  }

  cancel(event: number) {
    this.cancelled.add(event);
    this.decide(event);
  }

  void(event: number, market: number) {
    if (market >= (this.plans[event]?.length ?? 0)) return;
    this.voided.add(`${event}:${market}`);
    this.decide(event);
  }

  /** Whether the event is settled: a result, every market decided, every bet on it settled. */
  eventSettled(event: number, bets: Array<{ legs: Array<{ event: number }>; decided: boolean }>) {
    if (this.cancelled.has(event) || !this.results.has(event)) return false;
    const marketsDone = (this.plans[event] ?? []).every((plan, index) =>
      FIXED_SIDES[plan.type].every((side) => this.outcome(event, index, side) !== null),
    );
    return marketsDone && bets.every((bet) => !bet.legs.some((one) => one.event === event) || bet.decided);
  }
}

describe.each(testDatabases)('settlement against a model on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('pays every member what the model says after each result, correction, cancellation and void', async () => {
    const { db, wallet, sports } = sut.container;
    const { ledger } = wallet;
    const settlement = sports.settlement;
    const feed = { feed: 'model' } as const;

    await fc.assert(
      fc.asyncProperty(scenario, async (plan) => {
        const events: FixtureEvent[] = [];
        for (const markets of plan.events) events.push(await insertEvent(db, { markets: markets.map(fixtureMarket) }));
        const members = await fixtureMembers(db, ledger, MEMBERS, 0n);
        const model = new BookModel(plan.events);

        // A leg's market and side are taken modulo what its event offers.
        const bets = plan.bets
          .map((bet) => ({
            ...bet,
            legs: bet.legs
              .map((one) => ({ ...one, market: one.market % plan.events[one.event]!.length }))
              .map((one) => {
                const market = plan.events[one.event]![one.market]!;
                const sides: readonly string[] = FIXED_SIDES[market.type];
                const sideIndex = one.side % sides.length;
                return { ...one, sideName: sides[sideIndex]!, odds: market.odds[sideIndex]! };
              }),
          }))
          .filter((bet) => bet.legs.length === (bet.type === 'single' ? 1 : bet.type === 'parlay' ? 2 : 3));
        if (bets.length === 0) return;
        const fixtures: FixtureBet[] = bets.map((bet) => ({
          memberId: members[bet.member]!,
          type: bet.type,
          system: bet.type === 'system' ? '2/3' : undefined,
          stake: bet.stake,
          legs: bet.legs.map((one) => ({
            selectionId: events[one.event]!.markets[one.market]!.selections[one.sideName]!,
          })),
        }));
        const staked = members.map(() => 0n);
        const lineSets = bets.map((bet) => {
          const lines = betLines(bet.type, bet.legs.length, bet.type === 'system' ? '2/3' : undefined);
          if (!lines.ok) throw new Error('lines');
          staked[bet.member]! += bet.stake * BigInt(lines.lines.length);
          return lines.lines;
        });
        const credit = staked.map((stake) => stake + SPARE);
        for (const [index, memberId] of members.entries()) {
          await ledger.transfer({
            key: `model-credit:${memberId}`,
            code: 'adjust',
            from: house('adjustments'),
            to: member(memberId, 'main'),
            amount: credit[index]!,
            actor: 'system:test',
            reference: 'model',
          });
        }
        const ids = await placeFixtureBets(db, ledger, fixtures);
        const spent = members.map(() => 0n);
        let spendings = 0;

        for (const action of plan.steps) {
          if (action.kind === 'result') {
            const result: EventResult = {
              sport: 'football',
              ft: { home: action.ft[0], away: action.ft[1] },
              ...(action.ht ? { ht: { home: action.ht[0], away: action.ht[1] } } : {}),
            };
            model.result(action.event, result);
            await settlement.recordResult(feed, events[action.event]!.id, result).catch((error: unknown) => {
              if (!model.cancelled.has(action.event)) throw error;
            });
          } else if (action.kind === 'cancel') {
            model.cancel(action.event);
            await settlement.cancelEvent(feed, events[action.event]!.id, 'model');
          } else if (action.kind === 'void') {
            const market = events[action.event]!.markets[action.market];
            model.void(action.event, action.market);
            if (market) await settlement.voidMarket(feed, market.id, 'model');
          } else {
            const memberId = members[action.member]!;
            const amount = ((await mainOf(ledger, memberId)) * BigInt(action.percent)) / 100n;
            if (amount > 0n) {
              await ledger.transfer({
                key: `model-spend:${memberId}:${spendings++}`,
                code: 'adjust',
                from: member(memberId, 'main'),
                to: house('adjustments'),
                amount,
                actor: 'system:test',
                reference: 'model',
              });
              spent[action.member]! += amount;
            }
          }

          // The model's view of every bet now.
          const expected = bets.map((bet, index) => {
            const legs = bet.legs.map((one) => ({
              odds: one.odds,
              outcome: model.outcome(one.event, one.market, one.sideName),
            }));
            const decided = legs.every((one) => one.outcome !== null);
            const settled = legs as SettledLeg[];
            return {
              legs: bet.legs,
              decided,
              payout: decided ? betPayout(bet.stake, settled, lineSets[index]!).total : null,
              turnover: decided ? betTurnover(bet.stake, settled, lineSets[index]!, DEFAULT_MIN_TURNOVER_ODDS) : 0n,
            };
          });
          const rows = resultRows<{
            id: string;
            status: string;
            payout: string | null;
            turnover: string;
            unrecovered: string;
          }>(
            await db.execute(sql`
              select id::text as id, status, payout::text as payout, turnover::text as turnover,
                unrecovered::text as unrecovered
              from sports_bets where id = any(${sql.param(ids.map(String))}::bigint[]) order by id`),
          );
          const byId = new Map(rows.map((row) => [row.id, row]));
          const unrecovered = members.map(() => 0n);
          const paid = members.map(() => 0n);
          for (const [index, bet] of expected.entries()) {
            const row = byId.get(ids[index]!.toString());
            expect({ bet: index, status: row?.status, payout: row?.payout, turnover: row?.turnover }).toEqual({
              bet: index,
              status: bet.decided ? 'settled' : 'open',
              payout: bet.payout === null ? null : bet.payout.toString(),
              turnover: bet.turnover.toString(),
            });
            unrecovered[bets[index]!.member]! += BigInt(row?.unrecovered ?? '0');
            paid[bets[index]!.member]! += bet.payout ?? 0n;
          }
          for (const [index, memberId] of members.entries()) {
            const balance = await mainOf(ledger, memberId);
            expect(balance).toBeGreaterThanOrEqual(0n);
            // Without spending nothing is ever short, and the balance is exactly the model's; a reversal left short
            // leaves the member that much above it (what they kept and still owe).
            if (spent[index] === 0n) expect(unrecovered[index]).toBe(0n);
            expect(balance - unrecovered[index]!).toBe(credit[index]! - staked[index]! - spent[index]! + paid[index]!);
          }
          const wagered = resultRows<{ member_id: string; wagered: string }>(
            await db.execute(sql`
              select member_id::text as member_id, wagered::text as wagered from turnover_requirements
              where member_id = any(${sql.param(members.map(String))}::bigint[])`),
          );
          for (const [index, memberId] of members.entries()) {
            const turnover = expected
              .filter((_, betIndex) => bets[betIndex]!.member === index)
              .reduce((sum, bet) => sum + bet.turnover, 0n);
            const row = wagered.find((one) => one.member_id === memberId.toString());
            expect(BigInt(row?.wagered ?? '0')).toBe(turnover);
          }
          for (const [index, event] of events.entries()) {
            const [row] = resultRows<{ status: string }>(
              await db.execute(sql`select status from sports_events where id = ${event.id}`),
            );
            if (model.cancelled.has(index)) expect(row?.status).toBe('cancelled');
            else if (model.results.has(index)) {
              expect(row?.status).toBe(model.eventSettled(index, expected) ? 'settled' : 'finished');
            }
          }
        }

        // Each bet's money, key by key: the stake went to the house once; payouts minus reversals are its payout plus
        // what could not be recovered.
        const money = resultRows<{ reference: string; settles: number; net: string }>(
          await db.execute(sql`
            select reference, count(*) filter (where code = 'bet_settle')::int as settles,
              coalesce(sum(case code when 'bet_payout' then amount when 'bet_reverse' then -amount else 0 end), 0)::text as net
            from ledger_transfers where reference = any(${sql.param(ids.map((id) => `bet:${id}`))}::text[])
            group by reference`),
        );
        const rows = resultRows<{ id: string; status: string; payout: string | null; unrecovered: string }>(
          await db.execute(sql`
            select id::text as id, status, payout::text as payout, unrecovered::text as unrecovered
            from sports_bets where id = any(${sql.param(ids.map(String))}::bigint[])`),
        );
        for (const row of rows) {
          const transfers = money.find((one) => one.reference === `bet:${row.id}`);
          expect(transfers?.settles ?? 0).toBe(row.status === 'settled' ? 1 : 0);
          expect(BigInt(transfers?.net ?? '0')).toBe(BigInt(row.payout ?? '0') + BigInt(row.unrecovered));
        }
        expect(await ledger.check()).toMatchObject({
          unbalancedTransfers: 0,
          mismatchedAccounts: 0,
          negativeMemberAccounts: 0,
          sumOfAllBalances: 0n,
        });
      }),
      { numRuns: kind === 'pglite' ? 40 : 25 },
    );
  }, 240_000);
});

import { betLines, betPayout, type Outcome } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { createLocalBus } from '../../shared/invalidation-bus';
import { insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { createLedgerService } from '../../wallet/ledger/ledger.service';
import { createSportsSettings } from '../sports-settings';
import { fixtureMembers, mainOf, placeFixtureBets } from './bet-fixtures';
import type { EventResult } from './event-result';
import { settleMarket } from './outcome';
import { createSettlementService, type SettlementService } from './settlement.service';

const football = (home: number, away: number): EventResult => ({ sport: 'football', ft: { home, away } });
const YUAN = 10_000n;
const CREDIT = 1_000_000n * YUAN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Results, corrections, cancellations and voids racing the settlement runs that pay them (issue 20): found from
 * outside on PostgreSQL, where a correction posted while the first result was still settling left hundreds of bets
 * paid on the old outcome for good. Every scenario ends with every bet checked one by one against the event's final
 * outcome, and every member's balance against what those bets pay. PGlite (one connection) runs them too, with
 * fewer bets: it cannot interleave, but it must end in the same place.
 */
describe.each(testDatabases)('settlement racing results on %s', (kind) => {
  let sut: TestApp;
  let second: { handle?: DatabaseHandle; settlement: SettlementService };
  const feed = { feed: 'race' } as const;
  // 12 members x 300 singles of 10 on one event, as the attack had it (fewer on PGlite, which only serialises them).
  const MEMBERS = 12;
  const PER_MEMBER = kind === 'postgres' ? 300 : 40;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    // A second server process settling the same book: its own pool on the same database (PGlite has one connection,
    // so there the second instance shares it).
    const handle = sut.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: sut.databaseUrl, poolSize: 10 })
      : undefined;
    const db = handle?.db ?? sut.container.db;
    second = {
      handle,
      settlement: createSettlementService({
        db,
        ledger: createLedgerService(db),
        settings: createSportsSettings(db, createLocalBus()),
        log: { error: () => undefined },
      }),
    };
  });
  afterAll(async () => {
    await second?.handle?.close();
    await sut?.close();
  });

  const db = () => sut.container.db;
  const ledger = () => sut.container.wallet.ledger;
  const settlement = () => sut.container.sports.settlement;

  /** An event and 12 members with 300 singles of 10 each spread over its seven selections. */
  async function busyEvent() {
    const event = await insertEvent(db());
    const members = await fixtureMembers(db(), ledger(), MEMBERS, CREDIT);
    const selections = event.markets.flatMap((market) => Object.values(market.selections));
    const bets = Array.from({ length: MEMBERS * PER_MEMBER }, (_, index) => ({
      memberId: members[index % MEMBERS]!,
      type: 'single' as const,
      stake: 10n * YUAN,
      legs: [{ selectionId: selections[index % selections.length]! }],
    }));
    const ids = await placeFixtureBets(db(), ledger(), bets);
    return { event, members, bets: bets.map((bet, index) => ({ ...bet, id: ids[index]! })) };
  }

  type Busy = Awaited<ReturnType<typeof busyEvent>>;

  /** Both processes keep settling until told to stop, as the jobs' sweep and a second server would. */
  function sweepers() {
    let stopped = false;
    const loop = async (service: SettlementService) => {
      while (!stopped) {
        await service.settlePending({ batchSize: 500 });
        await sleep(5);
      }
    };
    const running = [loop(settlement()), loop(second.settlement)];
    return async () => {
      stopped = true;
      await Promise.all(running);
    };
  }

  /** Waits until every flagged bet is paid: the background runs, then a last run on each process. */
  async function drain() {
    await settlement().idle();
    await settlement().settlePending();
    await second.settlement.settlePending();
  }

  /**
   * Every bet settled once on the final outcome: its payout and each leg's recorded outcome are what `final` (each
   * selection's outcome, computed from the result here, not read from the book) says, nothing is left flagged, its
   * payouts minus its reversals in the ledger are that payout, and every member holds exactly their credit minus
   * their stakes plus what their bets pay.
   */
  async function expectPaidOn(busy: Busy, final: Map<bigint, Outcome>) {
    const rows = new Map(
      resultRows<{
        id: string;
        status: string;
        payout: string | null;
        needs_settlement: boolean;
        leg_outcome: Outcome | null;
        paid: string;
        reversed: string;
      }>(
        await db().execute(sql`
          select b.id::text as id, b.status, b.payout::text as payout, b.needs_settlement, l.outcome as leg_outcome,
            coalesce((select sum(t.amount) from ledger_transfers t
              where t.reference = 'bet:' || b.id and t.code = 'bet_payout'), 0)::text as paid,
            coalesce((select sum(t.amount) from ledger_transfers t
              where t.reference = 'bet:' || b.id and t.code = 'bet_reverse'), 0)::text as reversed
          from sports_bets b join sports_bet_legs l on l.bet_id = b.id and l.leg_no = 0
          where b.id = any(${sql.param(busy.bets.map((bet) => bet.id.toString()))}::bigint[])`),
      ).map((row) => [BigInt(row.id), row]),
    );
    const odds = new Map(
      resultRows<{ id: string; odds: string }>(
        await db().execute(sql`select id::text as id, odds::text as odds from sports_selections
          where event_id = ${busy.event.id}`),
      ).map((row) => [BigInt(row.id), BigInt(row.odds)]),
    );
    const wrong: unknown[] = [];
    const expectedMain = new Map(busy.members.map((memberId) => [memberId, CREDIT]));
    for (const bet of busy.bets) {
      const selectionId = bet.legs[0]!.selectionId;
      const outcome = final.get(selectionId);
      if (!outcome) throw new Error(`no final outcome for selection ${selectionId}`);
      const lines = betLines('single', 1);
      if (!lines.ok) throw new Error('lines');
      const payout = betPayout(bet.stake, [{ odds: odds.get(selectionId)!, outcome }], lines.lines).total;
      expectedMain.set(bet.memberId, expectedMain.get(bet.memberId)! - bet.stake + payout);
      const row = rows.get(bet.id);
      const kept = row ? BigInt(row.paid) - BigInt(row.reversed) : -1n;
      if (
        row?.status !== 'settled' ||
        row.needs_settlement ||
        row.leg_outcome !== outcome ||
        BigInt(row.payout ?? '-1') !== payout ||
        kept !== payout
      ) {
        wrong.push({ bet: bet.id.toString(), expected: { outcome, payout: payout.toString() }, row });
      }
    }
    expect(wrong.slice(0, 5), `${wrong.length} of ${busy.bets.length} bets not paid on the final outcome`).toEqual([]);
    for (const memberId of busy.members) expect(await mainOf(ledger(), memberId)).toBe(expectedMain.get(memberId));
    expect(await ledger().check()).toMatchObject({
      unbalancedTransfers: 0,
      mismatchedAccounts: 0,
      negativeMemberAccounts: 0,
      sumOfAllBalances: 0n,
    });
  }

  /** Each selection's outcome under a result, computed by the settlement rules from the markets' definitions. */
  function outcomesOf(busy: Busy, result: EventResult): Map<bigint, Outcome> {
    const outcomes = new Map<bigint, Outcome>();
    for (const market of busy.event.markets) {
      const settled = settleMarket(
        {
          sport: 'football',
          type: market.type,
          period: market.period,
          line: market.line,
          sides: Object.keys(market.selections),
        },
        result,
      );
      if (!settled.ok) throw new Error(`market ${market.type}: ${settled.error}`);
      for (const [side, id] of Object.entries(market.selections)) outcomes.set(id, settled.outcomes[side]!);
    }
    return outcomes;
  }

  const voided = (busy: Busy) =>
    new Map(
      busy.event.markets.flatMap((market) => Object.values(market.selections).map((id) => [id, 'void' as const])),
    );

  it.each([50, 400])('pays every bet on a correction posted %i ms after the result', async (delay) => {
    const busy = await busyEvent();
    const stop = sweepers();
    await settlement().recordResult(feed, busy.event.id, football(2, 0), { settle: 'background' });
    await sleep(delay);
    await settlement().recordResult(feed, busy.event.id, football(0, 3), { settle: 'background' });
    await stop();
    await drain();
    await expectPaidOn(busy, outcomesOf(busy, football(0, 3)));
  });

  it('gives every stake back on a cancellation posted 50 ms after the result', async () => {
    const busy = await busyEvent();
    const stop = sweepers();
    await settlement().recordResult(feed, busy.event.id, football(3, 0), { settle: 'background' });
    await sleep(50);
    await settlement().cancelEvent(feed, busy.event.id, 'abandoned', { settle: 'background' });
    await stop();
    await drain();
    await expectPaidOn(busy, voided(busy));
  });

  it('ends on the last of ten different results posted at once', async () => {
    const busy = await busyEvent();
    const stop = sweepers();
    const results = Array.from({ length: 10 }, (_, index) => football(index % 4, (index * 3) % 5));
    await Promise.all(
      results.map((result) => settlement().recordResult(feed, busy.event.id, result, { settle: 'background' })),
    );
    await stop();
    await drain();
    // Which one is last is the database's order: the event keeps it.
    const [stored] = resultRows<{ result: EventResult | string }>(
      await db().execute(sql`select result from sports_events where id = ${busy.event.id}`),
    );
    const last = (typeof stored?.result === 'string' ? JSON.parse(stored.result) : stored?.result) as EventResult;
    if (last.sport === 'tennis') throw new Error('a football event');
    const score = (result: EventResult) => (result.sport === 'tennis' ? '' : `${result.ft.home}-${result.ft.away}`);
    expect(results.map(score)).toContain(score(last));
    await expectPaidOn(busy, outcomesOf(busy, last));
  });

  it('gives the stakes of a market voided after settlement back, the other markets staying paid', async () => {
    const busy = await busyEvent();
    await settlement().recordResult(feed, busy.event.id, football(1, 1));
    const stop = sweepers();
    const handicap = busy.event.markets[1]!;
    await settlement().voidMarket(feed, handicap.id, 'wrong line', { settle: 'background' });
    await stop();
    await drain();
    const final = outcomesOf(busy, football(1, 1));
    for (const id of Object.values(handicap.selections)) final.set(id, 'void');
    await expectPaidOn(busy, final);
  });

  // The race itself, made to happen rather than hoped for: a claim that spends a while choosing (thousands of flagged
  // bets still waiting for another event come first) while a correction commits. The claim took its snapshot before
  // the correction and locked the bets after it: read in that same statement, the outcomes were the old result's.
  it.skipIf(kind === 'pglite')(
    'reads outcomes a correction committed while the claim was choosing its bets',
    async () => {
      const waiting = await insertEvent(db());
      const corrected = await insertEvent(db());
      const [memberId] = await fixtureMembers(db(), ledger(), 1, CREDIT);
      // Flagged bets the claim must look at and pass over (their event has no result), with lower ids than the others.
      await db().execute(sql`
      with bets as (
        insert into sports_bets (member_id, idempotency_key, params_hash, type, stake, line_count, total_stake,
          potential_payout, needs_settlement)
        select ${memberId}, 'waiting-' || n, 'x', 'single', 10000, 1, 10000, 21000, true
        from generate_series(1, 60000) as n
        returning id
      )
      insert into sports_bet_legs (bet_id, leg_no, selection_id, market_id, event_id, odds, odds_version)
      select id, 0, ${waiting.markets[0]!.selections.home!}, ${waiting.markets[0]!.id}, ${waiting.id}, 21000, 1
      from bets`);
      const home = corrected.markets[0]!.selections.home!;
      const ids = await placeFixtureBets(
        db(),
        ledger(),
        Array.from({ length: 50 }, () => ({
          memberId: memberId!,
          type: 'single' as const,
          stake: 10n * YUAN,
          legs: [{ selectionId: home }],
        })),
      );
      await settlement().recordResult(feed, corrected.id, football(2, 0), { settle: 'later' });

      const correction = new pg.Client({ connectionString: sut.databaseUrl });
      const claimer = new pg.Client({ connectionString: sut.databaseUrl });
      // Outside any transaction, so each look at pg_stat_activity is a fresh one.
      const watcher = new pg.Client({ connectionString: sut.databaseUrl });
      await Promise.all([correction.connect(), claimer.connect(), watcher.connect()]);
      try {
        // The correction's decision, held open: home now loses. It locks the 50 bets (already flagged) as it flags them.
        await correction.query('begin');
        await correction.query('select sports_lock_events($1::bigint[])', [[corrected.id.toString()]]);
        const x12 = corrected.markets[0]!;
        await correction.query(
          `select * from sports_decide_selections($1::bigint[], 'settled', 2, $2::bigint[], $3::text[])`,
          [
            [x12.id.toString()],
            Object.values(x12.selections).map(String),
            Object.keys(x12.selections).map((side) => (side === 'away' ? 'win' : 'lose')),
          ],
        );
        // The claim starts (its snapshot taken: the server shows it active), and the correction commits while it runs.
        const [{ pid }] = (await claimer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
          { pid: number },
        ];
        const claim = claimer.query<{ id: string; outcome: string }>(
          'select id::text as id, outcome from sports_claim_bets(0, 100)',
        );
        for (let tries = 0; tries < 500; tries++) {
          const { rows } = await watcher.query<{ state: string }>('select state from pg_stat_activity where pid = $1', [
            pid,
          ]);
          if (rows[0]?.state === 'active') break;
        }
        await correction.query('commit');
        const claimed = (await claim).rows.filter((row) => ids.includes(BigInt(row.id)));
        // Claimed or skipped (locked when the claim got there), never read with home's old win.
        expect(claimed.filter((row) => row.outcome !== 'lose')).toEqual([]);
      } finally {
        await Promise.all([correction.end(), claimer.end(), watcher.end()]);
        await db().execute(sql`update sports_bets set needs_settlement = false where idempotency_key like 'waiting-%'`);
      }
    },
  );
});

import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { resultRows } from '../apps/server/src/db/result-rows';
import { createLocalBus } from '../apps/server/src/shared/invalidation-bus';
import { type FixtureBet, fixtureMembers, placeFixtureBets } from '../apps/server/src/sports/settlement/bet-fixtures';
import type { EventResult } from '../apps/server/src/sports/settlement/event-result';
import { createSettlementService } from '../apps/server/src/sports/settlement/settlement.service';
import { createSportsSettings } from '../apps/server/src/sports/sports-settings';
import { type FixtureEvent, insertEvent } from '../apps/server/src/test/sports-fixtures';
import { createLedgerService, house, type Movement, member } from '../apps/server/src/wallet/ledger/ledger.service';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { prepareTarget } from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';

/**
 * Settling one event's open bets in process, without HTTP: BENCH_BETS (100,000) bets over 1,000 members on one
 * football event (singles on each of its seven selections, parlays and 2/3 systems with their other legs on events
 * already decided), then the event's result: how long until every bet is settled (flagging in the result's
 * transaction, then the run's batches with their ledger postings). Then a corrected result, which resettles every
 * bet whose outcome changed (a reversal and a new payout each).
 *
 * Baselines in the same run, on the same database: `ledger.postBatch` of as many plain payouts as the settlement
 * posted, in the same batch size, one batch per transaction; and a raw UPDATE of the same bet rows in the same batches.
 * Target (issue 9): the whole event settled in under 60 s.
 */
const BETS = envNumber('BENCH_BETS', 100_000, { min: 1_000, max: 1_000_000 });
const BATCH = envNumber('BENCH_SETTLE_BATCH', 2_000, { min: 100, max: 20_000 });
const MEMBERS = 1_000;
const OTHER_EVENTS = 10;
const TARGET_SECONDS = 60;

const football = (home: number, away: number): EventResult => ({ sport: 'football', ft: { home, away } });

runBenchmark(async () => {
  console.log(`machine: ${machine()}`);
  const target = await prepareTarget();
  if (!target.databaseUrl) {
    throw new BenchmarkInvalid(
      'the settlement benchmark runs on PostgreSQL: set BENCH_DATABASE_URL (see bench/README.md)',
    );
  }
  const handle: DatabaseHandle = await openDatabase({ kind: 'postgres', url: target.databaseUrl, poolSize: 10 });
  onCleanup(() => handle.close());
  const { db } = handle;
  const ledger = createLedgerService(db);
  const settlement = createSettlementService({
    db,
    ledger,
    settings: createSportsSettings(db, createLocalBus()),
    log: { error: (object: unknown) => console.error(object) },
  });
  const by = { feed: 'bench' } as const;

  // Set-up, not timed.
  let started = performance.now();
  const members = await fixtureMembers(db, ledger, MEMBERS, 1_000_000n * 10_000n);
  const main = await insertEvent(db);
  const others: FixtureEvent[] = [];
  for (let index = 0; index < OTHER_EVENTS; index++) others.push(await insertEvent(db));
  const mainSides = main.markets.flatMap((market) => Object.values(market.selections));
  const otherLeg = (index: number) => {
    const event = others[index % others.length]!;
    return { selectionId: event.markets[0]!.selections[index % 2 === 0 ? 'home' : 'draw']! };
  };
  const bets: FixtureBet[] = Array.from({ length: BETS }, (_, index) => {
    const memberId = members[index % MEMBERS]!;
    const stake = BigInt(1 + (index % 20)) * 10_000n;
    const leg = { selectionId: mainSides[index % mainSides.length]! };
    const kind = index % 10;
    if (kind < 7) return { memberId, type: 'single', stake, legs: [leg] };
    if (kind < 9) return { memberId, type: 'parlay', stake, legs: [leg, otherLeg(index)] };
    // index and index + 1 fall on two different other events.
    return { memberId, type: 'system', system: '2/3', stake, legs: [leg, otherLeg(index), otherLeg(index + 1)] };
  });
  for (let offset = 0; offset < bets.length; offset += 20_000) {
    await placeFixtureBets(db, ledger, bets.slice(offset, offset + 20_000));
  }
  // The other events are decided first: the parlays and systems wait for their leg on the main event.
  for (const [index, event] of others.entries()) await settlement.recordResult(by, event.id, football(index % 3, 1));
  const [open] = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from sports_bets where status = 'open'`),
  );
  if (open?.n !== BETS) throw new BenchmarkInvalid(`expected ${BETS} open bets, found ${open?.n}`);
  console.log(
    `set-up: ${BETS} open bets (70% singles, 20% parlays, 10% 2/3 systems) of ${MEMBERS} members in ${fixed((performance.now() - started) / 1000)} s`,
  );
  await db.execute(sql`vacuum analyze sports_bets`);
  await db.execute(sql`vacuum analyze sports_bet_legs`);

  const countTransfers = async () =>
    Number(
      resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_transfers`))[0]?.n ?? 0,
    );

  // The result: flagged in one transaction, then settled in batches.
  const transfersBefore = await countTransfers();
  started = performance.now();
  await settlement.recordResult(by, main.id, football(2, 1), { settle: 'later' });
  const flagSeconds = (performance.now() - started) / 1000;
  const run = await settlement.settlePending({ batchSize: BATCH });
  const totalSeconds = (performance.now() - started) / 1000;
  const postings = (await countTransfers()) - transfersBefore;
  // The parlays and systems were flagged already when their other legs were decided; the singles are flagged now.
  if (run.settledBets !== BETS) throw new BenchmarkInvalid(`settled ${run.settledBets} of ${BETS} bets`);

  // A correction: every bet whose selection changed is resettled (its payout reversed, the new one posted).
  const beforeCorrection = await countTransfers();
  started = performance.now();
  const corrected = await settlement.recordResult(by, main.id, football(1, 1), { settle: 'later' });
  const correctionFlagSeconds = (performance.now() - started) / 1000;
  const rerun = await settlement.settlePending({ batchSize: BATCH });
  const correctionSeconds = (performance.now() - started) / 1000;
  const correctionPostings = (await countTransfers()) - beforeCorrection;
  if (rerun.settledBets !== corrected.flaggedBets) {
    throw new BenchmarkInvalid(`flagged ${corrected.flaggedBets} on correction, resettled ${rerun.settledBets}`);
  }

  // Baseline 1: as many plain payouts through postBatch, in the same batches.
  const tag = Date.now().toString(36);
  started = performance.now();
  for (let offset = 0; offset < postings; offset += BATCH) {
    const chunk = Array.from(
      { length: Math.min(BATCH, postings - offset) },
      (_, index): Movement => ({
        key: `bench:${tag}:${offset + index}`,
        code: 'bonus',
        from: house('bench'),
        to: member(members[(offset + index) % MEMBERS]!, 'main'),
        amount: 10_000n,
        actor: 'system:bench',
        reference: `bench:${tag}`,
      }),
    );
    await ledger.transaction((tx) => ledger.postBatch(tx, chunk));
  }
  const postBatchSeconds = (performance.now() - started) / 1000;

  // Baseline 2: a raw UPDATE of the same bet rows, in the same batches.
  const ids = resultRows<{ id: string }>(await db.execute(sql`select id::text as id from sports_bets order by id`)).map(
    (row) => row.id,
  );
  started = performance.now();
  for (let offset = 0; offset < ids.length; offset += BATCH) {
    await db.execute(
      sql`update sports_bets set settled_at = now() where id = any(${sql.param(ids.slice(offset, offset + BATCH))}::bigint[])`,
    );
  }
  const rawSeconds = (performance.now() - started) / 1000;

  const check = await ledger.check();
  const [settled] = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from sports_bets where status = 'settled' and not needs_settlement`),
  );

  const perSecond = BETS / totalSeconds;
  printTable([
    ['scenario', 'seconds', 'bets/s', 'postings', 'vs baseline'],
    [
      `result: ${BETS} bets settled (flag ${fixed(flagSeconds, 2)} s + run)`,
      fixed(totalSeconds, 2),
      fixed(perSecond, 0),
      `${postings}`,
      `${fixed((postBatchSeconds / totalSeconds) * 100, 0)}% of postBatch speed`,
    ],
    [
      `correction: ${rerun.settledBets} bets resettled (flag ${fixed(correctionFlagSeconds, 2)} s + run)`,
      fixed(correctionSeconds, 2),
      fixed(rerun.settledBets / correctionSeconds, 0),
      `${correctionPostings}`,
      '',
    ],
    [`baseline: postBatch of ${postings} payouts in ${BATCH}s`, fixed(postBatchSeconds, 2), '', `${postings}`, '100%'],
    [
      `baseline: raw UPDATE of ${ids.length} bet rows in ${BATCH}s`,
      fixed(rawSeconds, 2),
      fixed(ids.length / rawSeconds, 0),
      '',
      '',
    ],
  ]);
  console.log(
    `ledger check: ${JSON.stringify({ ...check, sumOfAllBalances: check.sumOfAllBalances.toString() })}; settled bets: ${settled?.n}`,
  );
  verdict(
    'whole event settled',
    totalSeconds < TARGET_SECONDS,
    `${fixed(totalSeconds, 1)} s (target < ${TARGET_SECONDS} s)`,
  );
  saveResults('settlement-postgres', {
    bets: BETS,
    batch: BATCH,
    flagSeconds,
    totalSeconds,
    betsPerSecond: perSecond,
    postings,
    correction: {
      bets: rerun.settledBets,
      seconds: correctionSeconds,
      flagSeconds: correctionFlagSeconds,
      postings: correctionPostings,
    },
    baseline: { postBatchSeconds, rawUpdateSeconds: rawSeconds },
  });
  if (
    settled?.n !== BETS ||
    check.unbalancedTransfers !== 0 ||
    check.mismatchedAccounts !== 0 ||
    check.negativeMemberAccounts !== 0 ||
    check.sumOfAllBalances !== 0n
  ) {
    throw new BenchmarkInvalid('the ledger check or the settled count is wrong after the run');
  }
});

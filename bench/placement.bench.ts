import { randomUUID } from 'node:crypto';
import { HEADER, sportsApi } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { resultRows } from '../apps/server/src/db/result-rows';
import { type FixtureEvent, insertEvent } from '../apps/server/src/test/sports-fixtures';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import { CONNECTIONS, type LoadOutcome, loadWith, type Measured } from './lib/money-load';
import {
  type BenchMember,
  fundMembers,
  insertMembers,
  ledgerCheck,
  memberHeaders,
  openTarget,
  operatorToken,
  prepareTarget,
  resetBalances,
  SERVER_POOL_SIZE,
  startMoneyServer,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { freePort, startNodeProcess } from './lib/server-process';

/**
 * Bet placement under load (issue 9): random singles and parlays of 1,000 members through the real route (session,
 * validation, one read of the selections, the limits, sports_place_bet with the stake through the ledger), against a
 * raw single-statement balance UPDATE behind the same kind of route on the same database (the money benchmark's
 * baseline, bench/lib/raw-route-server.ts). Targets: p99 under 50 ms and at least 500 bets/s, on PostgreSQL.
 */
const MEMBERS = 1_000;
const EVENTS = 40;
const TARGET_P99_MS = 50;
const TARGET_BETS_PER_SECOND = 500;
const RAW_PATH = '/raw';
/** Warm-up bets use keys of their own, so none is answered from a measured bet (or the reverse). */
const WARMUP_OFFSET = 1_000_000_000;
/** Prices of the fixture's default markets (insertEvent): 1X2, handicap -0.25, over/under 2.5. */
const FIXTURE_ODDS: ReadonlyArray<Record<string, string>> = [
  { home: '2.10', draw: '3.30', away: '3.40' },
  { home: '1.95', away: '1.90' },
  { over: '1.90', under: '1.95' },
];

/** A small seeded generator (mulberry32): the same run tag gives the same bets. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Leg = { selectionId: string; odds: string };

/** 60% singles, 40% parlays of 2 to 4 legs, each leg a random market and side of a different event. */
function randomBet(events: FixtureEvent[], sequence: number): { type: 'single' | 'parlay'; legs: Leg[] } {
  const random = seeded(sequence * 2_654_435_761);
  const legCount = random() < 0.6 ? 1 : 2 + Math.floor(random() * 3);
  const picked = new Set<number>();
  while (picked.size < legCount) picked.add(Math.floor(random() * events.length));
  const legs = [...picked].map((eventIndex) => {
    const event = events[eventIndex]!;
    const marketIndex = Math.floor(random() * event.markets.length);
    const market = event.markets[marketIndex]!;
    const sides = Object.keys(market.selections);
    const side = sides[Math.floor(random() * sides.length)]!;
    return { selectionId: market.selections[side]!.toString(), odds: FIXTURE_ODDS[marketIndex]![side]! };
  });
  return { type: legCount === 1 ? 'single' : 'parlay', legs };
}

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([code, n]) => `${code} x${n}`)
    .join(', ');
}

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 1, max: 300 });
  const warmupSeconds = Math.min(3, seconds);
  console.log(
    `placement: autocannon, ${CONNECTIONS} connections, ${seconds} s after a warm-up of 2 bets a member; ` +
      `${MEMBERS} members, ${EVENTS} events, server pool ${SERVER_POOL_SIZE}`,
  );
  console.log(`machine: ${machine()}`);

  // 1. Members and events straight into the database, before the server owns it.
  const target = await prepareTarget();
  if (target.database !== 'postgres')
    console.log('note: PGlite (set BENCH_DATABASE_URL for PostgreSQL, where the targets apply)');
  const handle = await openTarget(target);
  const setupStarted = performance.now();
  const benchMembers = await insertMembers(handle, MEMBERS);
  const events: FixtureEvent[] = [];
  for (let index = 0; index < EVENTS; index++)
    events.push(await insertEvent(handle.db, { startAt: new Date(Date.now() + 2 * 86_400_000 + index * 15 * 60_000) }));
  console.log(
    `set-up: ${MEMBERS} members and ${EVENTS} events inserted in ${fixed((performance.now() - setupStarted) / 1000)} s`,
  );
  const allAccounts = benchMembers.map((member) => member.mainAccountId);
  await handle.close();

  // 2. The baseline: a raw UPDATE of a member's balance behind a route, over the same 1,000 accounts.
  const rawPort = await freePort();
  const raw = await startNodeProcess({
    name: 'raw route',
    script: 'bench/lib/raw-route-server.ts',
    port: rawPort,
    readyPath: '/ready',
    env: {
      PORT: String(rawPort),
      DB_POOL_SIZE: String(SERVER_POOL_SIZE),
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir }),
    },
  });
  const rawLoad = (sequence: number) => ({
    headers: {},
    body: `account=${allAccounts[sequence % allAccounts.length]}`,
  });
  await loadWith({ baseUrl: raw.url, path: RAW_PATH, seconds: warmupSeconds, next: rawLoad });
  const baseline: Measured = await loadWith({ baseUrl: raw.url, path: RAW_PATH, seconds, next: rawLoad });
  await raw.stop();
  console.log(
    `  baseline, raw UPDATE behind a route, ${MEMBERS} accounts: ${fixed(baseline.requestsPerSecond, 0)}/s, ` +
      `p99 ${fixed(baseline.p99Ms, 1)} ms`,
  );
  const cleanup = await openTarget(target);
  await resetBalances(cleanup, allAccounts);
  await cleanup.close();

  // 3. The server (no simulated feed: prices stay where the bets expect them), members funded through the ledger.
  const server = await startMoneyServer(target, { SPORTS_FEED: 'none' });
  console.log(`server: ${server.url} (pid ${server.pid}, ${target.database})`);
  const operator = await operatorToken(server.url);
  await fundMembers(server.url, operator, benchMembers);
  const before = await ledgerCheck(server.url, operator);
  if (!before.ok) throw new BenchmarkInvalid(`ledger check failed before the load: ${JSON.stringify(before)}`);

  // 4. The load: each request a new bet of a member in turn, with its own Idempotency-Key.
  const runTag = randomUUID().slice(0, 8);
  const next = (sequence: number) => {
    const member: BenchMember = benchMembers[sequence % benchMembers.length]!;
    return {
      headers: { ...memberHeaders(member), [HEADER.idempotencyKey]: `bp-${runTag}-${sequence}` },
      body: JSON.stringify({ ...randomBet(events, sequence), stake: '10', acceptOdds: 'none' }),
    };
  };
  const base = { baseUrl: server.url, path: sportsApi.placeBet, contentType: 'application/json' };
  const problems: string[] = [];
  const check = (label: string, outcome: LoadOutcome) => {
    if (outcome.errors) problems.push(`${label}: ${outcome.errors} errors/timeouts`);
    if (outcome.non2xx) problems.push(`${label}: ${describeCounts({ ...outcome.refusals, ...outcome.unexpected })}`);
    if (!outcome.requests) problems.push(`${label}: no request completed`);
  };
  // Two bets a member first (the first of each fills per-member caches and creates the open-bets account).
  const warmup = await loadWith({
    ...base,
    seconds: warmupSeconds,
    requests: 2 * MEMBERS,
    next: (n) => next(WARMUP_OFFSET + n),
  });
  check('warm-up', warmup);
  await waitForQuiet(server.url, operator);
  const measured = await loadWith({ ...base, seconds, next });
  check('measured', measured);
  const after = await waitForQuiet(server.url, operator);
  await server.stop();

  // 5. What the run left: one bet per accepted request, one stake posting per bet, the books balanced.
  const count = await openTarget(target);
  const [rows] = resultRows<{ bets: number; legs: number; stakes: number; parlays: number }>(
    await count.db.execute(sql`
      select (select count(*)::int from sports_bets) as bets, (select count(*)::int from sports_bet_legs) as legs,
        (select count(*)::int from ledger_transfers where code = 'bet_stake') as stakes,
        (select count(*)::int from sports_bets where type = 'parlay') as parlays`),
  );
  await count.close();
  // autocannon stops at its deadline with up to one request per connection in flight, which the server still places.
  const accepted = warmup.requests - warmup.non2xx + measured.requests - measured.non2xx;
  const written = rows?.bets ?? 0;
  if (written < accepted || written > accepted + 2 * CONNECTIONS || rows?.stakes !== written)
    problems.push(`${accepted} bets accepted, ${written} bet rows, ${rows?.stakes} stake postings`);

  console.log('');
  printTable([
    ['scenario', 'req/s', 'p99 ms', 'vs baseline', 'p99 vs baseline', 'requests', 'non-2xx', 'errors'],
    [
      `baseline: raw UPDATE behind a route, ${MEMBERS} accounts (${target.database})`,
      fixed(baseline.requestsPerSecond, 0),
      fixed(baseline.p99Ms, 1),
      '100%',
      '1.0x',
      String(baseline.requests),
      '',
      '',
    ],
    [
      `place bet, ${MEMBERS} members (singles and parlays)`,
      fixed(measured.requestsPerSecond, 0),
      fixed(measured.p99Ms, 1),
      `${fixed((measured.requestsPerSecond / baseline.requestsPerSecond) * 100, 0)}%`,
      `${fixed(measured.p99Ms / Math.max(baseline.p99Ms, 1), 1)}x`,
      String(measured.requests),
      String(measured.non2xx),
      String(measured.errors),
    ],
  ]);
  console.log('');
  console.log(
    `bets written: ${rows?.bets} (${rows?.parlays} parlays, ${rows?.legs} legs), stake postings: ${rows?.stakes}`,
  );
  verdict(
    `bets/s >= ${TARGET_BETS_PER_SECOND}`,
    measured.requestsPerSecond >= TARGET_BETS_PER_SECOND,
    `${fixed(measured.requestsPerSecond, 0)}/s`,
  );
  verdict(`p99 < ${TARGET_P99_MS} ms`, measured.p99Ms < TARGET_P99_MS, `${measured.p99Ms} ms`);
  console.log(`ledger check after the load: ${JSON.stringify(after)}`);
  console.log(`machine after the run: ${machine()}`);

  saveResults(`placement-${target.database}`, {
    connections: CONNECTIONS,
    serverPool: SERVER_POOL_SIZE,
    seconds,
    members: MEMBERS,
    events: EVENTS,
    database: target.database,
    baseline,
    placement: { ...measured, ratioToBaseline: measured.requestsPerSecond / baseline.requestsPerSecond },
    written: rows,
    ledgerCheck: after,
  });

  if (!after.ok) throw new BenchmarkInvalid(`ledger check failed after the load: ${JSON.stringify(after)}`);
  if (problems.length) throw new BenchmarkInvalid(`the figures are meaningless:\n  ${problems.join('\n  ')}`);
}

runBenchmark(main);

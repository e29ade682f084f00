import { randomUUID } from 'node:crypto';
import { api, casinoApi, HEADER } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { resultRows } from '../apps/server/src/db/result-rows';
import { describeAnswers, envelopeLabel, type HookedOutcome, hookedLoad } from './lib/hooked-load';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import { CONNECTIONS } from './lib/money-load';
import {
  type BenchMember,
  fundMembers,
  insertMembers,
  memberHeaders,
  openTarget,
  operatorToken,
  prepareTarget,
  SERVER_POOL_SIZE,
  startMoneyServer,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { percentile } from './lib/stats';

/**
 * Bets into one house-table round (issue 22): 1,000 members betting through the real route
 * (`POST /api/f/v1/casino/bets`, each request its own `Idempotency-Key`: session, spot checks, then casino_place_bet
 * under the round's share lock and the member's lock, the stake main -> open casino bets through the ledger), on
 * PostgreSQL.
 *
 * 1. Sustained: autocannon, 50 connections, members in turn, each request one action of one to three spots (banker,
 *    player, tie, pairs) of 10.0000 into the same open round of BAC1, in alternating rounds with the baseline: a
 *    cheap authenticated GET on the same server (`GET /api/findmed/v1/member/token`, the read path's route), members
 *    in turn. Figures: bets/s and p99, and both as a ratio of the baseline.
 * 2. At the window's close: every one of the 1,000 members sends one action at once, CLOSE_LEAD_MS (default 2 s)
 *    before the round closes. Figures: actions/s over the burst, p50/p99, how many were taken, refused ROUND_CLOSED
 *    or shed (503), and afterwards, from the database, that no action was taken after `closes_at`.
 *
 * All tables are closed before the server starts, so nothing deals during the set-up; BAC1's window is set to hold
 * the warm-up and the measured rounds (30 s + 4 x BENCH_SECONDS + 10 s), and the operator opens BAC1 over the admin
 * API once the members are funded: its next round is the one measured, and its close the real one. The round then
 * settles, and the ledger check must hold.
 */
const MEMBERS = 1_000;
const TABLE = 'BAC1';
const STAKE = '10';
const ROUNDS = 2;
/** Time the window allows for the warm-up (one action a member) and the GET warm-up, before the measured rounds. */
const WARMUP_ALLOWANCE_S = 30;
/** Answers the close burst may get besides OK: too late, or shed by the server's overload protection. */
const BURST_REFUSALS = new Set(['ROUND_CLOSED', 'SERVICE_UNAVAILABLE']);
const WARMUP_OFFSET = 1_000_000_000;
const SPOT_SETS = [['banker'], ['player'], ['banker', 'banker_pair'], ['player', 'tie'], ['banker', 'player_pair']];

type RoundNow = { id: string; phase: string; closesAt: string };

async function currentRound(baseUrl: string, member: BenchMember): Promise<RoundNow | null> {
  const response = await fetch(`${baseUrl}${casinoApi.casinoTable.replace(':code', TABLE)}`, {
    headers: memberHeaders(member),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { status?: boolean; data?: { round: RoundNow | null } };
  if (!response.ok || !body.status) throw new BenchmarkInvalid(`GET table ${TABLE}: HTTP ${response.status}`);
  return body.data?.round ?? null;
}

async function waitForBetting(baseUrl: string, member: BenchMember): Promise<RoundNow> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const round = await currentRound(baseUrl, member);
    if (round?.phase === 'betting') return round;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new BenchmarkInvalid(`table ${TABLE} opened no round in 60 s (is the dealer running?)`);
}

function betBody(roundId: string, sequence: number): string {
  const spots = SPOT_SETS[sequence % SPOT_SETS.length]!;
  return JSON.stringify({ table: TABLE, roundId, bets: spots.map((spot) => ({ spot, amount: STAKE })) });
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'casino bets: SKIPPED, needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. ' +
        'postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created on it and dropped afterwards',
    );
    return;
  }
  process.env.BENCH_DATABASE_URL = adminUrl;
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 1, max: 120 });
  const warmupSeconds = Math.min(3, seconds);
  const leadMs = envNumber('CLOSE_LEAD_MS', 2_000, { min: 0, max: 10_000 });
  console.log(
    `casino bets: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${seconds} s after a warm-up of one ` +
      `action a member; ${MEMBERS} members into one round of ${TABLE}; server pool ${SERVER_POOL_SIZE}`,
  );
  console.log(`machine: ${machine()}`);

  // 1. Members straight into the database; one long window at BAC1, the other tables closed.
  const target = await prepareTarget();
  const handle = await openTarget(target);
  const [hasTables] = resultRows<{ n: number }>(
    await handle.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'casino_tables'`,
    ),
  );
  if (!hasTables?.n)
    throw new BenchmarkInvalid('no casino_tables after the migrations: the casino module has not landed');
  const benchMembers = await insertMembers(handle, MEMBERS);
  const windowMs = (WARMUP_ALLOWANCE_S + 2 * ROUNDS * seconds + 10) * 1000;
  await handle.db.execute(sql`update casino_tables set window_ms = ${windowMs} where code = ${TABLE}`);
  await handle.db.execute(sql`update casino_tables set open = false`);
  await handle.close();

  const server = await startMoneyServer(target, { SPORTS_FEED: 'none', OVERLOAD_LATENCY_TARGET_MS: '0' });
  console.log(`server: ${server.url} (pid ${server.pid}, ${target.database})`);
  const operator = await operatorToken(server.url);
  const setupStarted = performance.now();
  await fundMembers(server.url, operator, benchMembers);
  console.log(`set-up: ${MEMBERS} members credited over HTTP in ${fixed((performance.now() - setupStarted) / 1000)} s`);
  const opened = await fetch(`${server.url}${casinoApi.adminCasinoTableOpen.replace(':code', TABLE)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!opened.ok) throw new BenchmarkInvalid(`opening ${TABLE}: HTTP ${opened.status} ${await opened.text()}`);
  const round = await waitForBetting(server.url, benchMembers[0]!);
  console.log(`round ${round.id} of ${TABLE}, window ${windowMs / 1000} s, open until ${round.closesAt}`);

  // 2. Sustained: baseline GET and bets, alternating.
  const runTag = randomUUID().slice(0, 8);
  const get = (sequence: number) => ({
    path: api.token,
    headers: memberHeaders(benchMembers[sequence % MEMBERS]!),
  });
  const bet = (sequence: number) => ({
    path: casinoApi.casinoBet,
    headers: {
      ...memberHeaders(benchMembers[sequence % MEMBERS]!),
      'content-type': 'application/json',
      [HEADER.idempotencyKey]: `cb-${runTag}-${sequence}`,
    },
    body: betBody(round.id, sequence),
  });
  type Next = (sequence: number) => { path: string; headers: Record<string, string>; body?: string };
  const load = (method: 'GET' | 'POST', next: Next, options: { seconds: number; amount?: number }) =>
    hookedLoad({
      baseUrl: server.url,
      method,
      connections: CONNECTIONS,
      next,
      classify: envelopeLabel,
      ...options,
    });
  const problems: string[] = [];
  const check = (label: string, outcome: HookedOutcome) => {
    const refused = Object.entries(outcome.answers).filter(([code]) => code !== 'OK');
    if (refused.length) problems.push(`${label}: ${describeAnswers(Object.fromEntries(refused))}`);
    if (outcome.errors) problems.push(`${label}: ${outcome.errors} errors/timeouts`);
  };
  let offset = 0;
  // One action a member first (each creates the member's open-bets account), and the GET warmed alike.
  const warmup = await load('POST', (n) => bet(WARMUP_OFFSET + n), { seconds: 120, amount: MEMBERS });
  check('warm-up', warmup);
  check('warm-up GET', await load('GET', get, { seconds: warmupSeconds }));
  const baselines: HookedOutcome[] = [];
  const measured: HookedOutcome[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const baseline = await load('GET', get, { seconds });
    check(`baseline ${r + 1}`, baseline);
    baselines.push(baseline);
    const from = offset;
    const bets = await load('POST', (n) => bet(from + n), { seconds });
    offset += bets.sent;
    check(`bets ${r + 1}`, bets);
    measured.push(bets);
    console.log(
      `  round ${r + 1}: GET ${fixed(baseline.requestsPerSecond, 0)}/s p99 ${baseline.p99Ms} ms; ` +
        `bets ${fixed(bets.requestsPerSecond, 0)}/s p99 ${bets.p99Ms} ms`,
    );
  }

  // 3. The close: every member's action at once, leadMs before it.
  const closesAt = Date.parse(round.closesAt);
  const waitMs = closesAt - leadMs - Date.now();
  if (waitMs < 0)
    throw new BenchmarkInvalid(`the measured rounds ran past ${leadMs} ms before the close (lower BENCH_SECONDS)`);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const burstAnswers: Record<string, number> = {};
  const burstMs: number[] = [];
  const burstStarted = performance.now();
  await Promise.all(
    benchMembers.map(async (_, index) => {
      const begin = performance.now();
      const request = bet(2 * WARMUP_OFFSET + index);
      let label: string;
      try {
        const response = await fetch(`${server.url}${request.path}`, {
          method: 'POST',
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(30_000),
        });
        label = envelopeLabel(response.status, await response.text());
      } catch (error) {
        // fetch's TypeError hides the socket's own failure (ECONNRESET ...) in `cause`.
        const failure = error as Error & { cause?: { code?: string } };
        label = `error ${failure.cause?.code ?? failure.name}`;
      }
      burstMs.push(performance.now() - begin);
      burstAnswers[label] = (burstAnswers[label] ?? 0) + 1;
    }),
  );
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  const burstTaken = burstAnswers.OK ?? 0;
  const burstUnexpected = Object.entries(burstAnswers).filter(([code]) => code !== 'OK' && !BURST_REFUSALS.has(code));
  if (burstUnexpected.length) problems.push(`close burst: ${describeAnswers(Object.fromEntries(burstUnexpected))}`);

  // 4. The round settles; what the database holds must match what was answered, nothing after the close.
  const admin = await openTarget(target);
  const settleDeadline = Date.now() + 60_000;
  let phase = '';
  while (Date.now() < settleDeadline) {
    const [row] = resultRows<{ phase: string }>(
      await admin.db.execute(sql`select phase from casino_rounds where id = ${BigInt(round.id)}`),
    );
    phase = row?.phase ?? '';
    if (phase === 'settled' || phase === 'refunded') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const after = await waitForQuiet(server.url, operator);
  const [rows] = resultRows<{ actions: number; late: number; open: number; closes: string }>(
    await admin.db.execute(sql`
      select count(*)::int as actions,
        count(*) filter (where b.placed_at > r.closes_at)::int as late,
        count(*) filter (where b.status = 'open')::int as open,
        max(r.closes_at)::text as closes
      from casino_bets b join casino_rounds r on r.id = b.round_id where b.round_id = ${BigInt(round.id)}`),
  );
  await admin.close();
  await server.stop();
  const answered =
    (warmup.answers.OK ?? 0) + measured.reduce((sum, outcome) => sum + (outcome.answers.OK ?? 0), 0) + burstTaken;
  // autocannon stops with up to one request per connection in flight, which the server still takes.
  if (!rows || rows.actions < answered || rows.actions > answered + ROUNDS * CONNECTIONS)
    problems.push(`${answered} actions answered OK, ${rows?.actions} rows for the round`);
  if (rows?.late) problems.push(`${rows.late} actions placed after the round closed`);
  if (phase !== 'settled') problems.push(`the round ended ${phase || 'unsettled'}, not settled`);
  if (rows?.open) problems.push(`${rows.open} actions still open after the round settled`);

  const mean = (outcomes: HookedOutcome[], key: 'requestsPerSecond' | 'p99Ms') =>
    outcomes.reduce((sum, outcome) => sum + outcome[key], 0) / outcomes.length;
  const baseRate = mean(baselines, 'requestsPerSecond');
  const baseP99 = mean(baselines, 'p99Ms');
  const betRate = mean(measured, 'requestsPerSecond');
  const betP99 = mean(measured, 'p99Ms');
  const burstP50 = percentile(burstMs, 50);
  const burstP99 = percentile(burstMs, 99);
  console.log('');
  printTable([
    ['scenario', 'req/s', 'p99 ms', 'vs baseline', 'p99 vs baseline', 'requests'],
    [
      `baseline: GET ${api.token}, ${MEMBERS} members`,
      fixed(baseRate, 0),
      fixed(baseP99, 1),
      '100%',
      '1.0x',
      String(baselines.reduce((sum, outcome) => sum + outcome.requests, 0)),
    ],
    [
      `bets into one round of ${TABLE}, ${MEMBERS} members (1-3 spots each)`,
      fixed(betRate, 0),
      fixed(betP99, 1),
      `${fixed((betRate / baseRate) * 100, 0)}%`,
      `${fixed(betP99 / Math.max(baseP99, 1), 1)}x`,
      String(measured.reduce((sum, outcome) => sum + outcome.requests, 0)),
    ],
    [
      `at the close: ${MEMBERS} members at once, ${leadMs} ms before it`,
      fixed(MEMBERS / burstSeconds, 0),
      fixed(burstP99, 1),
      '',
      `${fixed(burstP99 / Math.max(baseP99, 1), 1)}x`,
      String(MEMBERS),
    ],
  ]);
  console.log('');
  console.log(
    `close burst: ${describeAnswers(burstAnswers)} in ${fixed(burstSeconds * 1000, 0)} ms (p50 ${fixed(burstP50, 1)} ms, ` +
      `p99 ${fixed(burstP99, 1)} ms); round ${round.id} closed at ${rows?.closes}, ${phase}`,
  );
  console.log(
    `round ${round.id}: ${rows?.actions} actions stored (${answered} answered OK), ${rows?.late} after the close`,
  );
  verdict('no action taken after the close', rows?.late === 0, `${rows?.late} late`);
  verdict('every action answered OK is stored and settled', problems.length === 0, `${rows?.actions} rows`);
  console.log(`ledger check after the round: ${JSON.stringify(after)}`);
  console.log(`machine after the run: ${machine()}`);

  saveResults(`casino-bets-${target.database}`, {
    members: MEMBERS,
    connections: CONNECTIONS,
    seconds,
    rounds: ROUNDS,
    baseline: baselines,
    bets: measured,
    ratio: betRate / baseRate,
    burst: { answers: burstAnswers, seconds: burstSeconds, p50Ms: burstP50, p99Ms: burstP99 },
    stored: rows,
    ledgerCheck: after,
  });
  if (!after.ok) throw new BenchmarkInvalid(`ledger check failed after the round: ${JSON.stringify(after)}`);
  if (problems.length) throw new BenchmarkInvalid(`the figures are meaningless:\n  ${problems.join('\n  ')}`);
}

runBenchmark(main);

import { HEADER, walletApi } from '@jinb/contract';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import { CONNECTIONS, type LoadOutcome, loadWith, type Measured, rawUpdateRunner, rawUpdates } from './lib/money-load';
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
  WITHDRAW_PASSWORD,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { freePort, startNodeProcess } from './lib/server-process';

/**
 * Money paths under load: withdrawals and in-house venue transfers, spread over many members and concentrated on
 * one, against a raw single-statement balance UPDATE behind the same kind of route (bench/lib/raw-route-server.ts)
 * on the same database. The in-process UPDATE (no HTTP) is printed beside it for reference. Targets (issue 8): a
 * venue transfer at least 35% of the baseline with p99 under 100 ms, a withdrawal (with its limits and turnover
 * checks) at least 25% with p99 under 100 ms, when spread over 1,000 members; at least 40% of the hot baseline when
 * all on one member.
 */
const MEMBERS = 1_000;
const TARGET_P99_MS = 100;
/** The issue's ratio targets, by scenario kind and spread. */
const TARGET_RATIO: Record<'withdraw' | 'transfer', Record<Spread, number>> = {
  withdraw: { spread: 0.25, one: 0.4 },
  transfer: { spread: 0.35, one: 0.4 },
};
const RAW_PATH = '/raw';
/** A multiple of MEMBERS and even, so a warm-up request picks the same member and direction as its measured twin. */
const WARMUP_OFFSET = 1_000_000_000;

type Spread = 'spread' | 'one';
type Scenario = {
  name: string;
  kind: 'withdraw' | 'transfer';
  spread: Spread;
  path: string;
  next: (sequence: number) => RequestParts;
};
type RequestParts = { headers: Record<string, string>; body: string };

function scenarios(benchMembers: BenchMember[], runTag: string): Scenario[] {
  const headersOf = benchMembers.map(memberHeaders);
  const pick = (spread: Spread, sequence: number) => (spread === 'spread' ? sequence % benchMembers.length : 0);
  const keyed = (index: number, key: string) => ({ ...headersOf[index]!, [HEADER.idempotencyKey]: key });

  const withdraw = (spread: Spread): Scenario => ({
    name: `withdraw, ${spread === 'spread' ? `${MEMBERS} members` : 'one member'}`,
    kind: 'withdraw',
    spread,
    path: walletApi.withdraw,
    next: (sequence) => {
      const index = pick(spread, sequence);
      return {
        headers: keyed(index, `bw-${runTag}-${spread}-${sequence}`),
        body: `amount=100&cardId=${benchMembers[index]!.cardId}&password=${WITHDRAW_PASSWORD}`,
      };
    },
  });
  // Out and back in turn, per member, so the balances on both sides last however long the run.
  const transfer = (spread: Spread): Scenario => ({
    name: `venue transfer, ${spread === 'spread' ? `${MEMBERS} members` : 'one member'}`,
    kind: 'transfer',
    spread,
    path: walletApi.transfer,
    next: (sequence) => {
      const index = pick(spread, sequence);
      const round = spread === 'spread' ? Math.floor(sequence / benchMembers.length) : sequence;
      return {
        headers: keyed(index, `bt-${runTag}-${spread}-${sequence}`),
        body: round % 2 ? 'from=house&to=main&amount=1' : 'from=main&to=house&amount=1',
      };
    },
  });
  return [withdraw('spread'), withdraw('one'), transfer('spread'), transfer('one')];
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
    `money: autocannon, ${CONNECTIONS} connections, ${seconds} s per scenario after ${warmupSeconds} s warm-up; ` +
      `${MEMBERS} members`,
  );
  console.log(`machine: ${machine()}`);

  // 1. Members straight into the database, and the baseline on it, before the server owns it.
  const target = await prepareTarget();
  const handle = await openTarget(target);
  const setupStarted = performance.now();
  const benchMembers = await insertMembers(handle, MEMBERS);
  console.log(`set-up: ${MEMBERS} members inserted in ${fixed((performance.now() - setupStarted) / 1000)} s`);

  const allAccounts = benchMembers.map((member) => member.mainAccountId);
  const oneAccount = [allAccounts[0]!];
  const runner = rawUpdateRunner(handle, target.databaseUrl);
  await rawUpdates(runner.run, allAccounts, warmupSeconds);
  const inProcess: Record<Spread, Measured> = {
    spread: await rawUpdates(runner.run, allAccounts, seconds),
    one: await rawUpdates(runner.run, oneAccount, seconds),
  };
  await runner.close();
  await handle.close();

  // The baseline: the same UPDATE behind a route, measured by the same client as the server.
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
  const rawLoad = (accounts: bigint[]) => (sequence: number) => ({
    headers: {},
    body: `account=${accounts[sequence % accounts.length]}`,
  });
  await loadWith({ baseUrl: raw.url, path: RAW_PATH, seconds: warmupSeconds, next: rawLoad(allAccounts) });
  const baselines: Record<Spread, Measured> = {
    spread: await loadWith({ baseUrl: raw.url, path: RAW_PATH, seconds, next: rawLoad(allAccounts) }),
    one: await loadWith({ baseUrl: raw.url, path: RAW_PATH, seconds, next: rawLoad(oneAccount) }),
  };
  await raw.stop();
  for (const spread of ['spread', 'one'] as const) {
    const label = spread === 'spread' ? `${MEMBERS} accounts` : 'one account';
    console.log(
      `  baseline, raw UPDATE behind a route, ${label}: ${fixed(baselines[spread].requestsPerSecond, 0)}/s, ` +
        `p99 ${fixed(baselines[spread].p99Ms, 1)} ms (in process, no HTTP: ` +
        `${fixed(inProcess[spread].requestsPerSecond, 0)}/s, p99 ${fixed(inProcess[spread].p99Ms, 1)} ms)`,
    );
  }
  const cleanup = await openTarget(target);
  await resetBalances(cleanup, allAccounts);
  await cleanup.close();

  // 2. The server, then the members' money through its own endpoints.
  const server = await startMoneyServer(target);
  console.log(`server: ${server.url} (pid ${server.pid}, ${target.database})`);
  const operator = await operatorToken(server.url);
  const fundStarted = performance.now();
  await fundMembers(server.url, operator, benchMembers);
  console.log(`set-up: members funded over HTTP in ${fixed((performance.now() - fundStarted) / 1000)} s`);
  const before = await ledgerCheck(server.url, operator);
  if (!before.ok) throw new BenchmarkInvalid(`ledger check failed before the load: ${JSON.stringify(before)}`);

  // 3. The load.
  const runTag = Date.now().toString(36);
  const invalid: string[] = [];
  const results: Array<{ scenario: Scenario; outcome: LoadOutcome }> = [];
  const check = (scenario: Scenario, label: string, outcome: LoadOutcome) => {
    const problems: string[] = [];
    if (outcome.errors) problems.push(`${outcome.errors} errors/timeouts`);
    if (Object.keys(outcome.unexpected).length) problems.push(describeCounts(outcome.unexpected));
    if (!outcome.requests) problems.push('no request completed');
    if (problems.length) invalid.push(`${scenario.name} (${label}): ${problems.join(', ')}`);
  };
  // BENCH_ONLY=<text> runs only the scenarios whose name contains it (e.g. "withdraw"), to look at one closely.
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios(benchMembers, runTag).filter((each) => !only || each.name.includes(only))) {
    const base = { baseUrl: server.url, path: scenario.path, next: scenario.next };
    // The warm-up's sequence numbers start far above the measured run's, so no idempotency key is used twice.
    // Spread over members, the warm-up reaches each of them twice (their first request fills per-member caches).
    const warmup = await loadWith({
      ...base,
      seconds: warmupSeconds,
      ...(scenario.spread === 'spread' ? { requests: 2 * MEMBERS } : {}),
      next: (n) => scenario.next(WARMUP_OFFSET + n),
    });
    check(scenario, 'warm-up', warmup);
    await waitForQuiet(server.url, operator);
    const outcome = await loadWith({ ...base, seconds });
    check(scenario, 'measured', outcome);
    results.push({ scenario, outcome });
    await waitForQuiet(server.url, operator);
    console.log(
      `  ${scenario.name}: ${fixed(outcome.requestsPerSecond, 0)} req/s, p99 ${outcome.p99Ms} ms` +
        (outcome.non2xx ? ` (${outcome.non2xx} non-2xx)` : ''),
    );
  }

  // 4. The books must still balance after it.
  const after = await waitForQuiet(server.url, operator);

  console.log('');
  printTable([
    ['scenario', 'req/s', 'p99 ms', 'vs baseline', 'requests', 'non-2xx', 'refusals', 'errors'],
    ...(['spread', 'one'] as const).flatMap((spread) => [
      [
        `baseline: raw UPDATE behind a route, ${spread === 'spread' ? `${MEMBERS} accounts` : 'one account'} (${target.database})`,
        fixed(baselines[spread].requestsPerSecond, 0),
        fixed(baselines[spread].p99Ms, 1),
        '100%',
        String(baselines[spread].requests),
        '',
        '',
        '',
      ],
      [
        `  for reference: raw UPDATE in process, no HTTP`,
        fixed(inProcess[spread].requestsPerSecond, 0),
        fixed(inProcess[spread].p99Ms, 1),
        `${fixed((inProcess[spread].requestsPerSecond / baselines[spread].requestsPerSecond) * 100, 0)}%`,
        String(inProcess[spread].requests),
        '',
        '',
        '',
      ],
    ]),
    ...results.map(({ scenario, outcome }) => [
      scenario.name,
      fixed(outcome.requestsPerSecond, 0),
      fixed(outcome.p99Ms, 1),
      `${fixed((outcome.requestsPerSecond / baselines[scenario.spread].requestsPerSecond) * 100, 0)}%`,
      String(outcome.requests),
      String(outcome.non2xx),
      describeCounts(outcome.refusals) || '0',
      String(outcome.errors),
    ]),
  ]);
  console.log('');
  for (const { scenario, outcome } of results) {
    const baseline = baselines[scenario.spread];
    const ratio = outcome.requestsPerSecond / baseline.requestsPerSecond;
    const target = TARGET_RATIO[scenario.kind][scenario.spread];
    verdict(
      `${scenario.name} >= ${target * 100}% of baseline req/s`,
      ratio >= target,
      `${fixed(ratio * 100, 0)}% (${fixed(outcome.requestsPerSecond, 0)} vs ${fixed(baseline.requestsPerSecond, 0)}/s)`,
    );
    if (scenario.spread === 'spread') {
      verdict(`${scenario.name} p99 < ${TARGET_P99_MS} ms`, outcome.p99Ms < TARGET_P99_MS, `${outcome.p99Ms} ms`);
    }
  }
  console.log(`ledger check after the load: ${JSON.stringify(after)}`);
  console.log(`machine after the run: ${machine()}`);

  saveResults(`money-${target.database}`, {
    connections: CONNECTIONS,
    seconds,
    members: MEMBERS,
    database: target.database,
    baselines,
    inProcessBaselines: inProcess,
    scenarios: results.map(({ scenario, outcome }) => ({
      name: scenario.name,
      spread: scenario.spread,
      ...outcome,
      ratioToBaseline: outcome.requestsPerSecond / baselines[scenario.spread].requestsPerSecond,
    })),
    ledgerCheck: after,
  });

  if (!after.ok) throw new BenchmarkInvalid(`ledger check failed after the load: ${JSON.stringify(after)}`);
  if (invalid.length) {
    throw new BenchmarkInvalid(`requests failed, the figures are meaningless:\n  ${invalid.join('\n  ')}`);
  }
}

runBenchmark(main);

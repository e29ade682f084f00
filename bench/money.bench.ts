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
  startMoneyServer,
  WITHDRAW_PASSWORD,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';

/**
 * Money paths under load: withdrawals and in-house venue transfers, spread over many members and concentrated on
 * one, against a raw single-statement balance update on the same database. Targets (issue): at least 70% of the
 * matching baseline's requests/s, and p99 under 100 ms when the load is spread over members.
 */
const MEMBERS = 1_000;
const TARGET_RATIO = 0.7;
const TARGET_P99_MS = 100;
/** A multiple of MEMBERS and even, so a warm-up request picks the same member and direction as its measured twin. */
const WARMUP_OFFSET = 1_000_000_000;

type Spread = 'spread' | 'one';
type Scenario = { name: string; spread: Spread; path: string; next: (sequence: number) => RequestParts };
type RequestParts = { headers: Record<string, string>; body: string };

function scenarios(benchMembers: BenchMember[], runTag: string): Scenario[] {
  const headersOf = benchMembers.map(memberHeaders);
  const pick = (spread: Spread, sequence: number) => (spread === 'spread' ? sequence % benchMembers.length : 0);
  const keyed = (index: number, key: string) => ({ ...headersOf[index]!, [HEADER.idempotencyKey]: key });

  const withdraw = (spread: Spread): Scenario => ({
    name: `withdraw, ${spread === 'spread' ? `${MEMBERS} members` : 'one member'}`,
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
  const baselines: Record<Spread, Measured> = {
    spread: await rawUpdates(runner.run, allAccounts, seconds),
    one: await rawUpdates(runner.run, oneAccount, seconds),
  };
  await runner.close();
  for (const [spread, measured] of Object.entries(baselines)) {
    console.log(
      `  baseline, raw UPDATE, ${spread === 'spread' ? `${MEMBERS} accounts` : 'one account'}: ` +
        `${fixed(measured.requestsPerSecond, 0)}/s, p99 ${fixed(measured.p99Ms, 1)} ms`,
    );
  }
  await resetBalances(handle, allAccounts);
  await handle.close();

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
  for (const scenario of scenarios(benchMembers, runTag)) {
    const base = { baseUrl: server.url, path: scenario.path, next: scenario.next };
    // The warm-up's sequence numbers start far above the measured run's, so no idempotency key is used twice.
    const warmup = await loadWith({ ...base, seconds: warmupSeconds, next: (n) => scenario.next(WARMUP_OFFSET + n) });
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
    ...(['spread', 'one'] as const).map((spread) => [
      `baseline: raw UPDATE, ${spread === 'spread' ? `${MEMBERS} accounts` : 'one account'} (${target.database})`,
      fixed(baselines[spread].requestsPerSecond, 0),
      fixed(baselines[spread].p99Ms, 1),
      '100%',
      String(baselines[spread].requests),
      '',
      '',
      '',
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
    verdict(
      `${scenario.name} >= ${TARGET_RATIO * 100}% of baseline req/s`,
      ratio >= TARGET_RATIO,
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

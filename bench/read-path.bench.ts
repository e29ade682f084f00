import { api, HEADER } from '@jinb/contract';
import autocannon, { type Result } from 'autocannon';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import { newDevice, signIn, siteHeaders } from './lib/member-client';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { BENCH_MEMBER, freePort, HOST, startAppServer, startNodeProcess } from './lib/server-process';

/**
 * Read path: how much of a bare Fastify route's throughput the member read endpoints keep once sessions,
 * plugins and the database are involved. Target (issue): at least 60% of the bare route's requests/s.
 */
const CONNECTIONS = 50;
const TARGET_RATIO = 0.6;
const BARE_PATH = '/bare';

type Scenario = { name: string; url: string; headers: Record<string, string>; runs: Result[] };

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const mean = (values: number[]) => sum(values) / values.length;

async function expectJson(url: string, headers: Record<string, string>, check: (body: unknown) => string | null) {
  const response = await fetch(url, { headers });
  const body: unknown = await response.json();
  const problem = response.ok ? check(body) : `HTTP ${response.status}`;
  if (problem) throw new BenchmarkInvalid(`${url}: ${problem}: ${JSON.stringify(body).slice(0, 300)}`);
}

/** Responses must be the member's own data; a 200 that says "not logged in" would measure the wrong path. */
async function checkSession(baseUrl: string, headers: Record<string, string>) {
  await expectJson(`${baseUrl}${api.token}`, headers, (body) => {
    const data = (body as { status?: boolean; data?: { account?: string } }).data;
    return data?.account === BENCH_MEMBER.account ? null : 'token did not return the bench member';
  });
  await expectJson(`${baseUrl}${api.preInfo}`, headers, (body) => {
    const data = (body as { data?: { isLogin?: boolean; username?: string } }).data;
    return data?.isLogin && data.username === BENCH_MEMBER.account ? null : 'preInfo did not see the session';
  });
}

async function load(scenario: Scenario, seconds: number): Promise<Result> {
  return autocannon({ url: scenario.url, headers: scenario.headers, connections: CONNECTIONS, duration: seconds });
}

function problemsOf(result: Result): string[] {
  const problems: string[] = [];
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx`);
  if (!result.requests.total) problems.push('no request completed');
  return problems;
}

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 1, max: 300 });
  const rounds = envNumber('BENCH_ROUNDS', 2, { min: 1, max: 10 });
  const warmupSeconds = Math.min(3, seconds);
  console.log(
    `read path: autocannon, ${CONNECTIONS} connections, ${seconds} s per scenario and round, ${rounds} round(s), ` +
      `${warmupSeconds} s warm-up`,
  );
  console.log(`machine: ${machine()}`);

  const barePort = await freePort();
  const bare = await startNodeProcess({
    name: 'bare',
    script: 'bench/lib/bare-server.ts',
    port: barePort,
    readyPath: BARE_PATH,
    env: { PORT: String(barePort) },
  });
  // Token rotation (every 15 min by default) would end the benchmark's session mid-run on long runs. One member sends
  // every request here, far past the per-client read limit: switched off, as the read path is what is measured.
  const server = await startAppServer({
    env: { SESSION_ROTATE_MINUTES: String(24 * 60), READ_LIMIT_MEMBER: '0', READ_LIMIT_IP: '0' },
  });
  console.log(
    `server: ${server.url} (pid ${server.pid}, ${server.database}); bare Fastify: ${bare.url} (pid ${bare.pid})`,
  );

  const device = newDevice();
  const token = await signIn(server.url, BENCH_MEMBER.account, BENCH_MEMBER.password, device);
  const sessionHeaders = siteHeaders(device, { [HEADER.token]: token });
  await checkSession(server.url, sessionHeaders);

  // The bare route gets the same headers as the real ones, so both parse the same request.
  const scenarios: Scenario[] = [
    { name: 'bare Fastify route (baseline)', url: `${bare.url}${BARE_PATH}`, headers: sessionHeaders, runs: [] },
    { name: `GET ${api.token}`, url: `${server.url}${api.token}`, headers: sessionHeaders, runs: [] },
    { name: `GET ${api.preInfo}`, url: `${server.url}${api.preInfo}`, headers: sessionHeaders, runs: [] },
  ];

  const invalid: string[] = [];
  const record = (scenario: Scenario, label: string, result: Result) => {
    const problems = problemsOf(result);
    if (problems.length) invalid.push(`${scenario.name} (${label}): ${problems.join(', ')}`);
  };
  for (const scenario of scenarios) record(scenario, 'warm-up', await load(scenario, warmupSeconds));
  // The machine is shared: every other round runs in reverse order, so a drift in its load weighs on the baseline
  // and the real routes alike instead of on whichever ran last.
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? scenarios : [...scenarios].reverse();
    for (const scenario of order) {
      const result = await load(scenario, seconds);
      record(scenario, `round ${round}`, result);
      scenario.runs.push(result);
      console.log(
        `  round ${round}: ${scenario.name}: ${fixed(result.requests.average, 0)} req/s, p99 ${result.latency.p99} ms`,
      );
    }
  }
  // The session must still be the same one at the end, or part of the run measured something else.
  await checkSession(server.url, sessionHeaders);

  const figures = scenarios.map((scenario) => ({
    name: scenario.name,
    requestsPerSecond: mean(scenario.runs.map((run) => run.requests.average)),
    p99Ms: mean(scenario.runs.map((run) => run.latency.p99)),
    requests: sum(scenario.runs.map((run) => run.requests.total)),
    non2xx: sum(scenario.runs.map((run) => run.non2xx)),
    errors: sum(scenario.runs.map((run) => run.errors + run.timeouts)),
  }));
  const baseline = figures[0]!;

  console.log('');
  printTable([
    ['scenario (mean of rounds)', 'req/s', 'p99 ms', 'req/s vs bare', 'p99 vs bare', 'requests', 'non-2xx', 'errors'],
    ...figures.map((figure) => [
      figure.name,
      fixed(figure.requestsPerSecond, 0),
      fixed(figure.p99Ms, 1),
      `${fixed((figure.requestsPerSecond / baseline.requestsPerSecond) * 100, 0)}%`,
      `${fixed(figure.p99Ms / baseline.p99Ms, 2)}x`,
      String(figure.requests),
      String(figure.non2xx),
      String(figure.errors),
    ]),
  ]);
  console.log('');
  for (const figure of figures.slice(1)) {
    const ratio = figure.requestsPerSecond / baseline.requestsPerSecond;
    verdict(
      `${figure.name} >= ${TARGET_RATIO * 100}% of bare req/s`,
      ratio >= TARGET_RATIO,
      `${fixed(ratio * 100, 0)}% (${fixed(figure.requestsPerSecond, 0)} vs ${fixed(baseline.requestsPerSecond, 0)} req/s)`,
    );
  }

  saveResults('read-path', {
    connections: CONNECTIONS,
    seconds,
    rounds,
    database: server.database,
    host: HOST,
    scenarios: figures.map((figure) => ({
      ...figure,
      ratioToBare: figure.requestsPerSecond / baseline.requestsPerSecond,
    })),
  });

  if (invalid.length) {
    throw new BenchmarkInvalid(`requests failed, the figures are meaningless:\n  ${invalid.join('\n  ')}`);
  }
}

runBenchmark(main);

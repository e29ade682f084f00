import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { HEADER, sportsApi, walletAdminApi, walletApi } from '@jinb/contract';
import { openDatabase } from '../apps/server/src/db/database';
import { type FixtureEvent, insertEvent } from '../apps/server/src/test/sports-fixtures';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import {
  BENCH_OPERATOR,
  type BenchMember,
  insertMembers,
  memberHeaders,
  operatorToken,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { DEMO_CAPTCHA, REPO_ROOT } from './lib/server-process';
import { percentile, runPool } from './lib/stats';

/**
 * Issue 28: mixed member traffic through nginx (deploy/local-up.sh, demo mode on its own PostgreSQL and Redis) at
 * rising rates until p99 passes 200 ms, for 1 node and for 2 nodes. The baseline, measured in the same run and at the
 * same steps: the 1-node run's node asked directly, without nginx. The figure is the knee, the highest rate a step
 * held with p99 <= 200 ms (and the rate asked for reached); 2 nodes against 1 shows the scaling, the edge against
 * the bare node what nginx and TLS cost.
 */
const P99_BUDGET_MS = 200;
/** A step that answers less than this share of the rate asked for is past the knee whatever its p99. */
const MIN_RATE_SHARE = 0.9;
const QUICK = process.argv.includes('--quick');
const MEMBERS = envNumber('BENCH_LB_MEMBERS', QUICK ? 50 : 200, { min: 10, max: 5000 });
const EVENTS = 20;
const STEP_SECONDS = QUICK ? 2 : envNumber('BENCH_SECONDS', 5, { min: 1, max: 60 });
const RATES = QUICK ? [10, 20] : [25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1200, 1600];
/** Requests per member and node before the steps, at this rate (below the first step's on this machine's worst day). */
const WARMUP_PER_MEMBER = QUICK ? 1 : 3;
const WARMUP_RATE = QUICK ? 20 : 40;
/** Requests of the mix timed one at a time (7 in 10 reads): 10 transfers and 20 bets in 100. */
const QUIET_REQUESTS = QUICK ? 20 : 100;
/** Enough for the highest step at 60 ms a request, well under nginx's 256 per address (exempted anyway). */
const MAX_CONNECTIONS = 100;
const REQUEST_TIMEOUT_MS = 10_000;
/** Each member's credit (under the default adjustment approval threshold) and the float moved to the venue. */
const CREDIT_YUAN = '20000';
const VENUE_FLOAT_YUAN = '1000';
const STAKE_YUAN = '10';
const SETUP_ATTEMPTS = 10;
/** What the set-up had to retry, printed: on a quiet machine both stay 0. */
const setupRetries = { shed: 0, network: 0 };
/** The fixture's 1x2 prices (insertEvent), as a member's slip sends them. */
const ODDS_1X2: Record<string, string> = { home: '2.10', draw: '3.30', away: '3.40' };
const READS = [walletApi.assets, sportsApi.sportsEvents, walletApi.records] as const;

type Kind = 'read' | 'bet' | 'money';
type StepOutcome = {
  rate: number;
  achieved: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  /** Answers that were not an OK envelope, by code. */
  failed: Record<string, number>;
  sentByKind: Record<Kind, number>;
  /** p99 within the budget and the rate asked for answered. */
  p99Held: boolean;
  /** That, with no error and no failed answer: below the knee. */
  withinBudget: boolean;
};
type Series = { label: string; steps: StepOutcome[]; knee: StepOutcome | undefined; done: boolean };
type Local = { url: string; nodeUrls: string[]; databaseUrl: string; down: () => Promise<void> };

function sh(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`  ${chunk.toString().trimEnd()}\n`));
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

/** state.env is written with printf %q: plain words, spaces escaped with a backslash. */
function readState(dir: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const line of readFileSync(path.join(dir, 'state.env'), 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) state[line.slice(0, at)] = line.slice(at + 1).replace(/\\(.)/g, '$1');
  }
  return state;
}

/** The deploy folder whose local-up runs: the repository's, or another (a changed nginx configuration, to compare). */
const DEPLOY_DIR = process.env.BENCH_DEPLOY_DIR ?? path.join(REPO_ROOT, 'deploy');

async function localUp(dir: string, nodes: number, dists: { web: string; console: string }): Promise<Local> {
  const env = {
    ...process.env,
    JINB_LOCAL_DIR: dir,
    JINB_LOCAL_NODES: String(nodes),
    JINB_LOCAL_MODE: 'demo',
    JINB_EDGE_EXEMPT: '127.0.0.1',
    DEMO_CAPTCHA,
    DEMO_OPERATOR: `${BENCH_OPERATOR.account}:${BENCH_OPERATOR.password}`,
    // Prices stay where the bets expect them (a moving feed would refuse slips with ODDS_CHANGED).
    SPORTS_FEED: 'none',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WEB_DIST: dists.web,
    CONSOLE_DIST: dists.console,
  };
  let stopped = false;
  const down = async () => {
    if (stopped) return;
    stopped = true;
    await sh(path.join(DEPLOY_DIR, 'local-down.sh'), env);
  };
  onCleanup(down);
  const started = performance.now();
  const up = await sh(path.join(DEPLOY_DIR, 'local-up.sh'), env);
  if (up.code !== 0) throw new BenchmarkInvalid(`deploy/local-up.sh exited ${up.code} (logs in ${dir}/logs)`);
  const state = readState(dir);
  const nodeUrls = (state.NODE_PORTS ?? '').split(' ').map((port) => `http://127.0.0.1:${port}`);
  console.log(`${nodes} node(s) up in ${fixed((performance.now() - started) / 1000)} s: nginx ${state.JINB_URL}`);
  return { url: state.JINB_URL!, nodeUrls, databaseUrl: state.DATABASE_URL!, down };
}

/** The web and console builds nginx serves: the caller's, the repository's, or built once into the scratch folder. */
async function builds(scratch: string): Promise<{ web: string; console: string }> {
  const given = { web: process.env.WEB_DIST, console: process.env.CONSOLE_DIST };
  const repo = { web: path.join(REPO_ROOT, 'apps/web/dist'), console: path.join(REPO_ROOT, 'apps/console/dist') };
  const out = { web: given.web ?? repo.web, console: given.console ?? repo.console };
  for (const app of ['web', 'console'] as const) {
    if (existsSync(path.join(out[app], 'index.html'))) continue;
    out[app] = path.join(scratch, app);
    console.log(`building the ${app} into ${out[app]} (no build at ${repo[app]})`);
    const config = path.join(REPO_ROOT, `apps/${app}/vite.config.ts`);
    const built = await sh(`npx vite build --logLevel warn --outDir ${out[app]} -c ${config} apps/${app}`, {
      ...process.env,
    });
    if (built.code !== 0) throw new BenchmarkInvalid(`the ${app} build failed`);
  }
  return out;
}

/**
 * A set-up call. A 503 (the node shedding load, as it may on a busy machine just after it started) or a connection
 * closed before the answer is retried as the site does, after Retry-After, with the same idempotency key, so a retry
 * never moves money twice.
 */
async function call(url: string, init: RequestInit): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let outcome: { status: number; text: string; retryAfterS: number };
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      outcome = { status: response.status, text, retryAfterS: Number(response.headers.get('retry-after') ?? 1) };
    } catch (error) {
      if (attempt >= SETUP_ATTEMPTS) throw error;
      setupRetries.network++;
      continue;
    }
    if (outcome.status === 200 && outcome.text.includes('"status":true')) return;
    if (outcome.status !== 503 || attempt >= SETUP_ATTEMPTS)
      throw new BenchmarkInvalid(`${init.method} ${url}: HTTP ${outcome.status} ${outcome.text.slice(0, 300)}`);
    setupRetries.shed++;
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(outcome.retryAfterS, 0.5), 3) * 1000));
  }
}

/** Credits each member as an operator and moves a float to the in-house venue as the member: the server's own ledger rows. */
async function fund(nodeUrl: string, operator: string, benchMembers: BenchMember[]): Promise<void> {
  await runPool(benchMembers.length, 10, async (index) => {
    const member = benchMembers[index]!;
    await call(`${nodeUrl}${walletAdminApi.adminAdjust.replace(':id', member.memberId.toString())}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${operator}`,
        'content-type': 'application/json',
        [HEADER.idempotencyKey]: `lb-credit-${member.memberId}`,
      },
      body: JSON.stringify({ amount: CREDIT_YUAN, reason: 'balancer bench credit' }),
    });
    await call(`${nodeUrl}${walletApi.transfer}`, {
      method: 'POST',
      headers: {
        ...memberHeaders(member),
        'content-type': 'application/x-www-form-urlencoded',
        [HEADER.idempotencyKey]: `lb-float-${member.memberId}`,
      },
      body: new URLSearchParams({ from: 'main', to: 'house', amount: VENUE_FLOAT_YUAN }).toString(),
    });
  });
}

/**
 * The member mix, one request per sequence number: 7 in 10 reads (balance, the sports list, the wallet records in
 * turn), 2 bets (a single on a 1x2 selection), 1 venue transfer (out and back in turn per member). Each kind walks
 * the members with its own counter, so no member is tied to one kind. Bets and transfers carry an Idempotency-Key of
 * their own, unique in the run, so none is answered from an earlier one.
 */
function memberMix(benchMembers: BenchMember[], events: FixtureEvent[]) {
  const runTag = randomUUID().slice(0, 8);
  const headersOf = benchMembers.map(memberHeaders);
  const transfersOf = new Int32Array(benchMembers.length);
  const counters = { read: 0, bet: 0, money: 0 };
  return (
    sequence: number,
  ): { kind: Kind; method: string; path: string; headers: Record<string, string>; body?: string } => {
    const slot = sequence % 10;
    if (slot < 7) {
      const n = counters.read++;
      return {
        kind: 'read',
        method: 'GET',
        path: READS[n % READS.length]!,
        headers: headersOf[n % benchMembers.length]!,
      };
    }
    if (slot < 9) {
      const n = counters.bet++;
      const event = events[n % events.length]!;
      const sides = Object.keys(event.markets[0]!.selections);
      const side = sides[Math.floor(n / events.length) % sides.length]!;
      return {
        kind: 'bet',
        method: 'POST',
        path: sportsApi.placeBet,
        headers: {
          ...headersOf[n % benchMembers.length]!,
          [HEADER.idempotencyKey]: `lb-bet-${runTag}-${n}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          type: 'single',
          legs: [{ selectionId: event.markets[0]!.selections[side]!.toString(), odds: ODDS_1X2[side] }],
          stake: STAKE_YUAN,
          acceptOdds: 'none',
        }),
      };
    }
    const n = counters.money++;
    const index = n % benchMembers.length;
    const out = transfersOf[index]!++ % 2 === 0;
    return {
      kind: 'money',
      method: 'POST',
      path: walletApi.transfer,
      headers: {
        ...headersOf[index]!,
        [HEADER.idempotencyKey]: `lb-move-${runTag}-${n}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: out ? 'from=main&to=house&amount=1' : 'from=house&to=main&amount=1',
    };
  };
}

type Built = ReturnType<ReturnType<typeof memberMix>>;

/** One request on a keep-alive agent; resolves with the answer, rejects on a connection error or the timeout. */
function send(agent: http.Agent, target: URL, built: Built): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...built.headers };
    if (built.body !== undefined) headers['content-length'] = Buffer.byteLength(built.body);
    const request = (target.protocol === 'https:' ? https : http).request(
      { host: target.hostname, port: target.port, path: built.path, method: built.method, headers, agent },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(built.body);
  });
}

/**
 * One step, open loop: `rate` requests a second sent at evenly spaced times whatever the answers do, on up to
 * MAX_CONNECTIONS keep-alive connections, each request's latency counted from when it was due (time spent waiting for a
 * free connection counts, so a server falling behind shows in the p99 rather than slowing the client down). The rate
 * answered is the answers over the time until the last one came back.
 */
async function step(
  url: string,
  rate: number,
  seconds: number,
  next: ReturnType<typeof memberMix>,
  sequence: { n: number },
): Promise<StepOutcome> {
  const target = new URL(url);
  const agent =
    target.protocol === 'https:'
      ? new https.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS, rejectUnauthorized: false })
      : new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS });
  const failed: Record<string, number> = {};
  const sentByKind: Record<Kind, number> = { read: 0, bet: 0, money: 0 };
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const built = next(sequence.n++);
    sentByKind[built.kind]++;
    pending.push(
      send(agent, target, built).then(
        ({ status, body }) => {
          latencies.push(performance.now() - due);
          if (status >= 200 && status < 300 && body.includes('"status":true')) return;
          let code = `HTTP ${status}`;
          try {
            code = `${(JSON.parse(body) as { code?: string }).code ?? code} (${status})`;
          } catch {
            // Not the envelope (nginx's own page): keep the status.
          }
          failed[code] = (failed[code] ?? 0) + 1;
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  const achieved = latencies.length / Math.max(elapsedS, seconds);
  const p99Ms = Math.round(percentile(latencies, 99));
  const p99Held = p99Ms <= P99_BUDGET_MS && achieved >= rate * MIN_RATE_SHARE;
  return {
    rate,
    achieved,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms,
    requests: latencies.length,
    errors,
    failed,
    sentByKind,
    p99Held,
    // A shed or failed request is a member who got no answer: a step with any is past the knee however fast it was
    // (the shed 503s are fast and pull the p99 down).
    withinBudget: p99Held && errors === 0 && Object.keys(failed).length === 0,
  };
}

function describe(counts: Record<string, number>): string {
  return (
    Object.entries(counts)
      .map(([code, n]) => `${code} x${n}`)
      .join(', ') || '0'
  );
}

/**
 * Runs the rates in order for each series still below its knee, the series of one rate one after the other (so a
 * drift in the machine's load reaches them alike), until every series has passed its knee or the rates run out.
 */
async function climb(
  targets: Array<{ label: string; url: string }>,
  next: ReturnType<typeof memberMix>,
  sequence: { n: number },
) {
  const series: Series[] = targets.map(({ label }) => ({ label, steps: [], knee: undefined, done: false }));
  for (const rate of RATES) {
    if (series.every((each) => each.done)) break;
    for (const [index, target] of targets.entries()) {
      const each = series[index]!;
      if (each.done) continue;
      // A step over budget is run once more before the series ends: on a shared machine one stall of a few hundred
      // milliseconds is the p99 of a step, and the second look says whether it was the rate or the stall.
      for (let attempt = 1; attempt <= 2; attempt++) {
        const outcome = await step(target.url, rate, STEP_SECONDS, next, sequence);
        each.steps.push(outcome);
        const last = !outcome.withinBudget && attempt === 2;
        console.log(
          `  ${each.label.padEnd(22)} ${String(rate).padStart(5)}/s asked: ${fixed(outcome.achieved, 0).padStart(5)}/s, ` +
            `p50 ${outcome.p50Ms} ms, p99 ${outcome.p99Ms} ms, errors ${outcome.errors}, failed ${describe(outcome.failed)}` +
            (outcome.withinBudget ? '' : last ? '  <- past the knee' : '  <- past it, once more'),
        );
        // Bets and transfers still in flight when a step ended on a timeout finish before the next step starts.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if (outcome.withinBudget) {
          each.knee = outcome;
          break;
        }
        if (last) each.done = true;
      }
    }
  }
  return series;
}

/**
 * Where a request's time goes when nothing else is asked: the mix sent one request at a time to a node directly,
 * each timed, by route. Explains the knee (a route that costs 50 ms alone leaves a core 20 of them a second).
 */
async function quietLatency(nodeUrl: string, next: ReturnType<typeof memberMix>, sequence: { n: number }) {
  const byRoute = new Map<string, number[]>();
  for (let index = 0; index < QUIET_REQUESTS; index++) {
    const built = next(sequence.n++);
    const started = performance.now();
    const response = await fetch(`${nodeUrl}${built.path}`, {
      method: built.method,
      headers: built.headers,
      ...(built.body !== undefined ? { body: built.body } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const took = performance.now() - started;
    if (!response.ok || !text.includes('"status":true'))
      throw new BenchmarkInvalid(`${built.method} ${built.path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    const route = `${built.method} ${built.path}`;
    byRoute.set(route, [...(byRoute.get(route) ?? []), took]);
  }
  const figures = [...byRoute].map(([route, times]) => ({
    route,
    requests: times.length,
    p50Ms: percentile(times, 50),
    maxMs: Math.max(...times),
  }));
  console.log(
    `  one at a time, node direct: ${figures.map((f) => `${f.route} p50 ${fixed(f.p50Ms)} ms (max ${fixed(f.maxMs, 0)}, ${f.requests})`).join('; ')}`,
  );
  return figures;
}

async function main() {
  const cores = os.availableParallelism();
  console.log(
    `balancer: mixed member traffic (70% reads, 20% bets, 10% venue transfers) through nginx, ${MEMBERS} members, ` +
      `${STEP_SECONDS} s a step at ${RATES.join(', ')} requests/s until p99 > ${P99_BUDGET_MS} ms${QUICK ? ' (--quick)' : ''}`,
  );
  console.log(`machine: ${machine()}; os.availableParallelism() = ${cores}`);
  const loadAtStart = os.loadavg();

  const given = process.env.JINB_LOCAL_DIR;
  const scratch = given ?? mkdtempSync(path.join(os.tmpdir(), 'jinb-bench-lb-'));
  mkdirSync(scratch, { recursive: true });
  // As root, local-up runs PostgreSQL as the postgres user, which must reach its folder inside this one.
  chmodSync(scratch, 0o755);
  if (!given) onCleanup(() => rmSync(scratch, { recursive: true, force: true }));
  const dists = await builds(scratch);
  const localDir = path.join(scratch, 'local');
  // A fresh database each run (the members' invite codes are fixed): whatever an earlier run left is stopped first.
  await sh(path.join(DEPLOY_DIR, 'local-down.sh'), { ...process.env, JINB_LOCAL_DIR: localDir });
  rmSync(localDir, { recursive: true, force: true });

  const sequence = { n: 0 };
  const figures: Record<string, Series> = {};
  const ledger: Record<string, unknown> = {};
  let benchMembers: BenchMember[] = [];
  const events: FixtureEvent[] = [];
  let quiet: Awaited<ReturnType<typeof quietLatency>> = [];
  for (const nodes of [1, 2]) {
    console.log(`\n${nodes} node(s):`);
    const local = await localUp(localDir, nodes, dists);
    const nodeUrl = local.nodeUrls[0]!;
    const operator = await operatorToken(nodeUrl);
    if (!benchMembers.length) {
      // Members with a session each and open events, straight into the run's database (the first node migrated it).
      const started = performance.now();
      const handle = await openDatabase({ kind: 'postgres', url: local.databaseUrl });
      try {
        benchMembers = await insertMembers(handle, MEMBERS);
        for (let index = 0; index < EVENTS; index++)
          events.push(await insertEvent(handle.db, { startAt: new Date(Date.now() + 86_400_000 + index * 900_000) }));
      } finally {
        await handle.close();
      }
      await fund(nodeUrl, operator, benchMembers);
      console.log(
        `set-up: ${MEMBERS} members funded, ${EVENTS} events, in ${fixed((performance.now() - started) / 1000)} s`,
      );
    }
    const next = memberMix(benchMembers, events);
    // A warm-up through the edge, not counted: every member reaches every node a few times (sessions, per-member
    // caches, the pools and the JIT), or the first steps would measure cold members.
    const warmup = await step(
      local.url,
      WARMUP_RATE,
      Math.ceil((WARMUP_PER_MEMBER * nodes * MEMBERS) / WARMUP_RATE),
      next,
      sequence,
    );
    console.log(
      `  warm-up: ${warmup.requests} requests at ${WARMUP_RATE}/s asked, p99 ${warmup.p99Ms} ms, errors ${warmup.errors}, ` +
        `failed ${describe(warmup.failed)}`,
    );
    if (nodes === 1) quiet = await quietLatency(nodeUrl, next, sequence);
    const targets = [{ label: `nginx, ${nodes} node(s)`, url: local.url }];
    if (nodes === 1) targets.unshift({ label: 'baseline: node direct', url: nodeUrl });
    for (const each of await climb(targets, next, sequence)) figures[each.label] = each;
    ledger[`${nodes} node(s)`] = await waitForQuiet(nodeUrl, operator);
    await local.down();
  }
  const loadAtEnd = os.loadavg();

  const all = Object.values(figures);
  const knee = (label: string) => figures[label]?.knee?.achieved ?? 0;
  const direct = knee('baseline: node direct');
  const one = knee('nginx, 1 node(s)');
  const two = knee('nginx, 2 node(s)');
  console.log('');
  printTable([
    ['series', 'knee req/s', 'p99 at knee', 'vs baseline', 'steps', 'errors while p99 held', 'failed while p99 held'],
    ...all.map((each) => {
      const below = each.steps.filter((s) => s.p99Held);
      return [
        each.label,
        // Every rate held: the knee is above the highest step, not at it.
        each.knee ? `${each.done ? '' : '>= '}${fixed(each.knee.achieved, 0)}` : 'none',
        each.knee ? `${each.knee.p99Ms} ms` : '',
        direct ? `${fixed((knee(each.label) / direct) * 100, 0)}%` : '',
        String(each.steps.length),
        String(below.reduce((sum, s) => sum + s.errors, 0)),
        describe(
          below.reduce<Record<string, number>>((sum, s) => {
            for (const [code, n] of Object.entries(s.failed)) sum[code] = (sum[code] ?? 0) + n;
            return sum;
          }, {}),
        ),
      ];
    }),
  ]);
  console.log('');
  console.log(
    `cores ${cores}; knee through nginx: 1 node ${fixed(one, 0)}/s, 2 nodes ${fixed(two, 0)}/s, ` +
      `2 nodes / 1 node ${one ? fixed(two / one, 2) : 'n/a'}x; nginx with 1 node / the node direct ` +
      `${direct ? fixed(one / direct, 2) : 'n/a'}x`,
  );
  console.log(
    `load average at the start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at the end ${loadAtEnd.map((v) => v.toFixed(2)).join(' ')}`,
  );
  for (const [label, check] of Object.entries(ledger))
    console.log(`ledger check after ${label}: ${JSON.stringify(check)}`);
  const belowKneeProblems = all.flatMap((each) =>
    each.steps
      .filter((s) => s.p99Held && !s.withinBudget)
      .map((s) => `${each.label} at ${s.rate}/s: errors ${s.errors}, failed ${describe(s.failed)}`),
  );
  verdict(
    '0 failed requests while p99 <= 200 ms',
    belowKneeProblems.length === 0,
    belowKneeProblems.join('; ') || 'none',
  );
  saveResults('balancer', {
    cores,
    quick: QUICK,
    members: MEMBERS,
    stepSeconds: STEP_SECONDS,
    p99BudgetMs: P99_BUDGET_MS,
    loadAtStart,
    loadAtEnd,
    series: figures,
    kneeRequestsPerSecond: { direct, oneNode: one, twoNodes: two },
    twoNodesOverOne: one ? two / one : null,
    quietLatency: quiet,
    ledger,
  });
  const unbalanced = Object.entries(ledger).filter(([, check]) => !(check as { ok: boolean }).ok);
  if (unbalanced.length) throw new BenchmarkInvalid(`ledger check failed: ${JSON.stringify(unbalanced)}`);
  if (belowKneeProblems.length)
    throw new BenchmarkInvalid(`failed requests below the knee: ${belowKneeProblems.join('; ')}`);
}

runBenchmark(main);

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '@jinb/contract';
import pg from 'pg';
import { onCleanup } from './lifecycle';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';

/** 5400-5499, or the 100 ports from BENCH_PORT_BASE (a machine where that range is someone else's). */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 5400);
const PORT_RANGE = { first: PORT_BASE, last: PORT_BASE + 99 } as const;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export const DEMO_CAPTCHA = '1234';
export const BENCH_MEMBER = { account: 'bench01', password: 'bench123456' } as const;

const claimedPorts = new Set<number>();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** A free port in the range the benchmarks may use; never one this run already handed out. */
export async function freePort(): Promise<number> {
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last; port++) {
    if (claimedPorts.has(port)) continue;
    if (await portIsFree(port)) {
      claimedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

/**
 * Only what the process needs from the caller's environment: a DATABASE_URL, REDIS_URL or APP_MODE exported in the
 * shell must not silently change what is measured.
 */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'TZ', 'UV_THREADPOOL_SIZE']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export type RunningProcess = { url: string; port: number; pid: number; stop(): Promise<void> };

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  const exited = new Promise<true>((resolve) => child.once('exit', () => resolve(true)));
  return Promise.race([exited, sleep(timeoutMs, false)]);
}

/** Starts `node --import tsx <script>` with the given env and waits until `readyPath` answers 200. */
export async function startNodeProcess(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  port: number;
  readyPath: string;
}): Promise<RunningProcess> {
  const url = `http://${HOST}:${options.port}`;
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (open it in Chrome DevTools) to show where time goes.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', options.script], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: could not start`);

  // Output is shown only when something goes wrong, or when it is a warning worth reading during a run.
  let ready = false;
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (ready) console.error(`[${options.name}] ${line}`);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
      child.kill('SIGKILL');
      await waitForExit(child, STOP_TIMEOUT_MS);
    }
  };
  onCleanup(stop);

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(`${url}${options.readyPath}`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) {
        ready = true;
        return { url, port: options.port, pid, stop };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`${options.name} did not become ready on ${url}; its last output:\n${tail.join('\n')}`);
}

/**
 * A fresh database on the PostgreSQL server in BENCH_DATABASE_URL, dropped afterwards, so a benchmark neither reads
 * nor leaves rows in someone's database. Undefined when the variable is not set (the server then runs on PGlite).
 */
async function scratchPostgres(): Promise<string | undefined> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `jinb_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type AppServer = RunningProcess & { database: 'pglite' | 'postgres' };

/**
 * The real server (apps/server/src/main.ts) in demo mode with a fixed captcha and a known member, on a fresh data
 * folder. PGlite by default; PostgreSQL when BENCH_DATABASE_URL is set.
 */
export async function startAppServer(
  options: { name?: string; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-bench-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await scratchPostgres();
  const port = await freePort();
  const running = await startNodeProcess({
    name: options.name ?? 'server',
    script: 'apps/server/src/main.ts',
    port,
    readyPath: api.publicKey,
    env: {
      APP_MODE: 'demo',
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DEMO_CAPTCHA,
      DEMO_MEMBER: `${BENCH_MEMBER.account}:${BENCH_MEMBER.password}`,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
  });
  return { ...running, database: databaseUrl ? 'postgres' : 'pglite' };
}

/** Helpers for tests that talk to a real server process over HTTP (crash and fault tests). */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt, randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export async function data<T>(response: Response | Promise<Response>): Promise<T> {
  return ((await (await response).json()) as { data: T }).data;
}

export const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

/** The fixed captcha answer the test servers run with (DEMO_CAPTCHA). */
export const TEST_CAPTCHA = '1234';

/** Operator sign-in as the console does it: fetch a captcha for this device, then sign in with its answer. */
export async function operatorSignIn(
  base: string,
  account: string,
  password: string,
  device = `console-${account}-${randomBytes(4).toString('hex')}`,
): Promise<Response> {
  await fetch(`${base}/api/findmed/v1/member/captcha`, { headers: { device_no: device } });
  return fetch(`${base}/api/admin/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', device_no: device, lang: 'zh-CN' },
    body: form({ account, password, code: TEST_CAPTCHA }),
  });
}

/** Member sign-in as the site does it: the password RSA-encrypted with the server's key, a captcha for this device. */
export async function memberSignIn(base: string, account: string, password: string, device: string): Promise<Response> {
  const key = createPublicKey({
    key: Buffer.from((await data<{ key: string }>(fetch(`${base}/api/f/v1/member/publicKey`))).key, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  await fetch(`${base}/api/findmed/v1/member/captcha`, { headers: { device_no: device } });
  return fetch(`${base}/api/f/v1/member/login/mpe`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', device_no: device },
    body: form({ account, password: cipher, code: TEST_CAPTCHA }),
  });
}

/**
 * A port in 21000-28999 nothing listens on (other test servers may run on this machine at the same time). Below the
 * kernel's ephemeral range (32768-60999 here): a port from that range, free when probed, can be taken by any outgoing
 * connection (a database pool, Redis, a fetch) before the server binds it, and the server then exits with
 * EADDRINUSE (a crash test's restart did, in CI).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 21_000 + randomInt(8_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 21000-28999');
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * A server process in demo mode on PostgreSQL (and the Redis of `REDIS_URL`, under its own key prefix), with a fixed
 * demo member and operator: what the tests of several processes start, one per "node". Processes of one deployment
 * share `dataDir` (its secrets and keys).
 */
export function spawnDemoServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  redisPrefix: string;
  member: { account: string; password: string };
  operator: { account: string; password: string };
  env?: Record<string, string>;
}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_MODE: 'demo',
      DATABASE_URL: options.databaseUrl,
      // Its own keys on the shared Redis: other test runs' topics, limits and invalidations are not this one's.
      REDIS_PREFIX: options.redisPrefix,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      // Tests read its lines as JSON (demo mode would print readable ones).
      LOG_FORMAT: 'json',
      SPORTS_FEED: 'none',
      DEMO_CAPTCHA: TEST_CAPTCHA,
      DEMO_MEMBER: `${options.member.account}:${options.member.password}`,
      DEMO_OPERATOR: `${options.operator.account}:${options.operator.password}`,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until the server process answers `path` (its health check by default); fails at once if it exited. */
export async function waitForServer(
  base: string,
  child: ChildProcess,
  options: { path?: string; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${options.path ?? '/api/health'}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** A fresh database on the PostgreSQL of TEST_DATABASE_URL for a server process of its own, and its removal. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

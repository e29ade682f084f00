import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { data, form, memberSignIn, operatorSignIn, scratchDatabase, waitForServer } from '../test/live-server';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL;

function startServer(
  port: number,
  dataDir: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  /** Collects the server's log lines (then LOG_LEVEL in env decides what it writes). */
  logLines?: string[],
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_MODE: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO_CAPTCHA: '1234',
      DEMO_MEMBER: 'fault01:fault12345',
      DEMO_OPERATOR: 'faultop:fault12345',
      LOG_LEVEL: 'fatal',
      // Its lines are read as JSON (demo mode would print readable ones).
      LOG_FORMAT: 'json',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: logLines ? ['ignore', 'pipe', 'ignore'] : 'ignore',
  });
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    logLines?.push(...lines);
  });
  return child;
}

type Timed = { status: number; code: string | undefined; ms: number };

/** One request's status, error code and how long its answer took. */
async function timed(request: () => Promise<Response>): Promise<Timed> {
  const started = performance.now();
  const response = await request();
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code, ms: performance.now() - started };
}

/**
 * A loopback TCP proxy in front of PostgreSQL that can go silent: bytes stop flowing both ways while every socket
 * stays open, as on a network partition (no RST, no FIN).
 */
function silentCutProxy(port: number, target: URL) {
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!cut) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!cut) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    cut() {
      cut = true;
    },
    resume() {
      cut = false;
      // Connections that lost bytes during the cut are unusable; dropping them is what the real network does too.
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe.skipIf(!ADMIN_URL)('the real server process when PostgreSQL fails', () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 within seconds when the database goes silent, and recovers when it comes back', async () => {
    const port = 18340 + Math.floor(Math.random() * 20);
    const proxyPort = port + 30;
    const base = `http://127.0.0.1:${port}`;
    const database = await scratchDatabase('jinb_fault');
    cleanups.push(database.drop);
    const proxy = silentCutProxy(proxyPort, new URL(database.url));
    await proxy.listen();
    cleanups.push(proxy.close);
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxyPort}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-cut-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = startServer(port, dataDir, viaProxy.toString(), {
      DB_CONNECT_TIMEOUT_MS: '1500',
      DB_STATEMENT_TIMEOUT_MS: '1500',
    });
    cleanups.push(() => server.kill('SIGKILL'));
    await waitForServer(base, server);

    proxy.cut();
    const started = performance.now();
    const during = await fetch(`${base}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'zh-CN', device_no: 'console-cut' },
      body: form({ account: 'faultop', password: 'fault12345', code: '1234' }),
    });
    const answeredMs = performance.now() - started;
    const health = await fetch(`${base}/api/health`);

    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({
      status: false,
      data: '服务暂时不可用，请稍后再试',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(answeredMs).toBeLessThan(5_000);
    expect(health.status).toBe(503);

    proxy.resume();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await fetch(`${base}/api/health`)).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const after = await operatorSignIn(base, 'faultop', 'fault12345');
    expect(recovered).toBe(200);
    expect(after.status).toBe(200);
    expect(server.exitCode).toBeNull();
    console.info(`503 on a silent cut after ${answeredMs.toFixed(0)} ms`);
  }, 40_000);

  it('when the database goes silent, every waiting request answers 503 within 10 s, later ones at once, and it recovers by itself', async () => {
    const port = 47300 + Math.floor(Math.random() * 50);
    const proxyPort = port + 50;
    const base = `http://127.0.0.1:${port}`;
    const database = await scratchDatabase('jinb_fault');
    cleanups.push(database.drop);
    const proxy = silentCutProxy(proxyPort, new URL(database.url));
    await proxy.listen();
    cleanups.push(proxy.close);
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxyPort}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-silent-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const logLines: string[] = [];
    // The default pool timeouts (statement 15 s, so 17 s on the client): the breaker alone has to make the 10 s.
    // One member sends every request: the per-client read limit is read-limit.test.ts's subject.
    const server = startServer(
      port,
      dataDir,
      viaProxy.toString(),
      { LOG_LEVEL: 'info', SPORTS_FEED: 'none', READ_LIMIT_MEMBER: '0', READ_LIMIT_IP: '0' },
      logLines,
    );
    cleanups.push(() => server.kill('SIGKILL'));
    await waitForServer(base, server);

    const { token } = await data<{ token: string }>(memberSignIn(base, 'fault01', 'fault12345', 'h5-androidsilent01'));
    const balance = () => timed(() => fetch(`${base}/api/findmed/v1/member/balance`, { headers: { t: token } }));
    const transfer = (key: string) =>
      timed(() =>
        fetch(`${base}/api/f/v1/wallet/transfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', t: token, 'idempotency-key': key },
          body: form({ from: 'main', to: 'house', amount: '1' }),
        }),
      );
    const health = () => timed(() => fetch(`${base}/api/health`));
    // Every pool connection open and idle, as on a busy day: the wave's queries go out on them and are swallowed.
    const warm = await Promise.all(Array.from({ length: 30 }, balance));
    expect(warm.map((answer) => answer.status)).toEqual(warm.map(() => 200));

    proxy.cut();
    const waveStarted = performance.now();
    const wave = await Promise.all([
      ...Array.from({ length: 50 }, balance),
      ...Array.from({ length: 5 }, (_, index) => transfer(`silent-${index}`)),
      ...Array.from({ length: 5 }, health),
    ]);
    const waveMs = performance.now() - waveStarted;
    const slowest = Math.max(...wave.map((answer) => answer.ms));

    // While it is known down, requests are refused without waiting, one after another.
    const later: Timed[] = [];
    for (let index = 0; index < 10; index++) later.push(await balance());
    later.push(await transfer('silent-later'), await health());

    proxy.resume();
    const resumed = performance.now();
    let healthy = 0;
    while (healthy !== 200 && performance.now() - resumed < 15_000) {
      healthy = (await health()).status;
      if (healthy !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const recoveredMs = performance.now() - resumed;
    const after = await balance();

    for (const answer of [...wave, ...later]) {
      expect(answer).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
    expect(slowest).toBeLessThan(10_000);
    expect(Math.max(...later.map((answer) => answer.ms))).toBeLessThan(1_000);
    expect(healthy).toBe(200);
    expect(after.status).toBe(200);
    expect(server.exitCode).toBeNull();
    // Logged once when it went, once when it came back; not once per refused request.
    // Logged once when it went and once when it came back; the requests refused meanwhile are not logged one by one.
    const opened = logLines.findIndex((line) => line.includes('"msg":"database unreachable'));
    expect(logLines.filter((line) => line.includes('"msg":"database unreachable'))).toHaveLength(1);
    expect(logLines.filter((line) => line.includes('"msg":"database reachable again'))).toHaveLength(1);
    expect(logLines.slice(opened).filter((line) => line.includes('"msg":"database unavailable"'))).toHaveLength(0);
    console.info(
      `silent database: ${wave.length} concurrent requests all 503, the slowest after ${slowest.toFixed(0)} ms ` +
        `(wave ${waveMs.toFixed(0)} ms); then 503 in at most ${Math.max(...later.map((answer) => answer.ms)).toFixed(0)} ms; ` +
        `healthy again ${recoveredMs.toFixed(0)} ms after the network came back`,
    );
  }, 90_000);

  it('stays up while backends are terminated under a burst of keyed transfers; every key applies once', async () => {
    const port = 18310 + Math.floor(Math.random() * 20);
    const base = `http://127.0.0.1:${port}`;
    const database = await scratchDatabase('jinb_fault');
    cleanups.push(database.drop);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-terminate-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = startServer(port, dataDir, database.url);
    cleanups.push(() => server.kill('SIGKILL'));
    await waitForServer(base, server);

    const login = await data<{ token: string; user: { id: string } }>(
      memberSignIn(base, 'fault01', 'fault12345', 'h5-androidfaulttest01'),
    );
    const { token: operatorToken } = await data<{ token: string }>(operatorSignIn(base, 'faultop', 'fault12345'));
    const asOperator = {
      authorization: `Bearer ${operatorToken}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    await fetch(`${base}/api/admin/v1/members/${login.user.id}/adjust`, {
      method: 'POST',
      headers: asOperator,
      body: form({ amount: '1000', reason: 'fault test' }),
    });

    const TOTAL = 150;
    const send = (index: number) =>
      fetch(`${base}/api/f/v1/wallet/transfer`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          t: login.token,
          'idempotency-key': `fault-burst-${index}`,
        },
        body: form({ from: 'main', to: 'house', amount: '1' }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { status: boolean; code?: string },
      }));

    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    cleanups.push(() => killer.end());
    const terminate = () =>
      killer.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
    let next = 0;
    let terminated = 0;
    const terminations = (async () => {
      while (next < TOTAL) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        terminated += (await terminate()).rowCount ?? 0;
      }
    })();
    const answers: Array<{ status: number; body: { status: boolean; code?: string } }> = [];
    await Promise.all(
      Array.from({ length: 15 }, async () => {
        while (next < TOTAL) answers.push(await send(next++));
      }),
    );
    await terminations;

    expect(server.exitCode).toBeNull();
    expect(terminated).toBeGreaterThan(0);
    // Every answer is either a success or a clean failure in the envelope, never a bare 500.
    for (const answer of answers) {
      expect(answer.status === 200 || (answer.status === 503 && answer.body.code === 'SERVICE_UNAVAILABLE')).toBe(true);
    }
    // The member's phone retries what failed with the same key, after a moment while the answer is still 503 (the
    // breaker stays open until its next probe succeeds, up to a second or two on a busy machine); each lands once.
    const deadline = Date.now() + 30_000;
    let waiting = Array.from({ length: TOTAL }, (_, index) => index);
    while (waiting.length > 0 && Date.now() < deadline) {
      const still: number[] = [];
      for (let start = 0; start < waiting.length; start += 30) {
        const chunk = waiting.slice(start, start + 30);
        const retried = await Promise.all(chunk.map((index) => send(index)));
        retried.forEach((answer, offset) => {
          if (answer.status === 200) return;
          expect(answer).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
          still.push(chunk[offset] as number);
        });
      }
      waiting = still;
      if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(waiting).toEqual([]);
    const assets = await data<{ main: string }>(
      fetch(`${base}/api/f/v1/wallet/assets`, { headers: { t: login.token } }),
    );
    expect(assets.main).toBe(`${1000 - TOTAL}.0000`);
    const check = await data<{ ok: boolean; transfers: number }>(
      fetch(`${base}/api/admin/v1/ledger/check`, { headers: asOperator }),
    );
    expect(check).toMatchObject({ ok: true, transfers: TOTAL + 1 });
    const failedFirst = answers.filter((answer) => answer.status !== 200).length;
    console.info(`${terminated} backends terminated; ${failedFirst}/${TOTAL} failed cleanly on the first try`);
  }, 60_000);
});

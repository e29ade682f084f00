import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServer } from '../test/live-server';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PORT = 18300 + Math.floor(Math.random() * 40);
const BASE = `http://127.0.0.1:${PORT}`;
const MAX_IN_FLIGHT = 4;
const LOGIN = '/api/f/v1/member/login/mpe';

/**
 * A request the server has accepted but cannot finish yet: headers sent, body held back. `finish()` sends the
 * body; `response` resolves with the raw HTTP answer.
 */
function slowRequest() {
  const socket = net.connect(PORT, '127.0.0.1');
  const body = 'account=nobody&password=x';
  socket.write(
    `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  let raw = '';
  socket.on('data', (chunk) => {
    raw += chunk.toString();
  });
  const response = new Promise<string>((resolve) => {
    socket.on('data', () => {
      if (raw.includes('\r\n\r\n')) resolve(raw);
    });
    socket.on('close', () => resolve(raw));
    socket.on('error', () => resolve(raw));
  });
  return { socket, response, finish: () => socket.write(body) };
}

describe('the real server process under overload and shutdown', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-faults-'));
  let server: ChildProcess;

  beforeAll(async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        APP_MODE: 'demo',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        OVERLOAD_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
        OVERLOAD_RETRY_AFTER_S: '3',
        SHUTDOWN_TIMEOUT_MS: '8000',
      },
      stdio: 'ignore',
    });
    await waitForServer(BASE, server);
  }, 70_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sheds requests beyond the in-flight limit with a fast 503 and Retry-After, and exempts the health check', async () => {
    const held = Array.from({ length: MAX_IN_FLIGHT }, () => slowRequest());
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = performance.now();
    const extra = await fetch(`${BASE}${LOGIN}`, { method: 'POST', headers: { lang: 'zh-HK' } });
    const shedMs = performance.now() - started;
    const health = await fetch(`${BASE}/api/health`);

    expect(extra.status).toBe(503);
    expect(extra.headers.get('retry-after')).toBe('3');
    expect(await extra.json()).toEqual({
      status: false,
      data: '服務暫時不可用，請稍後再試',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(shedMs).toBeLessThan(500);
    expect(health.status).toBe(200);

    // The held requests were accepted and still get their own answers; then there is room again.
    for (const request of held) request.finish();
    const answers = await Promise.all(held.map((request) => request.response));
    for (const answer of answers) expect(answer).not.toMatch(/^HTTP\/1.1 503/);
    for (const request of held) request.socket.destroy();
    const after = await fetch(`${BASE}/api/f/v1/member/publicKey`);
    expect(after.status).toBe(200);
    console.info(`shed answer in ${shedMs.toFixed(1)} ms`);
  });

  it('on SIGTERM closes a held keep-alive connection at once, answers the request in flight and exits 0', async () => {
    // A keep-alive client that holds its connection open after a request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${BASE}/api/f/v1/member/publicKey`, { agent }, (response) => {
          response.resume();
          response.on('end', resolve);
        })
        .on('error', reject);
    });
    const inFlight = slowRequest();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const started = performance.now();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.finish();
    const answer = await inFlight.response;
    const code = await exited;
    const shutdownMs = performance.now() - started;
    agent.destroy();

    expect(answer).toMatch(/^HTTP\/1.1 (200|400|401|403|429)/);
    expect(code).toBe(0);
    expect(shutdownMs).toBeLessThan(5_000);
    console.info(`shutdown with a held keep-alive connection in ${shutdownMs.toFixed(0)} ms`);
  }, 20_000);
});

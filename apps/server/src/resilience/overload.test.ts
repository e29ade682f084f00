import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, flood, getRequest, openConnections } from '../test/flood-client';
import { data, freePort, memberSignIn, scratchDatabase, waitForServer } from '../test/live-server';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const CONNECTIONS = 2_000;
const HOST = '127.0.0.1';

function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

type Phase = { name: string; answers: Answer[] };

function figures({ name, answers }: Phase) {
  const shed = answers.filter((answer) => answer.status === 503).map((answer) => answer.ms);
  const admitted = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  return {
    name,
    shed: shed.length,
    admitted: admitted.length,
    shedP99: percentile(shed, 99),
    admittedP99: percentile(admitted, 99),
  };
}

/**
 * 2,000 keep-alive connections against the real server on PostgreSQL (TEST_DATABASE_URL, as the issue measured it),
 * all asking for the member's balance: bursts where every connection sends at once, then a flood where each sends
 * again the moment it has its answer, ignoring Retry-After. The bounds here are loose (this machine is shared);
 * bench/overload.bench.ts measures the figures against the targets (a 503 within 100 ms at p99, admitted requests
 * under 1 s at p99). Not on PGlite: its queries run on the event loop, each request is answered within the loop turn
 * that read it, nothing is ever in flight, and the gate sheds nothing (bench/README.md, section 8).
 */
describe.skipIf(!ADMIN_URL)('the real server process past its capacity, at 2,000 connections', () => {
  let port = 0;
  let base = '';
  const cleanups: Array<() => unknown> = [];
  let server: ChildProcess;

  beforeAll(async () => {
    // A probed port: a fixed range without a probe collided with another test's server in CI (it exited with 1).
    port = await freePort();
    base = `http://${HOST}:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-overload-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await scratchDatabase('jinb_overload');
    cleanups.push(database.drop);
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        APP_MODE: 'demo',
        PORT: String(port),
        HOST,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        DEMO_CAPTCHA: '1234',
        DEMO_MEMBER: 'load01:load12345',
        LOG_LEVEL: 'fatal',
        SPORTS_FEED: 'none',
        // One member sends the whole load: the per-client read limit would answer it, and this is about the process.
        READ_LIMIT_MEMBER: '0',
        READ_LIMIT_IP: '0',
      },
      stdio: 'ignore',
    });
    cleanups.push(() => {
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    await waitForServer(base, server);
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers what it cannot take with a quick 503 and Retry-After, and keeps admitted requests quick', async () => {
    const { token } = await data<{ token: string }>(memberSignIn(base, 'load01', 'load12345', 'h5-androidload01'));
    const request = getRequest(api.balance, { t: token, lang: 'zh-CN', d: '25' });

    // A process that has been serving: compiled code, its pool connections open.
    const warm = await openConnections(port, HOST, 20);
    await flood(warm, { seconds: 2, request: () => request });
    warm.close();

    const client = await openConnections(port, HOST, CONNECTIONS);
    const phases: Phase[] = [];
    try {
      for (let round = 1; round <= 3; round++) {
        const burst = await flood(client, { seconds: 30, rounds: 1, request: () => request });
        phases.push({ name: `burst ${round}`, answers: burst.answers });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const sustained = flood(client, { seconds: 4, request: () => request });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const health = await fetch(`${base}/api/health`);
      phases.push({ name: 'flood, 4 s', answers: (await sustained).answers });
      expect(health.status).toBe(200);
    } finally {
      client.close();
    }
    // The flood's connections are gone, but the requests they left in flight still run to their end (and hold the
    // gate) for a moment: the process is back once those are done, by itself, within seconds.
    const flooded = performance.now();
    let after = await fetch(`${base}${api.balance}`, { headers: { t: token } });
    while (after.status === 503 && performance.now() - flooded < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await fetch(`${base}${api.balance}`, { headers: { t: token } });
    }

    const answers = phases.flatMap((phase) => phase.answers);
    const shed = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(shed.length).toBeGreaterThan(CONNECTIONS);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(shed.every((answer) => answer.retryAfter === '5')).toBe(true);
    expect(new Set(shed.map((answer) => answer.body))).toEqual(
      new Set(['{"status":false,"data":"服务暂时不可用，请稍后再试","code":"SERVICE_UNAVAILABLE"}']),
    );
    const all = figures({ name: 'all', answers });
    // Loose bounds for a shared machine (the targets are 100 ms and 1 s). Before the gate, admitted requests had a
    // p99 of 5.4 s in the flood.
    expect(all.shedP99).toBeLessThan(1_000);
    expect(all.admittedP99).toBeLessThan(3_000);
    expect(after.status).toBe(200);
    expect(server.exitCode).toBeNull();

    for (const phase of [...phases.map(figures), all]) {
      console.info(
        `PostgreSQL, ${CONNECTIONS} connections, ${phase.name}: ` +
          `${phase.shed} shed, p99 ${phase.shedP99.toFixed(0)} ms; ${phase.admitted} admitted, ` +
          `p99 ${phase.admittedP99.toFixed(0)} ms`,
      );
    }
  }, 120_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { data, form, memberSignIn, operatorSignIn, waitForServer } from '../../test/live-server';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const PORT = 5390 + Math.floor(Math.random() * 9);
const BASE = `http://127.0.0.1:${PORT}`;

/**
 * Kills the real server process with SIGKILL in the middle of a burst of transfers, restarts it on the same data,
 * and retries every request with its idempotency key: each must be applied exactly once, and the ledger must balance.
 */
describe('a crash in the middle of a burst of transfers', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-crash-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ChildProcess | undefined;

  async function start() {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_CAPTCHA: '1234',
        DEMO_MEMBER: 'crash01:crash12345',
        DEMO_OPERATOR: 'crashop:crash12345',
        LOG_LEVEL: 'warn',
        APP_MODE: 'demo',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: 'ignore',
    });
    await waitForServer(BASE, server, { path: '/api/f/v1/member/publicKey' });
  }

  afterAll(async () => {
    server?.kill('SIGKILL');
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies every retried transfer exactly once and keeps the ledger balanced', async () => {
    if (process.env.TEST_DATABASE_URL) {
      const name = `jinb_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      };
    }
    await start();

    const login = await data<{ token: string; user: { id: string } }>(
      memberSignIn(BASE, 'crash01', 'crash12345', 'h5-androidcrashtest01'),
    );
    const token = login.token;
    const memberId = login.user.id;
    const { token: operatorToken } = await data<{ token: string }>(operatorSignIn(BASE, 'crashop', 'crash12345'));
    const asOperator = {
      authorization: `Bearer ${operatorToken}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    await fetch(`${BASE}/api/admin/v1/members/${memberId}/adjust`, {
      method: 'POST',
      headers: asOperator,
      body: form({ amount: '1000', reason: 'crash test' }),
    });

    const TOTAL = 300;
    const send = (index: number) =>
      fetch(`${BASE}/api/f/v1/wallet/transfer`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          t: token,
          'idempotency-key': `crash-burst-${index}`,
        },
        body: form({ from: 'main', to: 'house', amount: '1' }),
        signal: AbortSignal.timeout(15_000),
      }).then(
        (response) => response.status,
        () => 0,
      );

    // The burst: 20 in flight at a time; the server dies once 60 have been answered.
    let answered = 0;
    let next = 0;
    const killer = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (answered >= 60) {
          clearInterval(timer);
          server?.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < TOTAL) {
          const index = next++;
          if ((await send(index)) === 200) answered++;
        }
      }),
    );
    await killer;
    expect(answered).toBeLessThan(TOTAL);

    await start();
    // Retry every request with its key, as a member's phone would after the timeout.
    for (let index = 0; index < TOTAL; index += 30) {
      const statuses = await Promise.all(
        Array.from({ length: Math.min(30, TOTAL - index) }, (_, offset) => send(index + offset)),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
    }

    const assets = await data<{ main: string; venues: Array<{ code: string; balance: string }> }>(
      fetch(`${BASE}/api/f/v1/wallet/assets`, { headers: { t: token } }),
    );
    expect(assets.main).toBe(`${1000 - TOTAL}.0000`);
    expect(assets.venues.find((venue) => venue.code === 'house')?.balance).toBe(`${TOTAL}.0000`);
    const check = await data<{ ok: boolean; transfers: number }>(
      fetch(`${BASE}/api/admin/v1/ledger/check`, { headers: asOperator }),
    );
    expect(check).toMatchObject({ ok: true, transfers: TOTAL + 1 });
  }, 240_000);
});

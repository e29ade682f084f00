import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminApi, api, HEADER, walletAdminApi, walletApi } from '@jinb/contract';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/auth/password-hash';
import { DEFAULT_DB_POOL_SIZE } from '../../apps/server/src/config/config';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { memberCards, memberSessions, members, settings, walletAccounts } from '../../apps/server/src/db/schema';
import { sha256 } from '../../apps/server/src/shared/tokens';
import { DEFAULT_WALLET_SETTINGS } from '../../apps/server/src/wallet/wallet-settings';
import { BenchmarkInvalid, onCleanup } from './lifecycle';
import { issueCaptcha, newDevice, siteHeaders } from './member-client';
import { BENCH_MEMBER, DEMO_CAPTCHA, freePort, HOST, type RunningProcess, startNodeProcess } from './server-process';
import { runPool } from './stats';

/**
 * Set-up of the money benchmark: many members with sessions, a bound card and a withdraw password, written straight
 * into the database before the server starts (1,000 registrations over HTTP would measure nothing useful and take
 * minutes), then credited through the real ledger as an operator, so the ledger check stays exact.
 */
export const WITHDRAW_PASSWORD = '123456';
/** The server's pool size for the run (BENCH_POOL_SIZE, default the server's own); the raw baseline uses the same. */
export const SERVER_POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE);
export const BENCH_OPERATOR = { account: 'benchop', password: 'benchop123456' } as const;
/** Yuan credited to each member's main wallet: enough for every request of a long run. */
export const CREDIT_YUAN = '10000000';
/** Yuan moved to the in-house venue at set-up, so transfers back to main never find it empty. */
export const VENUE_FLOAT_YUAN = '100000';
const SETUP_CONCURRENCY = 10;

export type BenchMember = { memberId: bigint; mainAccountId: bigint; cardId: bigint; token: string; device: string };

export type Target = { database: 'pglite' | 'postgres'; dataDir: string; databaseUrl: string | undefined };

/**
 * A fresh data folder, and a scratch PostgreSQL database when BENCH_DATABASE_URL is set (created here rather than by
 * startAppServer, because the members go in before the server starts). Both are removed at the end.
 */
export async function prepareTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-bench-money-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { database: 'pglite', dataDir, databaseUrl: undefined };

  const name = `jinb_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { database: 'postgres', dataDir, databaseUrl: url.toString() };
}

/** Opens the target as the server will (same migrations); the caller closes it before the server starts. */
export async function openTarget(target: Target): Promise<DatabaseHandle> {
  const handle = target.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: target.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(target.dataDir, 'pglite') });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  onCleanup(close);
  return { ...handle, close };
}

const HUGE_YUAN = '100000000000.0000';

/**
 * Members, their main/frozen/venue accounts (as a member who has used the site has them), a session each, one
 * Alipay account each, and wallet limits no run reaches. The limits are written directly: the settings API caps
 * the daily count at 1,000, below what one member is asked to do here.
 */
export async function insertMembers(handle: DatabaseHandle, count: number): Promise<BenchMember[]> {
  const { db } = handle;
  const withdrawHash = await hashPassword(WITHDRAW_PASSWORD);
  const runTag = randomBytes(3).toString('hex');
  const inserted = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, index) => ({
        account: `mb${runTag}${String(index).padStart(4, '0')}`,
        passwordHash: withdrawHash,
        withdrawPasswordHash: withdrawHash,
        inviteCode: `BM${String(index).padStart(6, '0')}`,
      })),
    )
    .returning({ id: members.id });
  const memberIds = inserted.map((row) => row.id);
  if (memberIds.length !== count) throw new Error(`inserted ${memberIds.length} of ${count} members`);

  const accounts = await db
    .insert(walletAccounts)
    .values(memberIds.flatMap((memberId) => ['main', 'frozen', 'venue:house'].map((kind) => ({ memberId, kind }))))
    .returning({ id: walletAccounts.id, memberId: walletAccounts.memberId, kind: walletAccounts.kind });
  const mainOf = new Map(accounts.filter((row) => row.kind === 'main').map((row) => [row.memberId, row.id]));

  const cards = await db
    .insert(memberCards)
    .values(
      memberIds.map((memberId) => ({
        memberId,
        kind: 'alipay',
        accountNo: '13800138000',
        holderName: '测试',
        idempotencyKey: 'bench-card',
      })),
    )
    .returning({ id: memberCards.id, memberId: memberCards.memberId });
  const cardOf = new Map(cards.map((row) => [row.memberId, row.id]));

  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  const benchMembers = memberIds.map((memberId) => ({
    memberId,
    mainAccountId: mainOf.get(memberId)!,
    cardId: cardOf.get(memberId)!,
    token: randomBytes(32).toString('base64url'),
    device: newDevice(),
  }));
  await db.insert(memberSessions).values(
    benchMembers.map((member) => ({
      memberId: member.memberId,
      tokenHash: sha256(member.token),
      expiresAt,
      deviceNo: member.device,
      ip: HOST,
    })),
  );

  const wallet = {
    ...DEFAULT_WALLET_SETTINGS,
    flowMultiple: '0',
    withdrawMax: HUGE_YUAN,
    withdrawDailyCount: 1_000_000,
    withdrawDailyAmount: HUGE_YUAN,
    adjustMax: HUGE_YUAN,
    // The bench credits its members alone; a second operator's approval is not what it measures.
    adjustApprovalAbove: HUGE_YUAN,
  };
  for (const [key, value] of [
    ['wallet', wallet],
    ['withdrawPassword', { enabled: true }],
  ] as const) {
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  return benchMembers;
}

/** After the in-process baseline: its raw updates are undone, or the ledger check would rightly fail. */
export async function resetBalances(handle: DatabaseHandle, accountIds: bigint[]): Promise<void> {
  const entries = await handle.db.execute(sql`select count(*)::int as n from ledger_entries`);
  const n = Number((entries as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? -1);
  if (n !== 0) throw new Error(`expected no ledger entries before the server starts, found ${n}`);
  await handle.db.update(walletAccounts).set({ balance: 0n }).where(inArray(walletAccounts.id, accountIds));
}

/**
 * The real server on the prepared target, with the bench operator and a session lifetime longer than any run; `env`
 * adds settings of one benchmark's own (the placement benchmark turns the simulated sports feed off).
 */
export async function startMoneyServer(target: Target, env: Record<string, string> = {}): Promise<RunningProcess> {
  const port = await freePort();
  return startNodeProcess({
    name: 'server',
    script: 'apps/server/src/main.ts',
    port,
    readyPath: api.publicKey,
    env: {
      APP_MODE: 'demo',
      PORT: String(port),
      HOST,
      DATA_DIR: target.dataDir,
      DEMO_CAPTCHA,
      DEMO_MEMBER: `${BENCH_MEMBER.account}:${BENCH_MEMBER.password}`,
      DEMO_OPERATOR: `${BENCH_OPERATOR.account}:${BENCH_OPERATOR.password}`,
      LOG_LEVEL: 'warn',
      SESSION_ROTATE_MINUTES: String(24 * 60),
      DB_POOL_SIZE: String(SERVER_POOL_SIZE),
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...env,
    },
  });
}

type Envelope = { status?: boolean; data?: unknown; code?: string };

async function call(url: string, init: RequestInit): Promise<Envelope> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = {};
  }
  if (!response.ok || body.status !== true) {
    throw new BenchmarkInvalid(`${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  return body;
}

export async function operatorToken(baseUrl: string): Promise<string> {
  const headers = siteHeaders(newDevice());
  await issueCaptcha(baseUrl, headers);
  const body = await call(`${baseUrl}${adminApi.adminLogin}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_OPERATOR, code: DEMO_CAPTCHA }),
  });
  return (body.data as { token: string }).token;
}

export function memberHeaders(member: BenchMember): Record<string, string> {
  return siteHeaders(member.device, { [HEADER.token]: member.token });
}

/**
 * Credits every member through the operator's adjustment (house:adjustments -> main), then moves a float to the
 * in-house venue through the member's own transfer, both over HTTP: the ledger rows are the server's own.
 */
export async function fundMembers(baseUrl: string, operator: string, benchMembers: BenchMember[]): Promise<void> {
  await runPool(benchMembers.length, SETUP_CONCURRENCY, async (index) => {
    const member = benchMembers[index]!;
    await call(`${baseUrl}${walletAdminApi.adminAdjust.replace(':id', member.memberId.toString())}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${operator}`,
        'content-type': 'application/json',
        [HEADER.idempotencyKey]: `bench-credit-${member.memberId}`,
      },
      body: JSON.stringify({ amount: CREDIT_YUAN, reason: 'bench credit' }),
    });
    await call(`${baseUrl}${walletApi.transfer}`, {
      method: 'POST',
      headers: {
        ...memberHeaders(member),
        'content-type': 'application/x-www-form-urlencoded',
        [HEADER.idempotencyKey]: `bench-float-${member.memberId}`,
      },
      body: new URLSearchParams({ from: 'main', to: 'house', amount: VENUE_FLOAT_YUAN }).toString(),
    });
  });
}

export type LedgerCheck = { ok: boolean } & Record<string, unknown>;

export async function ledgerCheck(baseUrl: string, operator: string): Promise<LedgerCheck> {
  const body = await call(`${baseUrl}${walletAdminApi.adminLedgerCheck}`, {
    headers: { authorization: `Bearer ${operator}` },
  });
  return body.data as LedgerCheck;
}

/**
 * autocannon stops at its deadline with up to 50 requests still queued in the server (on one member they wait for its
 * lock). Waits, bounded, until the ledger stops growing, so neither the next scenario nor the final check overlaps them.
 */
export async function waitForQuiet(baseUrl: string, operator: string, timeoutMs = 60_000): Promise<LedgerCheck> {
  const deadline = Date.now() + timeoutMs;
  let last = await ledgerCheck(baseUrl, operator);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await ledgerCheck(baseUrl, operator);
    if (now.transfers === last.transfers) return now;
    last = now;
  }
  throw new BenchmarkInvalid(`the server was still moving money ${timeoutMs / 1000} s after the load stopped`);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sportsApi } from '@jinb/contract';
import { betLines, betPayout, type Outcome } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { memberSessions } from '../../db/schema';
import { sha256 } from '../../shared/tokens';
import { data, freePort, operatorSignIn, scratchDatabase, waitForServer } from '../../test/live-server';
import { insertEvent } from '../../test/sports-fixtures';
import { createLedgerService } from '../../wallet/ledger/ledger.service';
import { type FixtureBet, fixtureMembers, placeFixtureBets } from './bet-fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
let PORT = 0;
let BASE = '';

const BETS = 10_000;
const MEMBERS = 200;
const CREDIT = 1_000n * 10_000n;
const OPERATOR = { account: 'settleop', password: 'settle12345' };

/**
 * The real server process is killed (SIGKILL) while it settles 10,000 bets, after the first batch committed and
 * before the last; a restart finishes the run at start. Every bet must be settled exactly once (one stake to the
 * house and one payout per winning bet, counted by key), every member paid what their bets won, the ledger balanced.
 * On PostgreSQL when TEST_DATABASE_URL is set (as in CI), on PGlite otherwise; the bets go in before the server starts
 * (a PGlite database belongs to one process).
 */
describe('a crash in the middle of a settlement run', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-settle-crash-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ChildProcess | undefined;

  const open = (): Promise<DatabaseHandle> =>
    databaseUrl
      ? openDatabase({ kind: 'postgres', url: databaseUrl })
      : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });

  async function start() {
    PORT = await freePort();
    BASE = `http://127.0.0.1:${PORT}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_CAPTCHA: '1234',
        DEMO_MEMBER: 'settle01:settle12345',
        DEMO_OPERATOR: `${OPERATOR.account}:${OPERATOR.password}`,
        LOG_LEVEL: 'warn',
        APP_MODE: 'demo',
        SPORTS_FEED: 'none',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: 'ignore',
    });
    server = child;
    await waitForServer(BASE, child, { path: '/api/f/v1/member/publicKey' });
  }

  async function stop(signal: NodeJS.Signals) {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  afterAll(async () => {
    await stop('SIGKILL');
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles every bet exactly once after a restart and keeps the ledger balanced', async () => {
    if (process.env.TEST_DATABASE_URL) {
      const database = await scratchDatabase('jinb_settle_crash');
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }

    // Set-up before the server: members, the main event and a second one, 10,000 bets with their stakes.
    let setup = await open();
    const ledger = createLedgerService(setup.db);
    const members = await fixtureMembers(setup.db, ledger, MEMBERS, CREDIT);
    const main = await insertEvent(setup.db);
    const other = await insertEvent(setup.db);
    const sides = [
      main.markets[0]!.selections.home!,
      main.markets[0]!.selections.draw!,
      main.markets[0]!.selections.away!,
      main.markets[1]!.selections.home!,
      main.markets[1]!.selections.away!,
      main.markets[2]!.selections.over!,
      main.markets[2]!.selections.under!,
    ];
    const bets: FixtureBet[] = Array.from({ length: BETS }, (_, index) => {
      const memberId = members[index % MEMBERS]!;
      const stake = BigInt(1 + (index % 7)) * 10_000n;
      const leg = { selectionId: sides[index % sides.length]! };
      // Every fourth bet is a parlay with a leg on the other event, decided first.
      return index % 4 === 3
        ? { memberId, type: 'parlay', stake, legs: [leg, { selectionId: other.markets[2]!.selections.under! }] }
        : { memberId, type: 'single', stake, legs: [leg] };
    });
    const ids = await placeFixtureBets(setup.db, ledger, bets);
    // A session for the first member, whose balance shows when the first batch has committed (one short query
    // between batches, where PGlite's one connection serves it; a ledger check's several queries would wait longer).
    const probeToken = randomBytes(32).toString('base64url');
    await setup.db.insert(memberSessions).values({
      memberId: members[0]!,
      tokenHash: sha256(probeToken),
      expiresAt: new Date(Date.now() + 3_600_000),
      deviceNo: 'h5-androidsettlecrash',
    });
    const [{ initial }] = resultRows<{ initial: number }>(
      await setup.db.execute(sql`select count(*)::int as initial from ledger_transfers`),
    ) as [{ initial: number }];
    await setup.close();

    await start();
    const { token } = await data<{ token: string }>(operatorSignIn(BASE, OPERATOR.account, OPERATOR.password));
    const asOperator = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const postResult = (eventId: bigint, score: { home: number; away: number }) =>
      fetch(`${BASE}${sportsApi.adminSportsEventResult.replace(':id', eventId.toString())}`, {
        method: 'POST',
        headers: asOperator,
        body: JSON.stringify(score),
        signal: AbortSignal.timeout(120_000),
      }).then(
        (response) => response.status,
        () => 0,
      );
    // A refusal (the per-member read limit answers 429 to a fast loop) says nothing about the balance: undefined.
    // Read as a balance, it once ended the wait before any batch had committed.
    const probeBalance = async () => {
      const response = await fetch(`${BASE}/api/findmed/v1/member/balance`, {
        headers: { t: probeToken, device_no: 'h5-androidsettlecrash' },
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await response.json()) as { status: boolean; data: { balance: string } };
      return body.status ? body.data.balance : undefined;
    };
    const transfers = async () =>
      (
        await data<{ transfers: number }>(
          fetch(`${BASE}/api/admin/v1/ledger/check`, { headers: asOperator, signal: AbortSignal.timeout(30_000) }),
        )
      ).transfers;

    // The other event first: its parlays wait for their leg on the main event, so nothing settles yet.
    expect(await postResult(other.id, { home: 0, away: 0 })).toBe(200);
    expect(await transfers()).toBe(initial);

    // The main event's result answers once decided and settles in the background; the server dies once the first
    // batch has committed (the first member has a winning single among the first bets, so its balance moves).
    const before = await probeBalance();
    expect(before).toBeDefined();
    expect(await postResult(main.id, { home: 2, away: 1 })).toBe(200);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const balance = await probeBalance();
      if ((balance !== undefined && balance !== before) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop('SIGKILL');

    // What the run is expected to end with: every selection's outcome as the book decided it.
    setup = await open();
    const selections = new Map(
      resultRows<{ id: string; odds: string; outcome: Outcome | null }>(
        await setup.db.execute(sql`select id::text as id, odds::text as odds, outcome from sports_selections
          where event_id in (${main.id}, ${other.id})`),
      ).map((row) => [row.id, row]),
    );
    const [{ settledBefore }] = resultRows<{ settledBefore: number }>(
      await setup.db.execute(sql`select count(*)::int as "settledBefore" from sports_bets where status = 'settled'`),
    ) as [{ settledBefore: number }];
    await setup.close();
    // Killed half way: some bets settled, not all.
    expect(settledBefore).toBeGreaterThan(0);
    expect(settledBefore).toBeLessThan(BETS);

    const expectedMain = new Map(members.map((memberId) => [memberId, CREDIT]));
    let winners = 0;
    for (const bet of bets) {
      const legs = bet.legs.map((leg) => {
        const selection = selections.get(leg.selectionId.toString());
        if (!selection?.outcome) throw new Error(`selection ${leg.selectionId} undecided`);
        return { odds: BigInt(selection.odds), outcome: selection.outcome };
      });
      const lines = betLines(bet.type, legs.length);
      if (!lines.ok) throw new Error('lines');
      const payout = betPayout(bet.stake, legs, lines.lines).total;
      if (payout > 0n) winners++;
      expectedMain.set(bet.memberId, expectedMain.get(bet.memberId)! - bet.stake + payout);
    }

    // Restart: the sweep at start finishes the run.
    await start();
    const finalTransfers = initial + BETS + winners;
    const finishBy = Date.now() + 120_000;
    let now = await transfers();
    while (Date.now() < finishBy && now < finalTransfers) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = await transfers();
    }
    expect(now).toBe(finalTransfers);
    await stop('SIGTERM');

    setup = await open();
    try {
      const [bets] = resultRows<{ settled: number; once: number; open: number }>(
        await setup.db.execute(sql`
          select count(*) filter (where status = 'settled')::int as settled,
            count(*) filter (where settle_count = 1 and not needs_settlement)::int as once,
            count(*) filter (where status = 'open')::int as open
          from sports_bets where id = any(${sql.param(ids.map(String))}::bigint[])`),
      );
      expect(bets).toEqual({ settled: BETS, once: BETS, open: 0 });
      const keys = resultRows<{ kind: string; n: number; distinct_bets: number }>(
        await setup.db.execute(sql`
          select split_part(idempotency_key, ':', 3) as kind, count(*)::int as n,
            count(distinct split_part(idempotency_key, ':', 2))::int as distinct_bets
          from ledger_transfers where idempotency_key like 'bet:%'
          group by 1 order by 1`),
      );
      expect(keys).toEqual([
        { kind: 'payout', n: winners, distinct_bets: winners },
        { kind: 'settle', n: BETS, distinct_bets: BETS },
        { kind: 'stake', n: BETS, distinct_bets: BETS },
      ]);
      const mains = resultRows<{ member_id: string; balance: string }>(
        await setup.db.execute(sql`
          select member_id::text as member_id, balance::text as balance from wallet_accounts
          where kind = 'main' and member_id = any(${sql.param(members.map(String))}::bigint[])`),
      );
      const wrong = mains.filter((row) => BigInt(row.balance) !== expectedMain.get(BigInt(row.member_id)));
      expect(wrong).toEqual([]);
      expect(mains).toHaveLength(MEMBERS);
      const [events] = resultRows<{ settled: number }>(
        await setup.db.execute(sql`select count(*)::int as settled from sports_events
          where id in (${main.id}, ${other.id}) and status = 'settled'`),
      );
      expect(events?.settled).toBe(2);
      expect(await createLedgerService(setup.db).check()).toMatchObject({
        unbalancedTransfers: 0,
        mismatchedAccounts: 0,
        negativeMemberAccounts: 0,
        sumOfAllBalances: 0n,
      });
    } finally {
      await setup.close();
    }
  }, 300_000);
});

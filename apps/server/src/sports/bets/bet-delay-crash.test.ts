import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEADER, sportsApi } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { memberSessions, settings } from '../../db/schema';
import { openSocket } from '../../realtime/test-socket';
import { sha256 } from '../../shared/tokens';
import { data, freePort, scratchDatabase, waitForServer } from '../../test/live-server';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createLedgerService, member } from '../../wallet/ledger/ledger.service';
import { fixtureMembers } from '../settlement/bet-fixtures';
import { DEFAULT_SPORTS_SETTINGS, SPORTS_SETTINGS_KEY } from '../sports-settings';
import { betsRepository } from './bets.repository';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MEMBERS = 60;
const CREDIT = 10_000n * 10_000n;
/** Phase 1: bets placed through the route of the running server, which is killed before their delay ends. */
const ROUTE_BETS = 240;
/** The football delay in the settings the server reads; the route's bets are placed for at most its first part. */
const DELAY_S = 8;
const PLACE_FOR_MS = 4_000;
/**
 * Phase 2: bets placed through the statement while the server is down (for at most STATEMENT_PLACE_MS), each with the
 * delay that makes them all due at one instant STATEMENT_DUE_MS after the first: after the restart, once a socket
 * listens, so the restarted process takes them in one run of several batches.
 */
const STATEMENT_BETS = 1_500;
const STATEMENT_PLACE_MS = 8_000;
const STATEMENT_DUE_MS = 18_000;
/** At least this many, so the run has batches (of 500) after the first. */
const STATEMENT_BETS_AT_LEAST = 1_100;
/** The sports settings' default liability cap, 1,000,000 at scale 4 (the statement's own check). */
const CAP = 1_000_000n * 10_000n;

type Side = {
  eventId: bigint;
  version: number;
  marketId: bigint;
  selectionId: bigint;
  odds: string;
  suspended: boolean;
};

/**
 * Issue 21: "held bets are never lost to a restart (a process that dies mid-delay leaves them to be decided by the
 * next one, exactly once)". The real server process (apps/server/src/main.ts) is killed with SIGKILL twice:
 *
 * 1. while the bets it has just taken through its route are in their delay (its own timers die with it);
 * 2. after a restart, in the middle of the decision run that takes 1,100-1,500 due bets in batches of 500 (on
 *    PostgreSQL once the first batch has committed and before the last; on PGlite, where nothing can be seen from
 *    outside during a run, once the run holds the server).
 *
 * Between the kills half the bets' markets are suspended, so those must be refused with their stake back and the
 * others stand. After a last restart every bet is decided exactly once: `open` or `refused` as its market says, one
 * `bet_refund` per refused bet and none for the others, each member's main and open-bets balances exact, each
 * selection's exposure that of the bets that stood (a decision run twice would give a refused bet's exposure back
 * twice; one lost leaves the bet pending), the ledger balanced. On PostgreSQL when TEST_DATABASE_URL is set, on
 * PGlite otherwise; whatever the test writes goes in while the server is down (a PGlite folder belongs to one process).
 */
describe('a crash while in-play bets are in their delay', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-delay-crash-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ChildProcess | undefined;
  let base = '';

  const open = (): Promise<DatabaseHandle> =>
    databaseUrl
      ? openDatabase({ kind: 'postgres', url: databaseUrl })
      : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });

  async function start() {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_CAPTCHA: '1234',
        DEMO_MEMBER: 'delay01:delay12345',
        DEMO_OPERATOR: 'delayop:delay12345',
        // Other tests may share the Redis of REDIS_URL: this server's topics are its own.
        WS_REDIS_PREFIX: `jinb:delay-crash:${randomBytes(4).toString('hex')}:`,
        LOG_LEVEL: 'warn',
        APP_MODE: 'demo',
        SPORTS_FEED: 'none',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: 'ignore',
    });
    server = child;
    await waitForServer(base, child, { path: '/api/f/v1/member/publicKey' });
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

  it('decides every held bet exactly once after kills in the delay and in the decision run', async () => {
    if (process.env.TEST_DATABASE_URL) {
      const database = await scratchDatabase('jinb_delay_crash');
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }

    // Set-up before the server: the delay, members with credit and a session each, two live events.
    let setup = await open();
    const ledger = createLedgerService(setup.db);
    await setup.db
      .insert(settings)
      .values({
        key: SPORTS_SETTINGS_KEY,
        value: { ...DEFAULT_SPORTS_SETTINGS, inPlay: { betDelay: { football: DELAY_S } } },
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...DEFAULT_SPORTS_SETTINGS, inPlay: { betDelay: { football: DELAY_S } } } },
      });
    const members = await fixtureMembers(setup.db, ledger, MEMBERS, CREDIT);
    const tokens = members.map(() => randomBytes(32).toString('base64url'));
    await setup.db.insert(memberSessions).values(
      members.map((memberId, index) => ({
        memberId,
        tokenHash: sha256(tokens[index]!),
        expiresAt: new Date(Date.now() + 3_600_000),
        deviceNo: `h5-delaycrash${index}`,
      })),
    );
    const headersOf = (index: number) => ({
      [HEADER.token]: tokens[index]!,
      [HEADER.deviceNo]: `h5-delaycrash${index}`,
      [HEADER.d]: '25',
      'content-type': 'application/json',
    });
    const events: FixtureEvent[] = [await insertEvent(setup.db), await insertEvent(setup.db)];
    await setup.db.execute(sql`
      update sports_events set status = 'live', start_at = now() - interval '10 minutes'
      where id in (${events[0]!.id}, ${events[1]!.id})`);
    // Every side of the six markets; the markets of every other one are suspended between the kills.
    const selectionRows = new Map(
      resultRows<{ id: string; odds: string; version: number }>(
        await setup.db.execute(sql`select id::text as id, odds::text as odds, version from sports_selections
          where event_id in (${events[0]!.id}, ${events[1]!.id})`),
      ).map((row) => [row.id, row]),
    );
    const sides: Side[] = events.flatMap((event) =>
      event.markets.flatMap((market, marketIndex) =>
        Object.values(market.selections).map((selectionId) => {
          const row = selectionRows.get(selectionId.toString())!;
          const odds = BigInt(row.odds);
          return {
            eventId: event.id,
            version: Number(row.version),
            marketId: market.id,
            selectionId,
            odds: `${odds / 10_000n}.${(odds % 10_000n).toString().padStart(4, '0')}`,
            suspended: (event === events[0] ? 0 : 1) === marketIndex % 2,
          };
        }),
      ),
    );
    const [{ initial }] = resultRows<{ initial: number }>(
      await setup.db.execute(sql`select count(*)::int as initial from ledger_transfers`),
    ) as [{ initial: number }];
    await setup.close();

    // Phase 1: the server takes bets through its route (each pending, its stake taken, its decision on the process's
    // timer) and is killed before the first of them is due.
    await start();
    const routeBets: Array<{ id: bigint; member: number; side: Side; stake: bigint }> = [];
    let next = 0;
    const placing = Date.now();
    const placeOne = async () => {
      for (let index = next++; index < ROUTE_BETS && Date.now() < placing + PLACE_FOR_MS; index = next++) {
        const side = sides[index % sides.length]!;
        const memberIndex = index % MEMBERS;
        const stake = BigInt(10 * (1 + (index % 5)));
        const response = await fetch(`${base}${sportsApi.placeBet}`, {
          method: 'POST',
          headers: { ...headersOf(memberIndex), [HEADER.idempotencyKey]: `delay-crash-${index}` },
          body: JSON.stringify({
            type: 'single',
            stake: stake.toString(),
            acceptOdds: 'none',
            legs: [{ selectionId: side.selectionId.toString(), odds: side.odds }],
          }),
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await response.json()) as {
          status: boolean;
          code?: string;
          data: { id: string; status: string };
        };
        if (!body.status || body.data.status !== 'pending') throw new Error(`bet ${index}: ${JSON.stringify(body)}`);
        routeBets.push({ id: BigInt(body.data.id), member: memberIndex, side, stake: stake * 10_000n });
      }
    };
    await Promise.all(Array.from({ length: 8 }, placeOne));
    await stop('SIGKILL');
    const killedAt = Date.now();
    // However slow the machine, a good number of bets were taken before the kill.
    expect(routeBets.length).toBeGreaterThanOrEqual(24);
    setup = await open();
    const [phase1] = resultRows<{ pending: number; first_due: string }>(
      await setup.db.execute(sql`
        select count(*) filter (where status = 'pending')::int as pending,
          floor(extract(epoch from min(decide_at)) * 1000)::bigint::text as first_due
        from sports_bets where id = any(${sql.param(routeBets.map((bet) => bet.id.toString()))}::bigint[])`),
    );
    // Killed within the delay: every bet still pending, the first of them not yet due when the process died.
    expect(phase1?.pending).toBe(routeBets.length);
    expect(Number(phase1?.first_due)).toBeGreaterThan(killedAt);

    // Phase 2, with the server down: thousands of bets through the statement itself (as bet.service.ts sends it),
    // due in a moment; then half the bets' markets are suspended, so those must be refused.
    const book = createLedgerService(setup.db);
    const statementBets: Array<{ id: bigint; member: number; side: Side; stake: bigint }> = [];
    const accounts = new Map<number, { main: bigint; bets: bigint }>();
    for (let index = 0; index < MEMBERS; index++)
      accounts.set(index, {
        main: await book.accountId(setup.db, member(members[index]!, 'main')),
        bets: await book.accountId(setup.db, member(members[index]!, 'bets')),
      });
    const since = new Date(Date.now() - 86_400_000);
    const placingStatements = Date.now();
    const dueAt = placingStatements + STATEMENT_DUE_MS;
    for (let index = 0; index < STATEMENT_BETS && Date.now() < placingStatements + STATEMENT_PLACE_MS; index++) {
      const side = sides[(index * 7) % sides.length]!;
      const memberIndex = index % MEMBERS;
      const stake = BigInt(10 * (1 + (index % 9))) * 10_000n;
      const odds = BigInt(side.odds.replace('.', ''));
      const payout = (stake * odds) / 10_000n;
      const placed = await book.statement((db) =>
        betsRepository.place(db, {
          memberId: members[memberIndex]!,
          key: `delay-crash-statement-${index}`,
          paramsHash: `delay-crash-statement-${index}`,
          type: 'single',
          system: null,
          stake,
          lineCount: 1,
          potentialPayout: payout,
          acceptOdds: 'none',
          legs: [
            {
              selectionId: side.selectionId,
              odds,
              version: side.version,
              eventId: side.eventId,
              lineStake: stake,
              linePayout: payout,
              liabilityCap: CAP,
            },
          ],
          since,
          maxDailyPayout: CAP,
          mainId: accounts.get(memberIndex)!.main,
          betsId: accounts.get(memberIndex)!.bets,
          actor: `member:${members[memberIndex]}`,
          delayMs: Math.max(0, dueAt - Date.now()),
        }),
      );
      if (placed.outcome !== 'created' || !placed.decideAt) throw new Error(`bet ${index}: ${placed.outcome}`);
      statementBets.push({ id: placed.id, member: memberIndex, side, stake });
    }
    expect(statementBets.length).toBeGreaterThanOrEqual(STATEMENT_BETS_AT_LEAST);
    const suspendedMarkets = [...new Set(sides.filter((side) => side.suspended).map((side) => side.marketId))];
    await setup.db.execute(sql`update sports_markets set status = 'suspended'
      where id = any(${sql.param(suspendedMarkets.map(String))}::bigint[])`);
    await setup.close();

    const all = [...routeBets, ...statementBets];
    const standing = all.filter((bet) => !bet.side.suspended);
    const refused = all.filter((bet) => bet.side.suspended);
    const held = (memberIndex: number, bets: typeof all) =>
      bets.filter((bet) => bet.member === memberIndex).reduce((sum, bet) => sum + bet.stake, 0n);
    // The restart: the route's bets are decided when due (now or soon); the statement's at their instant, in one run of
    // batches of 500 (the sweep finds what the last process left), and the process is killed while that run is under
    // way, as soon as the first batch has committed: the run publishes each batch's bets to their members after its
    // commit and yields before the next (on PGlite too, whose one connection serves the run's queries and everyone
    // else's), so member 0's socket hears of its bets in the first batch while the next is under way.
    await start();
    const probeBets = new Set(statementBets.filter((bet) => bet.member === 0).map((bet) => bet.id.toString()));
    const socket = await openSocket(`${base.replace('http:', 'ws:')}/ws?t=${tokens[0]}`);
    try {
      expect(await socket.subscribe('bets')).toMatchObject({ op: 'subscribed' });
      expect(Date.now()).toBeLessThan(dueAt);
      await socket.next(
        (frame) => frame.op === undefined && frame.topic === 'bets' && probeBets.has((frame.data as { id: string }).id),
        STATEMENT_DUE_MS + 30_000,
      );
      await stop('SIGKILL');
    } finally {
      socket.close();
    }
    setup = await open();
    const [phase2] = resultRows<{ pending: number; decided: number; last: string }>(
      await setup.db.execute(sql`
        select count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status <> 'pending')::int as decided,
          (select id::text from sports_bets where status = 'pending' order by decide_at desc, id desc limit 1) as last
        from sports_bets where id = any(${sql.param(statementBets.map((bet) => bet.id.toString()))}::bigint[])`),
    );
    await setup.close();
    // Killed in the middle of the run: some of its bets decided, not all.
    expect(phase2?.pending).toBeGreaterThan(0);
    expect(phase2?.decided).toBeGreaterThan(0);

    // The last restart finishes: the last bet due is decided last (decisions go in the order the bets are due).
    await start();
    const last = all.find((bet) => bet.id.toString() === phase2?.last)!;
    const finishBy = Date.now() + 60_000;
    for (;;) {
      const detail = await data<{ status: string }>(
        fetch(`${base}${sportsApi.betDetail}?id=${last.id}`, {
          headers: headersOf(last.member),
          signal: AbortSignal.timeout(30_000),
        }),
      );
      if (detail.status !== 'pending' || Date.now() > finishBy) break;
      await sleep(200);
    }
    await stop('SIGTERM');

    setup = await open();
    try {
      const ids = sql.param(all.map((bet) => bet.id.toString()));
      const statuses = new Map(
        resultRows<{ id: string; status: string; payout: string | null; needs_settlement: boolean }>(
          await setup.db.execute(sql`
            select id::text as id, status, payout::text as payout, needs_settlement from sports_bets
            where id = any(${ids}::bigint[])`),
        ).map((row) => [BigInt(row.id), row]),
      );
      const wrongStatus = all.filter(
        (bet) => statuses.get(bet.id)?.status !== (bet.side.suspended ? 'refused' : 'open'),
      );
      expect(wrongStatus.map((bet) => [bet.id, statuses.get(bet.id)?.status])).toEqual([]);
      const wrongRefused = refused.filter(
        (bet) => statuses.get(bet.id)?.payout !== bet.stake.toString() || statuses.get(bet.id)?.needs_settlement,
      );
      expect(wrongRefused.length).toBe(0);

      // Exactly one refund per refused bet, of its stake, and none for a bet that stood.
      const refunds = resultRows<{ bet: string; n: number; amount: string; code: string }>(
        await setup.db.execute(sql`
          select split_part(idempotency_key, ':', 2) as bet, count(*)::int as n, sum(amount)::text as amount,
            min(code) as code
          from ledger_transfers where idempotency_key like 'bet:%:refund' group by 1`),
      );
      const expectedRefunds = new Map(refused.map((bet) => [bet.id.toString(), bet.stake.toString()]));
      expect(refunds.length).toBe(refused.length);
      expect(refunds.filter((row) => row.n !== 1 || row.code !== 'bet_refund')).toEqual([]);
      expect(refunds.filter((row) => expectedRefunds.get(row.bet) !== row.amount)).toEqual([]);
      const [transfers] = resultRows<{ n: number }>(
        await setup.db.execute(sql`select count(*)::int as n from ledger_transfers`),
      );
      // The credits, a stake per bet, a refund per refused bet: nothing else moved.
      expect(transfers?.n).toBe(initial + all.length + refused.length);

      // Each member's main = credit - the stakes that stood; the open-bets account holds exactly those stakes.
      const balances = resultRows<{ member_id: string; kind: string; balance: string }>(
        await setup.db.execute(sql`
          select member_id::text as member_id, kind, balance::text as balance from wallet_accounts
          where member_id = any(${sql.param(members.map(String))}::bigint[]) and kind in ('main', 'bets')`),
      );
      expect(balances).toHaveLength(2 * MEMBERS);
      const wrongBalances = balances.filter((row) => {
        const memberIndex = members.indexOf(BigInt(row.member_id));
        const stood = held(memberIndex, standing);
        return BigInt(row.balance) !== (row.kind === 'main' ? CREDIT - stood : stood);
      });
      expect(wrongBalances).toEqual([]);

      // Each selection's exposure: the bets that stood on it, their stakes and payouts; a refused bet's given back
      // once.
      const exposure = resultRows<{ selection_id: string; bets: number; stake: string; payout: string }>(
        await setup.db.execute(sql`
          select selection_id::text as selection_id, bets, stake::text as stake, payout::text as payout
          from sports_selection_exposure
          where selection_id = any(${sql.param(sides.map((side) => side.selectionId.toString()))}::bigint[])`),
      );
      const expectedExposure = new Map<string, { bets: number; stake: bigint; payout: bigint }>();
      for (const side of sides) expectedExposure.set(side.selectionId.toString(), { bets: 0, stake: 0n, payout: 0n });
      for (const bet of standing) {
        const entry = expectedExposure.get(bet.side.selectionId.toString())!;
        entry.bets += 1;
        entry.stake += bet.stake;
        entry.payout += (bet.stake * BigInt(bet.side.odds.replace('.', ''))) / 10_000n;
      }
      const wrongExposure = exposure.filter((row) => {
        const expected = expectedExposure.get(row.selection_id)!;
        return (
          row.bets !== expected.bets || BigInt(row.stake) !== expected.stake || BigInt(row.payout) !== expected.payout
        );
      });
      expect(wrongExposure).toEqual([]);
      expect(exposure).toHaveLength(sides.length);

      expect(await createLedgerService(setup.db).check()).toMatchObject({
        unbalancedTransfers: 0,
        mismatchedAccounts: 0,
        negativeMemberAccounts: 0,
        sumOfAllBalances: 0n,
      });
    } finally {
      await setup.close();
    }
  }, 240_000);
});

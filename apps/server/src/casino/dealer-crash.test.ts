import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deal, type Game, settle, verifySeed } from '@jinb/casino';
import { casinoApi, HEADER, type RoundView } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { resultRows } from '../db/result-rows';
import { memberSessions } from '../db/schema';
import { sha256 } from '../shared/tokens';
import { fixtureMembers } from '../sports/settlement/bet-fixtures';
import { data, freePort, scratchDatabase, waitForServer } from '../test/live-server';
import { createLedgerService } from '../wallet/ledger/ledger.service';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const YUAN = 10_000n;
const CREDIT = 1_000n * YUAN;
const MEMBERS = 4;
/** Long enough to take the bets through the route before the kill, short enough that the restart finds it over. */
const WINDOW_MS = 6_000;
const SPOTS = [
  [
    { spot: 'banker', amount: '100' },
    { spot: 'tie', amount: '10' },
  ],
  [{ spot: 'player', amount: '50' }],
  [
    { spot: 'banker_pair', amount: '20' },
    { spot: 'player_pair', amount: '20' },
  ],
];

/**
 * "A round in flight when the server stops is finished from its committed seed or refunded on restart, exactly once."
 * The real server process (main.ts, dealer on) takes bets into a round through its route and is killed with SIGKILL
 * inside the round's window. Its lease is left behind (set to have run out while the server is down, as 30 s of
 * waiting would). The restarted process finishes the round once: every action one casino_settle and at most one
 * casino_payout, what @jinb/casino pays for the committed seed; balances exact; the ledger balanced. On PostgreSQL
 * when TEST_DATABASE_URL is set, on PGlite otherwise (the test writes only while the server is down).
 */
describe('a crash while a house round is in flight', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-casino-crash-'));
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
        DEMO_MEMBER: 'casino01:casino12345',
        DEMO_OPERATOR: 'casinoop:casino12345',
        WS_REDIS_PREFIX: `jinb:casino-crash:${randomBytes(4).toString('hex')}:`,
        LOG_LEVEL: 'warn',
        APP_MODE: 'demo',
        SPORTS_FEED: 'none',
        CASINO_DEALER: 'true',
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

  it('finishes the round once after a restart, paying exactly what its seed deals', async () => {
    if (process.env.TEST_DATABASE_URL) {
      const database = await scratchDatabase('jinb_casino_crash');
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }

    // Set-up before the server: members with credit and a session each; one table dealing, with a 6 s window.
    let setup = await open();
    const members = await fixtureMembers(setup.db, createLedgerService(setup.db), MEMBERS, CREDIT);
    const tokens = members.map(() => randomBytes(32).toString('base64url'));
    await setup.db.insert(memberSessions).values(
      members.map((memberId, index) => ({
        memberId,
        tokenHash: sha256(tokens[index] as string),
        expiresAt: new Date(Date.now() + 3_600_000),
        deviceNo: `h5-casinocrash${index}`,
      })),
    );
    await setup.db.execute(sql`update casino_tables set open = (code = 'BAC1'), window_ms = ${WINDOW_MS}`);
    await setup.close();

    await start();
    let round: RoundView | null = null;
    for (let attempt = 0; attempt < 100 && round?.phase !== 'betting'; attempt++) {
      round = (
        await data<{ round: RoundView | null }>(fetch(`${base}${casinoApi.casinoTable.replace(':code', 'BAC1')}`))
      ).round;
      if (round?.phase !== 'betting') await sleep(100);
    }
    if (round?.phase !== 'betting') throw new Error('no round opened');
    const roundId = round.id;
    const answers = await Promise.all(
      members.flatMap((_, index) =>
        SPOTS.map((bets) =>
          fetch(`${base}${casinoApi.casinoBet}`, {
            method: 'POST',
            headers: {
              [HEADER.token]: tokens[index] as string,
              [HEADER.deviceNo]: `h5-casinocrash${index}`,
              [HEADER.d]: '25',
              [HEADER.idempotencyKey]: randomUUID(),
              'content-type': 'application/json',
            },
            body: JSON.stringify({ table: 'BAC1', roundId, bets }),
          }).then((response) => response.json() as Promise<{ status: unknown; data: unknown }>),
        ),
      ),
    );
    expect(answers.filter((answer) => !answer.status)).toEqual([]);
    await stop('SIGKILL');

    // Down: the round is still in its window (or past it, never closed); its dealer's lease is left as it died.
    setup = await open();
    const [inFlight] = resultRows<{ phase: string; bets: number }>(
      await setup.db.execute(sql`select r.phase, (select count(*)::int from casino_bets b
        where b.round_id = r.id and b.status = 'open') as bets from casino_rounds r where r.id = ${BigInt(roundId)}`),
    );
    expect(inFlight).toEqual({ phase: 'betting', bets: MEMBERS * SPOTS.length });
    await setup.db.execute(sql`update casino_dealer_leases set until = now() - interval '1 second'`);
    await setup.close();

    await start();
    let finished: RoundView | undefined;
    for (let attempt = 0; attempt < 300; attempt++) {
      finished = await data<RoundView>(fetch(`${base}${casinoApi.casinoRound.replace(':id', roundId)}`));
      if (finished.phase === 'settled' || finished.phase === 'refunded') break;
      await sleep(100);
    }
    expect(finished?.phase).toBe('settled');
    expect(verifySeed(finished?.seed as string, finished?.previousSeed as string)).toEqual({ ok: true });
    // A second stop and start deals on; nothing of the finished round is paid again.
    await stop('SIGKILL');
    setup = await open();
    await setup.db.execute(sql`update casino_dealer_leases set until = now() - interval '1 second'`);
    await setup.close();
    await start();
    await sleep(1_500);
    await stop('SIGTERM');

    const check = await open();
    try {
      const [row] = resultRows<{ seed: string; number: number }>(
        await check.db.execute(sql`select seed, number from casino_rounds where id = ${BigInt(roundId)}`),
      );
      const game: Game = 'baccarat';
      const dealt = deal(game, row?.seed as string, 'BAC1', Number(row?.number));
      const bets = resultRows<{
        id: string;
        member_id: string;
        stake: string;
        payout: string;
        status: string;
        spots: Array<{ spot: string; amount: string }>;
      }>(
        await check.db.execute(sql`select id::text as id, member_id::text as member_id, stake::text as stake,
          payout::text as payout, status, spots from casino_bets where round_id = ${BigInt(roundId)}
          order by casino_bets.id`),
      );
      // Each member's actions are the ones sent (in whatever order the server took them).
      const sent = SPOTS.map((bets) => bets.map((bet) => `${bet.spot}:${BigInt(bet.amount) * YUAN}`).join(',')).sort();
      for (const memberId of members) {
        const taken = bets
          .filter((bet) => bet.member_id === String(memberId))
          .map((bet) => bet.spots.map((spot) => `${spot.spot}:${spot.amount}`).join(','))
          .sort();
        expect(taken).toEqual(sent);
      }
      expect(bets).toHaveLength(MEMBERS * SPOTS.length);
      const transfers = resultRows<{ reference: string; code: string; amount: string }>(
        await check.db.execute(sql`select reference, code, amount::text as amount from ledger_transfers
          where reference in (select 'casino:' || id from casino_bets where round_id = ${BigInt(roundId)})`),
      );
      const main = new Map<string, bigint>(members.map((memberId) => [String(memberId), CREDIT]));
      for (const bet of bets) {
        const spots = bet.spots.map((spot) => ({ spot: spot.spot, amount: BigInt(spot.amount) }));
        const payout = settle(game, dealt, spots).reduce((sum, spot) => sum + spot.payout, 0n);
        expect(bet).toMatchObject({ status: 'settled', payout: payout.toString() });
        const mine = transfers.filter((transfer) => transfer.reference === `casino:${bet.id}`);
        expect(mine.map((transfer) => transfer.code).sort()).toEqual(
          payout > 0n ? ['casino_payout', 'casino_settle', 'casino_stake'] : ['casino_settle', 'casino_stake'],
        );
        main.set(bet.member_id, (main.get(bet.member_id) ?? 0n) - BigInt(bet.stake) + payout);
      }
      const ledger = createLedgerService(check.db);
      for (const memberId of members) {
        const accounts = await ledger.balances(memberId);
        const of = (kind: string) => accounts.find((account) => account.kind === kind)?.balance ?? 0n;
        expect({ main: of('main'), casino: of('casino') }).toEqual({ main: main.get(String(memberId)), casino: 0n });
      }
      expect(await ledger.check()).toMatchObject({
        unbalancedTransfers: 0,
        mismatchedAccounts: 0,
        negativeMemberAccounts: 0,
      });
    } finally {
      await check.close();
    }
  }, 240_000);
});

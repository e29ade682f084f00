import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { createBalancePush } from '../apps/server/src/realtime/balance-push';
import { ledgerRepository } from '../apps/server/src/wallet/ledger/ledger.repository';
import { createLedgerService, house, type Movement, member } from '../apps/server/src/wallet/ledger/ledger.service';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { CONNECTIONS, type Measured, rawUpdateRunner, rawUpdates, timedPool } from './lib/money-load';
import { type BenchMember, insertMembers, prepareTarget } from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';

/**
 * The ledger's posting paths in process, without HTTP: what a bet, a payout or a settlement run will call.
 *
 * - generic posting: `ledger.transfer` (a member's main -> their open-bets account), CONNECTIONS in flight, spread over the
 *   members and on one member, against the raw single-statement balance UPDATE on the same accounts;
 * - batch settlement: PAYOUTS payouts through `ledger.postBatch` in chunks, against the same number of raw balance
 *   updates sent as batch UPDATEs of the same size.
 *
 * Beside each figure: statements sent to the database per posting (PostgreSQL; PGlite runs the same statements).
 * Targets (issue 8): generic >= 35% of raw, hot member >= 40% of raw hot, batch >= 5,000 postings/s, PGlite >= 15%.
 */
const MEMBERS = 1_000;
const SECONDS = envNumber('BENCH_SECONDS', 10, { min: 1, max: 600 });
const PAYOUTS = envNumber('BENCH_PAYOUTS', 100_000, { min: 1_000, max: 1_000_000 });
const CHUNK = envNumber('BENCH_CHUNK', 2_000, { min: 10, max: 20_000 });

/** Counts statements on every pg client of this process (the ledger's pool and the baseline's). */
function statementCounter() {
  let count = 0;
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: wraps the driver's overloaded query method as it is
  (pg.Client.prototype as any).query = function counted(this: pg.Client, ...args: any[]) {
    count++;
    // biome-ignore lint/suspicious/noExplicitAny: same
    return (original as any).apply(this, args);
  };
  return {
    read: () => count,
    restore: () => {
      pg.Client.prototype.query = original;
    },
  };
}

runBenchmark(async () => {
  console.log(`machine: ${machine()}`);
  const target = await prepareTarget();
  const handle: DatabaseHandle = target.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: target.databaseUrl, poolSize: CONNECTIONS })
    : await openDatabase({ kind: 'pglite', dataDir: `${target.dataDir}/pglite` });
  onCleanup(() => handle.close());
  const started = performance.now();
  const members: BenchMember[] = await insertMembers(handle, MEMBERS);
  console.log(`set-up: ${MEMBERS} members in ${fixed((performance.now() - started) / 1000)} s (${target.database})`);
  const ledger = createLedgerService(handle.db);
  // Every member already has an open-bets account, as one who has bet before does: the run measures postings,
  // not the first-time account creation.
  await ledgerRepository.ensureMemberAccounts(
    handle.db,
    members.map((one) => ({ memberId: one.memberId, kind: 'bets' })),
  );
  const counter = statementCounter();
  onCleanup(counter.restore);
  const runTag = randomBytes(4).toString('hex');
  const rows: string[][] = [['scenario', 'per s', 'p99 ms', 'vs baseline', 'statements/posting', 'count']];
  const results: Record<string, unknown> = {
    database: target.database,
    seconds: SECONDS,
    payouts: PAYOUTS,
    chunk: CHUNK,
  };

  const raw = rawUpdateRunner(handle, target.databaseUrl);
  const measureRaw = async (name: string, accounts: bigint[]) => {
    await rawUpdates(raw.run, accounts, 1);
    const before = counter.read();
    const measured = await rawUpdates(raw.run, accounts, SECONDS);
    const statements = (counter.read() - before) / measured.requests;
    rows.push([
      name,
      fixed(measured.requestsPerSecond, 0),
      fixed(measured.p99Ms),
      '100%',
      fixed(statements, 1),
      `${measured.requests}`,
    ]);
    return measured;
  };
  const mains = members.map((one) => one.mainAccountId);
  const rawSpread = await measureRaw(`baseline: raw UPDATE, ${MEMBERS} accounts`, mains);
  const rawOne = await measureRaw('baseline: raw UPDATE, one account', mains.slice(0, 1));

  // Batch: the baseline sends the same number of raw balance changes as batch UPDATEs of the same size.
  const rawBatch = async () => {
    const begin = performance.now();
    for (let offset = 0; offset < PAYOUTS; offset += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, PAYOUTS - offset) }, (_, index) =>
        mains[(offset + index) % mains.length]!.toString(),
      );
      await handle.db.execute(
        sql`UPDATE wallet_accounts a SET balance = a.balance + d.n FROM (SELECT id, count(*) AS n FROM unnest(${sql.param(ids)}::bigint[]) AS id GROUP BY id) d WHERE a.id = d.id`,
      );
    }
    return PAYOUTS / ((performance.now() - begin) / 1000);
  };
  const rawBatchPerSecond = await rawBatch();
  rows.push([
    `baseline: raw batch UPDATE, ${PAYOUTS} in ${CHUNK}s`,
    fixed(rawBatchPerSecond, 0),
    '',
    '100%',
    '',
    `${PAYOUTS}`,
  ]);
  // The raw updates bypassed the ledger; put the balances back so the ledger check below means something.
  await handle.db.execute(
    sql`UPDATE wallet_accounts a SET balance = coalesce((SELECT sum(amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)`,
  );

  const before = counter.read();
  const batchStarted = performance.now();
  for (let offset = 0; offset < PAYOUTS; offset += CHUNK) {
    // The payouts also fund every member for the postings below.
    const chunk = Array.from(
      { length: Math.min(CHUNK, PAYOUTS - offset) },
      (_, index): Movement => ({
        key: `bench:${runTag}:payout:${offset + index}`,
        code: 'bonus',
        from: house('payouts'),
        to: member(members[(offset + index) % members.length]!.memberId, 'main'),
        amount: 10_000n,
        actor: 'system:bench',
        reference: `bench:${runTag}`,
      }),
    );
    await ledger.transaction((tx) => ledger.postBatch(tx, chunk));
  }
  const batchPerSecond = PAYOUTS / ((performance.now() - batchStarted) / 1000);
  const batchStatements = (counter.read() - before) / PAYOUTS;
  rows.push([
    `batch settlement, ${PAYOUTS} payouts in ${CHUNK}s`,
    fixed(batchPerSecond, 0),
    '',
    `${fixed((batchPerSecond / rawBatchPerSecond) * 100, 0)}%`,
    target.database === 'postgres' ? fixed(batchStatements, 3) : 'same',
    `${PAYOUTS}`,
  ]);

  // What a bet will post: a stake from the member's main account to their own open-bets account. Neither side is
  // shared with other members, so placements on different members never wait for each other (a house account on
  // every bet would be one hot row; the house side is settled in batches).
  const posting = (spread: boolean, sequence: number, phase: string): Movement => {
    const memberId = members[spread ? sequence % members.length : 0]!.memberId;
    return {
      key: `bench:${runTag}:${phase}:${spread ? 's' : 'o'}:${sequence}`,
      code: 'bonus',
      from: member(memberId, 'main'),
      to: member(memberId, 'bets'),
      amount: 1n,
      actor: 'system:bench',
      reference: `bench:${runTag}`,
    };
  };
  const measurePosting = async (name: string, spread: boolean, baseline: Measured, using = ledger) => {
    const phase = using === ledger ? '' : 'push-';
    await timedPool(1, (sequence) => using.transfer(posting(spread, sequence, `${phase}warm`)));
    const before = counter.read();
    const measured = await timedPool(SECONDS, (sequence) => using.transfer(posting(spread, sequence, `${phase}run`)));
    const statements = (counter.read() - before) / measured.requests;
    const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
    rows.push([
      name,
      fixed(measured.requestsPerSecond, 0),
      fixed(measured.p99Ms),
      `${fixed(ratio * 100, 0)}%`,
      target.database === 'postgres' ? fixed(statements, 1) : 'same',
      `${measured.requests}`,
    ]);
    return { ...measured, ratio, statements };
  };
  const generic = await measurePosting(`generic posting, ${MEMBERS} members`, true, rawSpread);
  const hot = await measurePosting('generic posting, one member', false, rawOne);
  // The same postings on a ledger wired as the server wires it: after each commit the members whose main wallet
  // moved go to the realtime balance push, which reads their balances (one query per 20 ms) and publishes them.
  // Measured against the plain ledger in alternating rounds, since the machine's load drifts within a run.
  const wired = createLedgerService(handle.db);
  let pushes = 0;
  const push = createBalancePush({
    read: wired.mainBalances,
    publisher: {
      publish() {},
      publishToMember() {
        pushes++;
      },
    },
    logger: { warn: (object, message) => console.warn(message, object) },
  });
  onCleanup(() => push.close());
  wired.onMainMoved(push.moved);
  // A ledger service of its own learns each account id once: every member's, before anything is counted.
  await Promise.all(members.map((one, index) => wired.transfer(posting(true, index, `altwarm${one.memberId}`))));
  const alternating = { plain: 0, pushed: 0 };
  for (let round = 0; round < 4; round++) {
    const pushed = round % 2 === 1;
    const using = pushed ? wired : ledger;
    const measured = await timedPool(Math.max(1, SECONDS / 2), (sequence) =>
      using.transfer(posting(true, sequence, `alt${round}`)),
    );
    if (pushed) alternating.pushed += measured.requests;
    else alternating.plain += measured.requests;
  }
  const pushRatio = alternating.pushed / Math.max(alternating.plain, 1);
  rows.push([
    `generic posting, ${MEMBERS} members, with the balance push`,
    fixed(generic.requestsPerSecond * pushRatio, 0),
    '',
    `${fixed(generic.ratio * pushRatio * 100, 0)}%`,
    '',
    `${alternating.pushed}`,
  ]);
  results.balancePush = { ...alternating, ratio: pushRatio, pushes };
  console.log(
    `balance push: ${fixed(pushRatio * 100, 0)}% of the postings without it (alternating rounds: ` +
      `${alternating.plain} postings without, ${alternating.pushed} with, ${pushes} pushes)`,
  );

  console.log('');
  printTable(rows);
  console.log('');
  const embedded = target.database === 'pglite';
  verdict(
    `generic posting >= ${embedded ? 15 : 35}% of raw`,
    generic.ratio >= (embedded ? 0.15 : 0.35),
    `${fixed(generic.ratio * 100, 0)}%`,
  );
  if (!embedded) {
    verdict('generic posting p99 < 100 ms', generic.p99Ms < 100, `${fixed(generic.p99Ms)} ms`);
    verdict('hot member >= 40% of raw hot', hot.ratio >= 0.4, `${fixed(hot.ratio * 100, 0)}%`);
    verdict('batch settlement >= 5,000 postings/s', batchPerSecond >= 5_000, `${fixed(batchPerSecond, 0)}/s`);
  }

  const check = await ledger.check();
  const ok =
    check.unbalancedTransfers === 0 &&
    check.mismatchedAccounts === 0 &&
    check.negativeMemberAccounts === 0 &&
    check.sumOfAllBalances === 0n;
  console.log(`ledger check: ${ok ? 'ok' : 'NOT OK'} (${check.transfers} transfers, ${check.entries} entries)`);
  console.log(`machine after the run: ${machine()}`);
  await raw.close();
  saveResults(`ledger-${target.database}`, {
    ...results,
    rawSpread,
    rawOne,
    generic,
    hot,
    rawBatchPerSecond,
    batchPerSecond,
    batchStatements,
  });
  if (!ok) throw new BenchmarkInvalid('the ledger check failed after the run');
});

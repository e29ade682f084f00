import { addDays, isoWeekOf, platformDay, platformDayBounds } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { resultRows } from '../apps/server/src/db/result-rows';
import { createMessageServices } from '../apps/server/src/messages/messages.container';
import { createProtectionGate } from '../apps/server/src/protection/gate/protection-gate';
import { silentPublisher } from '../apps/server/src/realtime/realtime-port';
import { systemClock } from '../apps/server/src/shared/clock';
import { createVipPayoutsService } from '../apps/server/src/vip/payouts/payouts.service';
import { createBonusService } from '../apps/server/src/wallet/bonus/bonus.service';
import { createLedgerService } from '../apps/server/src/wallet/ledger/ledger.service';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { prepareTarget } from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults } from './lib/report';

/**
 * The VIP payout jobs (issue 23) over many members with a day of bets each, in process, on PostgreSQL:
 *
 * - set-up (SQL, generate_series): BENCH_VIP_MEMBERS members (default 20,000; 100,000 for the figure) at
 *   levels 1-5, each with one settled house-table bet and one vendor bet (platform `pg`) yesterday;
 * - baseline: ONE raw statement aggregating yesterday's valid turnover per member and category (what the rebate job
 *   must read at the least);
 * - the daily rebate job for yesterday and the weekly wage job for last ISO week, both in auto mode (each member
 *   credited through wallet.bonus: ledger postings, reward_grants rows, turnover requirements), slices of
 *   BENCH_VIP_SLICE (2,000);
 * - each job again (the run is done: nothing), then forced (the run row reset to its start: the walk again, every
 *   payout already there): credited 0 both times, and the ledger's grants unchanged.
 *
 * Prints members/s of each and its ratio to the baseline's. PostgreSQL only: BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (an admin connection; a scratch database is created and dropped); without either it says so and exits 0.
 */
const MEMBERS = envNumber('BENCH_VIP_MEMBERS', 20_000, { min: 1_000, max: 1_000_000 });
const SLICE = envNumber('BENCH_VIP_SLICE', 2_000, { min: 100, max: 20_000 });
const TIME_ZONE = process.env.PLATFORM_TIMEZONE || 'Asia/Shanghai';

async function count(handle: DatabaseHandle, programme: string): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from reward_grants where programme = ${programme}`),
  );
  return Number(row?.n ?? 0);
}

runBenchmark(async () => {
  process.env.BENCH_DATABASE_URL ||= process.env.TEST_DATABASE_URL;
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('vip-payouts: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL admin connection)');
    return;
  }
  console.log(`machine: ${machine()}`);
  const target = await prepareTarget();
  const handle = await openDatabase({ kind: 'postgres', url: target.databaseUrl as string, poolSize: 10 });
  onCleanup(() => handle.close());
  const { db } = handle;
  const today = platformDay(new Date(), TIME_ZONE);
  const day = addDays(today, -1);
  const week = isoWeekOf(addDays(today, -7));
  const noon = new Date((platformDayBounds(day, TIME_ZONE)?.start.getTime() ?? 0) + 12 * 3_600_000).toISOString();

  const seedStarted = performance.now();
  await db.execute(sql`insert into members (account, password_hash, invite_code, vip_level)
    select 'vp' || n, 'x', 'VP' || n, 1 + n % 5 from generate_series(1, ${MEMBERS}) as n`);
  await db.execute(sql`insert into casino_tables (code, game, name, limits)
    values ('VPB1', 'baccarat', 'bench', '{"min": "10000", "max": "100000000", "spots": {}}')`);
  await db.execute(
    sql`insert into casino_chains (table_code, secret, length, terminal_hash) values ('VPB1', 'x', 1, 'x')`,
  );
  await db.execute(sql`insert into casino_rounds (table_code, chain_id, number, seed, phase, closes_at, settled_at)
    select 'VPB1', id, 1, 'x', 'settled', now(), now() from casino_chains where table_code = 'VPB1'`);
  await db.execute(sql`insert into casino_bets (member_id, round_id, table_code, idempotency_key, params_hash, spots,
      stake, payout, valid, status, placed_at, settled_at)
    select m.id, r.id, 'VPB1', 'b' || m.id, 'x', '[]', 1000000 + (m.id * 37) % 500000, 0, 1000000 + (m.id * 37) % 500000,
      'settled', ${noon}::timestamptz, ${noon}::timestamptz
    from members m cross join (select id from casino_rounds where table_code = 'VPB1') r`);
  await db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid, status, placed_at,
      settled_at)
    select 'pg', id, 'v' || id, 2000000 + (id * 53) % 900000, 0, 2000000 + (id * 53) % 900000, 'settled',
      ${noon}::timestamptz, ${noon}::timestamptz from members`);
  await db.execute(sql`update vip_payout_settings set mode = 'auto', enabled = true, min_turnover = 0
    where kind in ('rebate', 'weekly')`);
  await db.execute(sql`analyze`);
  console.log(
    `set-up: ${MEMBERS} members, ${MEMBERS * 2} bets on ${day} in ${fixed((performance.now() - seedStarted) / 1000)} s`,
  );

  const ledger = createLedgerService(db);
  // Each grant writes its inbox message in the same statement batch (issue 24); nobody listens for the pushes here.
  const { system: messages } = createMessageServices({
    db,
    ledger,
    publisher: silentPublisher,
    timeZone: TIME_ZONE,
    logger: console,
  });
  // Nobody here is excluded: the gate's batch lookup is part of what the payouts cost.
  const gate = createProtectionGate({ clock: systemClock, timeZone: TIME_ZONE });
  const bonus = createBonusService({ db, ledger, timeZone: TIME_ZONE, messages, gate });
  const payouts = createVipPayoutsService({ db, ledger, bonus, timeZone: TIME_ZONE });

  const bounds = platformDayBounds(day, TIME_ZONE);
  if (!bounds) throw new BenchmarkInvalid('no day bounds');
  const baselineStarted = performance.now();
  const [aggregated] = resultRows<{ members: number; rows: number }>(
    await db.execute(sql`select count(distinct member_id)::int as members, count(*)::int as rows from (
        select member_id, category, sum(valid) from member_valid_bets
        where counted_at >= ${bounds.start.toISOString()}::timestamptz and counted_at < ${bounds.end.toISOString()}::timestamptz
        group by member_id, category) t`),
  );
  const baselineS = (performance.now() - baselineStarted) / 1000;
  if (aggregated?.members !== MEMBERS) throw new BenchmarkInvalid(`baseline saw ${aggregated?.members} members`);
  const baselineRate = MEMBERS / baselineS;

  const rows: string[][] = [['scenario', 'seconds', 'members/s', 'vs baseline', 'payouts', 'credited']];
  rows.push(['baseline: one aggregate statement', fixed(baselineS, 2), fixed(baselineRate, 0), '100%', '', '']);
  const results: Record<string, unknown> = { members: MEMBERS, slice: SLICE, baselineSeconds: baselineS };

  const measure = async (label: string, kind: 'rebate' | 'weekly', period: string, programme: string, walks = true) => {
    const before = await count(handle, programme);
    const started = performance.now();
    const run = await payouts.runPeriod(kind, period, { sliceSize: SLICE });
    const seconds = (performance.now() - started) / 1000;
    const credited = (await count(handle, programme)) - before;
    rows.push([
      label,
      fixed(seconds, 3),
      walks ? fixed(MEMBERS / seconds, 0) : '-',
      walks ? `${fixed((MEMBERS / seconds / baselineRate) * 100, 1)}%` : '-',
      String(run.payouts),
      String(credited),
    ]);
    return { seconds, credited, payouts: run.payouts };
  };

  const rebate = await measure(`daily rebate ${day}`, 'rebate', day, 'rebate');
  const rebateAgain = await measure('  again (run done: one read)', 'rebate', day, 'rebate', false);
  await db.execute(sql`update vip_payout_runs set status = 'running', cursor = 0 where kind = 'rebate'`);
  const rebateForced = await measure('  forced from the start', 'rebate', day, 'rebate');
  const wages = await measure(`weekly wage ${week}`, 'weekly', week, 'vip_weekly');
  const wagesAgain = await measure('  again (run done: one read)', 'weekly', week, 'vip_weekly', false);
  await db.execute(sql`update vip_payout_runs set status = 'running', cursor = 0 where kind = 'weekly'`);
  const wagesForced = await measure('  forced from the start', 'weekly', week, 'vip_weekly');
  printTable(rows);

  if (rebate.credited !== MEMBERS || wages.credited !== MEMBERS)
    throw new BenchmarkInvalid(
      `credited ${rebate.credited} rebates and ${wages.credited} wages for ${MEMBERS} members`,
    );
  const again = [rebateAgain, rebateForced, wagesAgain, wagesForced].map((one) => one.credited);
  console.log(`second runs credited: ${again.join(', ')} (must all be 0)`);
  if (again.some((credited) => credited !== 0)) throw new BenchmarkInvalid('a second run credited something');
  Object.assign(results, { rebate, rebateAgain, rebateForced, wages, wagesAgain, wagesForced });
  saveResults('vip-payouts', results);
});

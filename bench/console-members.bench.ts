import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { resultRows } from '../apps/server/src/db/result-rows';
import { createTestApp } from '../apps/server/src/test/test-app';
import { signedInOperator } from '../apps/server/src/test/wallet-fixtures';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { percentile } from './lib/stats';

/**
 * The console's members table (issue 27) over BENCH_CONSOLE_MEMBERS (100,000) members: paging, sorting and filtering
 * server-side through `GET /api/admin/v1/members/search` (app.inject, the real routes, access check and zod), on
 * PostgreSQL with BENCH_DATABASE_URL (else TEST_DATABASE_URL; a scratch database is made and dropped), on PGlite
 * without either. Target: p99 under 200 ms for every query shape.
 *
 * The members are written by bulk SQL with a realistic spread: registrations over two years, a fifth never signed in
 * since, VIP levels mostly 0-2, 1% locked, Chinese real names on two thirds, balances skewed (most near zero, a few
 * large), one device each with one in fifty shared. Balances are written to the main accounts directly (no ledger:
 * this database only serves the list).
 *
 * Baseline, in the same run: the lightest call of the same desk through the same app, `GET .../members/{id}/notes` of
 * a member without notes (the session, the access check, zod, a primary-key read and an empty index range), and a
 * bare `select 1` on the same database; each shape's p99 is printed against the first as a ratio.
 */
const MEMBERS = envNumber('BENCH_CONSOLE_MEMBERS', 100_000, { min: 1000, max: 1_000_000 });
const REQUESTS = envNumber('BENCH_CONSOLE_REQUESTS', 100, { min: 10, max: 2000 });
const TARGET_P99_MS = 200;

runBenchmark(async () => {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) process.env.TEST_DATABASE_URL = url;
  const kind = url ? 'postgres' : 'pglite';
  const sut = await createTestApp(kind);
  onCleanup(() => sut.close());
  const { db } = sut.container;
  const operator = await signedInOperator(sut, 'support');

  const started = performance.now();
  await db.execute(sql`insert into members (account, password_hash, phone_area, phone, real_name, invite_code,
      vip_level, status, created_at, last_login_at, lock_reason, locked_at)
    select 'm' || lpad(g::text, 7, '0'), 'x', '86', '139' || lpad(g::text, 8, '0'),
      case when g % 3 = 0 then ''
        else (array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭'])[1 + g % 16]
          || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明'])[1 + (g / 16) % 16]
          || case when g % 5 = 0 then (array['华','平','红','玲','建'])[1 + (g / 256) % 5] else '' end end,
      'BM' || upper(to_hex(g)),
      case when g % 100 < 60 then 0 when g % 100 < 85 then 1 when g % 100 < 95 then 2
        else 3 + (g % 8) end,
      case when g % 100 = 7 then 'disabled' else 'active' end,
      now() - (((g::bigint * 7919) % 730) || ' days')::interval - (((g::bigint * 104729) % 86400) || ' seconds')::interval,
      case when g % 5 = 0 then null
        else now() - (((g * 31) % 90) || ' days')::interval - (((g::bigint * 613) % 86400) || ' seconds')::interval end,
      case when g % 100 = 7 then '风控冻结' else '' end,
      case when g % 100 = 7 then now() - interval '1 day' end
    from generate_series(1, ${MEMBERS}) as g`);
  await db.execute(sql`insert into wallet_accounts (member_id, kind, balance)
    select id, 'main', case when id % 10 < 6 then (id * 37) % 1000000
      when id % 10 < 9 then (id * 7919) % 100000000 else (id * 104729) % 10000000000 end
    from members where account like 'm%' and password_hash = 'x'`);
  await db.execute(sql`insert into member_devices (member_id, device_no, first_seen_at)
    select id, 'h5-bench-' || case when id % 50 = 0 then (id - 1)::text else id::text end, created_at
    from members where password_hash = 'x' on conflict do nothing`);
  await db.execute(sql`analyze members`);
  await db.execute(sql`analyze wallet_accounts`);
  await db.execute(sql`analyze member_devices`);
  const insertSeconds = (performance.now() - started) / 1000;
  const [{ n } = { n: 0 }] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from members`));
  console.log(`${n} members (${fixed(insertSeconds, 1)} s to insert and analyze)`);

  const middle = Math.floor(MEMBERS / 2);
  const pad = (value: number) => String(value).padStart(7, '0');
  const day = 86_400_000;
  const shapes: Array<{ name: string; query: Record<string, string>; expect?: (total: number) => boolean }> = [
    { name: 'page 1, newest first', query: {} },
    { name: 'page 50 (offset 980), newest first', query: { page: '50' } },
    { name: 'last page (offset ~100k), newest first', query: { page: String(Math.ceil(MEMBERS / 20)) } },
    { name: 'richest first', query: { sort: '-balance' } },
    { name: 'poorest first, page 10', query: { sort: 'balance', page: '10' } },
    { name: 'last sign-in, latest first', query: { sort: '-lastSignIn' } },
    { name: 'VIP, highest first, 100 a page', query: { sort: '-vip', pageSize: '100' } },
    { name: 'account prefix', query: { account: `m${pad(middle).slice(0, 5)}` }, expect: (t) => t === 100 },
    { name: 'phone, exact', query: { phone: `139${String(middle).padStart(8, '0')}` }, expect: (t) => t === 1 },
    { name: 'real name prefix 王伟', query: { realName: '王伟' }, expect: (t) => t > 0 },
    { name: 'invite code, exact', query: { inviteCode: `bm${middle.toString(16)}` }, expect: (t) => t === 1 },
    { name: 'device, exact (shared)', query: { deviceNo: 'h5-bench-49' }, expect: (t) => t === 2 },
    { name: 'locked', query: { status: 'disabled' }, expect: (t) => t === Math.floor((MEMBERS + 93) / 100) },
    { name: 'VIP 3, richest first', query: { vipLevel: '3', sort: '-balance' }, expect: (t) => t > 0 },
    {
      name: 'registered in the last 30 days',
      query: { registeredFrom: new Date(Date.now() - 30 * day).toISOString() },
      expect: (t) => t > 0,
    },
    {
      name: 'active VIP 1 registered this year, latest sign-in first',
      query: {
        status: 'active',
        vipLevel: '1',
        registeredFrom: new Date(Date.now() - 365 * day).toISOString(),
        sort: '-lastSignIn',
      },
      expect: (t) => t > 0,
    },
  ];

  async function timed(run: () => Promise<void>, count: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = performance.now();
      await run();
      times.push(performance.now() - at);
    }
    return times;
  }

  const notesPath = `/api/admin/v1/members/${middle}/notes`;
  const me = async () => {
    const answer = await sut.get(notesPath, operator.headers);
    if (answer.statusCode !== 200) throw new BenchmarkInvalid(`baseline: ${answer.body}`);
  };
  await timed(me, 20);
  const baseline = await timed(me, REQUESTS);
  const selectOne = await timed(async () => {
    await db.execute(sql`select 1`);
  }, REQUESTS);
  const baselineP99 = percentile(baseline, 99);

  const results: Array<{ shape: string; total: number; p50: number; p99: number }> = [];
  for (const shape of shapes) {
    const path = `/api/admin/v1/members/search?${new URLSearchParams(shape.query)}`;
    let total = -1;
    const call = async () => {
      const answer = await sut.get(path, operator.headers);
      if (answer.statusCode !== 200) throw new BenchmarkInvalid(`${shape.name}: ${answer.body}`);
      total = answer.json().data.total;
    };
    await timed(call, 5);
    const times = await timed(call, REQUESTS);
    if (shape.expect && !shape.expect(total)) throw new BenchmarkInvalid(`${shape.name}: total ${total}`);
    results.push({ shape: shape.name, total, p50: percentile(times, 50), p99: percentile(times, 99) });
  }

  // The deep pages are read from the other end of the index: they must hold what a plain OFFSET would.
  for (const page of [Math.ceil(MEMBERS / 20), Math.ceil(MEMBERS / 20) - 7]) {
    const answer = await sut.get(`/api/admin/v1/members/search?page=${page}`, operator.headers);
    const ids = (answer.json().data.rows as Array<{ id: string }>).map((row) => row.id);
    const expected = resultRows<{ id: string }>(
      await db.execute(sql`select id::text as id from members order by created_at desc, id desc
        limit 20 offset ${(page - 1) * 20}`),
    ).map((row) => row.id);
    if (ids.join() !== expected.join()) throw new BenchmarkInvalid(`page ${page}: ${ids.join()} != ${expected.join()}`);
  }

  console.log(machine());
  printTable([
    ['query shape', 'total', 'p50 (ms)', 'p99 (ms)', 'p99 / baseline'],
    ["baseline: a member's notes (none)", '-', fixed(percentile(baseline, 50), 2), fixed(baselineP99, 2), '1'],
    [
      'baseline: select 1 on the database',
      '-',
      fixed(percentile(selectOne, 50), 2),
      fixed(percentile(selectOne, 99), 2),
      '-',
    ],
    ...results.map((row) => [
      row.shape,
      String(row.total),
      fixed(row.p50, 1),
      fixed(row.p99, 1),
      fixed(row.p99 / baselineP99, 1),
    ]),
  ]);
  const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  verdict(
    `members table over ${n} members on ${kind}, every shape p99 < ${TARGET_P99_MS} ms`,
    worst.p99 < TARGET_P99_MS,
    `worst ${worst.shape}: ${fixed(worst.p99, 1)} ms`,
  );
  saveResults('console-members', { kind, members: n, requests: REQUESTS, baseline: { p99: baselineP99 }, results });
});

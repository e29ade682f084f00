import { performance } from 'node:perf_hooks';
import { paths } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { resultRows } from '../apps/server/src/db/result-rows';
import { createTestApp } from '../apps/server/src/test/test-app';
import { signedInOperator } from '../apps/server/src/test/wallet-fixtures';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { fixed, machine, printTable } from './lib/report';
import { percentile } from './lib/stats';

/**
 * An operator message to everyone (issue 24): `POST /api/admin/v1/messages` with `to=all` over BENCH_MESSAGE_MEMBERS
 * (100,000) members, in process (app.inject) on PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a scratch database
 * is made and dropped), with Redis carrying the realtime topics when BENCH_REDIS_URL is set.
 *
 * Figures:
 * 1. the send's answer time against the baseline: the same INSERT ... SELECT written by hand on the same database
 *    (one statement, no transaction, no audit), as a ratio;
 * 2. the unread pushes after the commit: how long until every recipient's `{ unread }` is published, and how many;
 * 3. what the pushes cost the other requests meanwhile: p50/p99 of `message/num` asked 200 times while they go out,
 *    against the same calls with nothing going on.
 */
const MEMBERS = Number(process.env.BENCH_MESSAGE_MEMBERS ?? 100_000);

runBenchmark(async () => {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) process.env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const sut = await createTestApp(kind);
  onCleanup(() => sut.close());
  const { db } = sut.container;
  const operator = await signedInOperator(sut, 'support');
  const { token } = await sut.register();

  const started = performance.now();
  await db.execute(sql`insert into members (account, password_hash, invite_code)
    select 'bm' || g, 'x', 'BM' || g from generate_series(1, ${MEMBERS}) as g`);
  const [{ n } = { n: 0 }] = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from members where status = 'active'`),
  );
  console.log(`${n} active members (${fixed((performance.now() - started) / 1000, 1)} s to insert)`);

  async function quietLatencies(count: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = performance.now();
      await sut.get(paths.messageNum, { t: token });
      times.push(performance.now() - at);
    }
    return times;
  }
  const quiet = await quietLatencies(200);

  // Baseline: the statement alone.
  const [send] = resultRows<{ id: string }>(
    await db.execute(sql`insert into message_sends (title, content, audience, operator_id)
      values ('baseline', 'baseline', 'all', ${BigInt(operator.id)}) returning id::text`),
  );
  const rawAt = performance.now();
  await db.execute(sql`insert into messages (member_id, kind, send_id, title, content)
    select id, 'operator', ${BigInt(send?.id ?? '0')}, '', '' from members where status = 'active'`);
  const rawMs = performance.now() - rawAt;
  await db.execute(sql`delete from messages where send_id = ${BigInt(send?.id ?? '0')}`);

  // The real call.
  const pushedBefore = sut.container.messages.push.pushed;
  const sendAt = performance.now();
  const answer = await sut.app.inject({
    method: 'POST',
    url: paths.adminMessageSend,
    payload: { title: '全站公告', content: '新版上线', to: 'all' },
    headers: operator.headers,
  });
  const sendMs = performance.now() - sendAt;
  if (answer.statusCode !== 200) throw new BenchmarkInvalid(`send: ${answer.body}`);
  const recipients = answer.json().data.recipients as number;

  // Other requests while the pushes go out.
  const busy: number[] = [];
  const settled = sut.container.messages.push.settled().then(() => performance.now() - sendAt);
  let done = false;
  void settled.then(() => {
    done = true;
  });
  while (!done && busy.length < 200) {
    const at = performance.now();
    await sut.get(paths.messageNum, { t: token });
    busy.push(performance.now() - at);
  }
  const pushMs = await settled;
  const pushed = sut.container.messages.push.pushed - pushedBefore;
  if (pushed !== recipients) throw new BenchmarkInvalid(`pushed ${pushed} of ${recipients}`);

  console.log(machine());
  printTable([
    ['figure', 'value'],
    ['database', kind + (process.env.REDIS_URL ? ' + redis' : '')],
    ['recipients', String(recipients)],
    ['send answered (ms)', fixed(sendMs, 0)],
    ['baseline INSERT ... SELECT (ms)', fixed(rawMs, 0)],
    ['send / baseline', fixed(sendMs / rawMs, 2)],
    ['all unread pushes published (ms after the send)', fixed(pushMs, 0)],
    ['pushes per second', fixed(pushed / (pushMs / 1000), 0)],
    ['message/num p50 / p99 quiet (ms)', `${fixed(percentile(quiet, 50), 1)} / ${fixed(percentile(quiet, 99), 1)}`],
    [
      `message/num p50 / p99 during pushes (ms, ${busy.length} calls)`,
      busy.length ? `${fixed(percentile(busy, 50), 1)} / ${fixed(percentile(busy, 99), 1)}` : '-',
    ],
  ]);
});

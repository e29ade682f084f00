import { platformDay, rewardsApi, type TaskView } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, signedInOperator } from '../test/wallet-fixtures';

type Member = { token: string; id: bigint; headers: Record<string, string> };

describe.each(testDatabases)('the task centre on %s', (kind) => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  async function newMember(): Promise<Member> {
    const { token } = await sut.register();
    const id = BigInt((await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id);
    return { token, id, headers: { t: token } };
  }

  /** The site sends the task calls as JSON. */
  const call = (path: string, who: Member | null, body: object = {}) =>
    sut.app.inject({ method: 'POST', url: path, payload: body, headers: who ? who.headers : {} });

  async function tasks(who: Member): Promise<TaskView[]> {
    return (await call(rewardsApi.taskList, who)).json().data.list;
  }
  async function taskId(who: Member, title: string): Promise<string> {
    const found = (await tasks(who)).find((task) => task.title === title);
    if (!found) throw new Error(`no task ${title}`);
    return found.id;
  }

  async function deposit(member: bigint, yuan: number) {
    const amount = BigInt(yuan) * 10_000n;
    await sut.container.db.execute(sql`insert into deposit_orders
        (member_id, channel_id, amount, pay_amount, remark, payee, status, idempotency_key, expires_at, resolved_at)
      values (${member}, (select id from deposit_channels limit 1), ${amount}, ${amount}, '', '{}'::jsonb, 'confirmed',
        ${`k${Math.random()}`}, now() + interval '15 minutes', now())`);
  }

  async function vendorBet(member: bigint, yuan: number, platform = 'PGS') {
    const valid = BigInt(yuan) * 10_000n;
    await sut.container.db.execute(sql`insert into vendor_bets
        (platform, member_id, reference, stake, payout, valid, status, tombstone, placed_at, settled_at)
      values (${platform}, ${member}, ${`r${Math.random()}`}, ${valid}, 0, ${valid}, 'settled', false, now(), now())`);
  }

  it('answers a visitor with the session-expired envelope', async () => {
    for (const path of [rewardsApi.taskGroups, rewardsApi.taskContent, rewardsApi.taskReceive]) {
      const response = await call(path, null, { id: '1' });
      expect(response.json()).toMatchObject({ status: false, data: 'token' });
    }
  });

  it('lists the groups with list and total, each task with its progress from the real records', async () => {
    const who = await newMember();
    const groups = (await call(rewardsApi.taskGroups, who)).json().data;
    expect(groups.total).toBe(groups.list.length);
    expect(groups.list.map((group: { id: string }) => group.id)).toEqual(['daily', 'weekly', 'newbie', 'once']);
    const byTitle = new Map((await tasks(who)).map((task) => [task.title, task]));
    // Registered with a phone: that newbie task is done already; nothing else is.
    expect(byTitle.get('绑定手机号')).toMatchObject({ state: 'claimable', progress: '1', target: '1' });
    expect(byTitle.get('有效投注100元')).toMatchObject({ state: 'doing', progress: '0.0000', target: '100.0000' });

    await vendorBet(who.id, 60);
    await vendorBet(who.id, 60, 'sports');
    await deposit(who.id, 10);
    const after = new Map((await tasks(who)).map((task) => [task.title, task]));
    expect(after.get('有效投注100元')).toMatchObject({ state: 'claimable', progress: '100.0000' });
    expect(after.get('有效投注1000元')).toMatchObject({ state: 'doing', progress: '120.0000', unit: 'amount' });
    expect(after.get('今日充值')).toMatchObject({ state: 'claimable', progress: '1' });
    expect(after.get('本周有效投注10000元')?.period).toMatch(/^\d{4}-W\d{2}$/);

    const tags = (await call(rewardsApi.taskTags, who)).json().data.list.map((tag: { id: string }) => tag.id);
    expect(tags).toEqual(['deposit', 'bet', 'signin', 'account', 'invite']);
    const bets = (await call(rewardsApi.taskList, who, { tag: 'bet' })).json().data;
    expect(bets.total).toBe(3);
  });

  it('refuses what is not complete, unknown ids and a second claim, and the balance does not move', async () => {
    const who = await newMember();
    const bet = await taskId(who, '有效投注100元');
    const before = await mainBalance(sut, who.token);
    expect((await call(rewardsApi.taskReceive, who, { id: bet })).json()).toMatchObject({
      status: false,
      code: 'TASK_INCOMPLETE',
    });
    expect((await call(rewardsApi.taskReceive, who, { id: '999999' })).json()).toMatchObject({
      code: 'TASK_NOT_FOUND',
    });
    expect((await call(rewardsApi.taskReceive, who, { id: 'abc' })).json()).toMatchObject({ code: 'TASK_NOT_FOUND' });
    const chests = (await call(rewardsApi.taskContent, who)).json().data.chests;
    expect((await call(rewardsApi.taskActiveReceive, who, { id: chests[0].id })).json()).toMatchObject({
      code: 'POINTS_NOT_ENOUGH',
    });
    expect(await mainBalance(sut, who.token)).toBe(before);

    const phone = await taskId(who, '绑定手机号');
    const first = await call(rewardsApi.taskReceive, who, { id: phone });
    expect(first.json()).toMatchObject({ status: true, data: { claimed: 1, amount: '3.0000', points: 10 } });
    const credited = await mainBalance(sut, who.token);
    expect(Number(credited) - Number(before)).toBe(3);
    expect((await call(rewardsApi.taskReceive, who, { id: phone })).json()).toMatchObject({ code: 'TASK_CLAIMED' });
    expect(await mainBalance(sut, who.token)).toBe(credited);
    expect((await tasks(who)).find((task) => task.id === phone)?.state).toBe('claimed');
  });

  it('signs in once a day with a streak, pays the day reward, and completes the sign-in task', async () => {
    const who = await newMember();
    const before = Number(await mainBalance(sut, who.token));
    const signed = await call(rewardsApi.taskSignIn, who);
    expect(signed.json().data).toMatchObject({ streak: 1, reward: '1.0000' });
    expect((await call(rewardsApi.taskSignIn, who)).json()).toMatchObject({ code: 'SIGNIN_DONE' });
    const content = (await call(rewardsApi.taskContent, who)).json().data;
    expect(content.signin).toMatchObject({ signedToday: true, streak: 1 });
    expect(content.signin.days.map((day: { state: string }) => day.state)).toEqual([
      'signed',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);

    // Yesterday and the day before signed: today's sign-in is day 3 of the streak.
    const other = await newMember();
    const today = platformDay(new Date(), sut.container.config.timeZone);
    await sut.container.db.execute(sql`insert into task_signins (member_id, day, streak) values
      (${other.id}, ${today}::date - 2, 1), (${other.id}, ${today}::date - 1, 2)`);
    const strip = (await call(rewardsApi.taskContent, other)).json().data.signin;
    expect(strip).toMatchObject({ signedToday: false, streak: 2 });
    expect(strip.days.map((day: { state: string }) => day.state).slice(0, 4)).toEqual([
      'signed',
      'signed',
      'today',
      'upcoming',
    ]);
    expect((await call(rewardsApi.taskSignIn, other)).json().data).toMatchObject({ streak: 3, reward: '3.0000' });

    const signin = await taskId(who, '每日签到');
    expect((await call(rewardsApi.taskReceive, who, { id: signin })).json().data).toMatchObject({ amount: '1.0000' });
    expect(Number(await mainBalance(sut, who.token)) - before).toBe(2);
  });

  it('adds points per claim, opens a chest once when they reach it, and claims all at once', async () => {
    const who = await newMember();
    await call(rewardsApi.taskSignIn, who);
    await deposit(who.id, 1);
    const all = await call(rewardsApi.taskReceiveAll, who);
    // 每日签到 10 + 今日充值 20 + 绑定手机号 10 points; 1 + 5 + 3 yuan.
    expect(all.json().data).toMatchObject({ claimed: 3, amount: '9.0000', points: 40 });
    expect((await call(rewardsApi.taskReceiveAll, who)).json()).toMatchObject({ code: 'TASK_NOTHING_TO_CLAIM' });

    const content = (await call(rewardsApi.taskContent, who)).json().data;
    expect(content.points).toBe(40);
    expect(content.chests.map((chest: { state: string }) => chest.state)).toEqual(['ready', 'locked', 'locked']);
    const before = await mainBalance(sut, who.token);
    expect((await call(rewardsApi.taskActiveReceive, who, { id: content.chests[0].id })).json().data).toMatchObject({
      amount: '2.0000',
    });
    expect((await call(rewardsApi.taskActiveReceive, who, { id: content.chests[0].id })).json()).toMatchObject({
      code: 'TASK_CLAIMED',
    });
    expect((await call(rewardsApi.taskActiveReceive, who, { id: content.chests[1].id })).json()).toMatchObject({
      code: 'POINTS_NOT_ENOUGH',
    });
    expect(Number(await mainBalance(sut, who.token)) - Number(before)).toBe(2);

    const records = (await call(rewardsApi.taskRecords, who, { dateType: 0 })).json().data;
    expect(records.total).toBe(5);
    expect(records.list.map((grant: { programme: string }) => grant.programme).sort()).toEqual([
      'signin',
      'task',
      'task',
      'task',
      'task_points',
    ]);
    expect((await call(rewardsApi.taskRecords, who, { dateType: 1 })).json().data.total).toBe(0);
    expect((await call(rewardsApi.taskRecords, who, { dateType: 9 })).json()).toMatchObject({ status: false });
  });

  it('counts a friend the member invited once the friend deposits, and card and withdraw password bindings', async () => {
    const who = await newMember();
    const friend = await newMember();
    await sut.container.db.execute(sql`update members set inviter_id = ${who.id} where id = ${friend.id}`);
    const invite = await taskId(who, '邀请好友充值');
    expect((await call(rewardsApi.taskReceive, who, { id: invite })).json()).toMatchObject({ code: 'TASK_INCOMPLETE' });
    await deposit(friend.id, 100);
    expect((await call(rewardsApi.taskReceive, who, { id: invite })).json().data).toMatchObject({ amount: '18.0000' });

    expect((await tasks(who)).find((task) => task.title === '设置提现密码')?.state).toBe('doing');
    await sut.stepUp({ token: who.token });
    await sut.post('/api/f/v1/withdraw/password', { password: sut.encrypt('123456') }, who.headers);
    expect((await tasks(who)).find((task) => task.title === '设置提现密码')?.state).toBe('claimable');
  });

  it('hides a newbie task after its window, and refuses to claim it', async () => {
    const who = await newMember();
    await sut.container.db.execute(
      sql`update members set created_at = now() - interval '40 days' where id = ${who.id}`,
    );
    const titles = (await tasks(who)).map((task) => task.title);
    expect(titles).not.toContain('绑定手机号');
    const [row] = resultRows<{ id: string }>(
      await sut.container.db.execute(sql`select id::text from task_templates where condition = 'bind_phone'`),
    );
    expect((await call(rewardsApi.taskReceive, who, { id: row?.id as string })).json()).toMatchObject({
      code: 'TASK_NOT_FOUND',
    });
  });

  it('pays one credit for 100 parallel claims of one task, of claim-all, of sign-in and of a chest', async () => {
    const who = await newMember();
    const phone = await taskId(who, '绑定手机号');
    const before = Number(await mainBalance(sut, who.token));
    const claims = await Promise.all(
      Array.from({ length: 100 }, () => call(rewardsApi.taskReceive, who, { id: phone })),
    );
    const codes = claims.map((response) => response.json().code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(new Set(codes.filter((code) => code !== 'OK'))).toEqual(new Set(['TASK_CLAIMED']));
    expect(Number(await mainBalance(sut, who.token)) - before).toBe(3);

    await deposit(who.id, 1);
    const signins = await Promise.all(Array.from({ length: 30 }, () => call(rewardsApi.taskSignIn, who)));
    expect(signins.filter((response) => response.json().status === true)).toHaveLength(1);
    const alls = await Promise.all(Array.from({ length: 100 }, () => call(rewardsApi.taskReceiveAll, who)));
    const paid = alls.filter((response) => response.json().status === true);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.json().data).toMatchObject({ claimed: 2, amount: '6.0000', points: 30 });
    expect(new Set(alls.map((response) => response.json().code ?? 'OK'))).toEqual(
      new Set(['OK', 'TASK_NOTHING_TO_CLAIM']),
    );

    const chest = (await call(rewardsApi.taskContent, who)).json().data.chests[0];
    const opens = await Promise.all(
      Array.from({ length: 50 }, () => call(rewardsApi.taskActiveReceive, who, { id: chest.id })),
    );
    expect(opens.filter((response) => response.json().status === true)).toHaveLength(1);
    // 3 (phone) + 1 (sign-in day 1) + 1 + 5 (claim-all) + 2 (chest).
    expect(Number(await mainBalance(sut, who.token)) - before).toBe(12);
    const [grants] = resultRows<{ n: number }>(
      await sut.container.db.execute(sql`select count(*)::int as n from reward_grants where member_id = ${who.id}`),
    );
    expect(grants?.n).toBe(5);
  }, 120_000);

  it('lets an admin configure templates, audited, and not a support operator', async () => {
    const admin = await signedInOperator(sut, 'admin');
    const support = await signedInOperator(sut, 'support');
    const body = {
      kind: 'daily',
      condition: 'valid_bet',
      category: 'casino',
      title: '真人有效投注50元',
      target: '50',
      reward: '1.5',
      multiple: '1.5',
      points: 5,
    };
    const refused = await sut.app.inject({
      method: 'POST',
      url: rewardsApi.adminTaskCreate,
      payload: body,
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
    const created = await sut.app.inject({
      method: 'POST',
      url: rewardsApi.adminTaskCreate,
      payload: body,
      headers: admin.headers,
    });
    expect(created.json().data).toMatchObject({ target: '50.0000', reward: '1.5000', multiple: '1.5', active: true });
    const id = created.json().data.id as string;
    const [audit] = resultRows<{ n: number }>(
      await sut.container.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'task.create' and target = ${`task:${id}`}`,
      ),
    );
    expect(audit?.n).toBe(1);

    const who = await newMember();
    expect((await tasks(who)).find((task) => task.id === id)).toMatchObject({ category: 'casino', state: 'doing' });
    const off = await sut.app.inject({
      method: 'PUT',
      url: rewardsApi.adminTask.replace(':id', id),
      payload: { ...body, active: false },
      headers: admin.headers,
    });
    expect(off.json().data.active).toBe(false);
    expect((await tasks(who)).find((task) => task.id === id)).toBeUndefined();

    const badCount = await sut.app.inject({
      method: 'POST',
      url: rewardsApi.adminTaskCreate,
      payload: { ...body, condition: 'bind_card', target: '1.5' },
      headers: admin.headers,
    });
    expect(badCount.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });

    const view = await sut.app.inject({
      method: 'PUT',
      url: rewardsApi.adminTaskSignin,
      payload: { rewards: ['1', '2', '3', '5', '8', '10', '20'] },
      headers: admin.headers,
    });
    expect(view.json().data.signin.rewards[6]).toBe('20.0000');
  });

  it("answers the task texts in the request language: the operator's zh-HK text, or the simplified one converted", async () => {
    const admin = await signedInOperator(sut, 'admin');
    const created = await sut.app.inject({
      method: 'POST',
      url: rewardsApi.adminTaskCreate,
      payload: {
        kind: 'daily',
        condition: 'deposit_count',
        title: '每日充值一次',
        description: '充值后即可领取奖励',
        target: '1',
        reward: '1',
        i18n: { 'zh-HK': { title: '每日存入一次' } },
      },
      headers: admin.headers,
    });
    const id = created.json().data.id as string;
    expect(created.json().data.i18n).toEqual({ 'zh-HK': { title: '每日存入一次' } });
    const who = await newMember();
    const inLang = async (lang: string) =>
      (
        await sut.app.inject({
          method: 'POST',
          url: rewardsApi.taskList,
          payload: {},
          headers: { ...who.headers, lang },
        })
      )
        .json()
        .data.list.find((task: TaskView) => task.id === id);
    expect(await inLang('zh-CN')).toMatchObject({ title: '每日充值一次', description: '充值后即可领取奖励' });
    expect(await inLang('zh-HK')).toMatchObject({ title: '每日存入一次', description: '充值後即可領取獎勵' });
  });
});

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { paths } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { openSocket } from '../realtime/test-socket';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

type Member = Awaited<ReturnType<typeof walletMember>>;
type Listed = { id: string; title: string; content: string; kind: string; read: boolean };

/** Each automatic message is written in the transaction of its event: one per event, none without it. */
describe.each(testDatabases)('system messages on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  const inbox = async (who: { headers: Record<string, string> }, lang = 'zh-CN'): Promise<Listed[]> =>
    (await sut.post(paths.messageList, { size: '50' }, { ...who.headers, lang })).json().data.list;

  async function withdrawal(member: Member): Promise<string> {
    await desk.credit(member.id, '300');
    const created = await sut.post(
      paths.withdraw,
      { amount: '120.5', cardId: member.cardId, password: sut.encrypt('123456') },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
    expect(created.json().status).toBe(true);
    return String(created.json().data.id);
  }

  it('tells the member a withdrawal was paid, once, with the payout', async () => {
    const member = await walletMember(sut);
    const id = await withdrawal(member);
    expect(await inbox(member)).toEqual([]);
    expect((await desk.post(`/api/admin/v1/withdrawals/${id}/pay`)).json().status).toBe(true);
    await desk.post(`/api/admin/v1/withdrawals/${id}/pay`);
    // Refusing a paid withdrawal fails: no event, no message.
    await desk.post(`/api/admin/v1/withdrawals/${id}/refuse`, { reason: '资料不符' });
    const messages = await inbox(member);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '提现成功', kind: 'system', read: false });
    expect(messages[0]?.content).toContain('120.50 元');
  });

  it('tells the member a withdrawal was refused, with the reason, in traditional for zh-HK', async () => {
    const member = await walletMember(sut);
    const id = await withdrawal(member);
    expect(
      (await desk.post(`/api/admin/v1/withdrawals/${id}/refuse`, { reason: '银行账户信息有误' })).json().status,
    ).toBe(true);
    const [cn] = await inbox(member);
    expect(cn).toMatchObject({ title: '提现未通过' });
    expect(cn?.content).toContain('原因：银行账户信息有误');
    const [hk] = await inbox(member, 'zh-HK');
    expect(hk).toMatchObject({ title: '提現未通過' });
    // OpenCC's Hong Kong variant writes 户 where the template writes 戶: both are traditional usage there.
    expect(hk?.content).toMatch(/原因：銀行賬[戶户]信息有誤/);
  });

  it('tells the member a deposit was credited, once however often it is confirmed', async () => {
    const member = await walletMember(sut, { card: false });
    const [channel] = (await sut.get(paths.depositChannels, member.headers)).json().data as { id: string }[];
    const order = await sut.post(
      paths.deposit,
      { channel: channel!.id, amount: '200' },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
    const id = String(order.json().data.id);
    expect(await inbox(member)).toEqual([]);
    for (let i = 0; i < 2; i++) await desk.post(`/api/admin/v1/deposits/${id}/confirm`);
    const messages = await inbox(member);
    expect(messages.map((one) => one.title)).toEqual(['充值到账']);
    expect(messages[0]?.content).toMatch(/充值 \d+\.\d{2} 元已到账/);
    // Read in zh-HK, the same message is traditional.
    expect((await inbox(member, 'zh-HK'))[0]).toMatchObject({ title: '充值到賬' });
  });

  it('tells the member of each reward credited, batch grants included, and nothing for a replay', async () => {
    const a = await walletMember(sut, { card: false });
    const b = await walletMember(sut, { card: false });
    const grant = (memberId: string, key: string) => ({
      memberId: BigInt(memberId),
      programme: 'rebate' as const,
      reference: `rebate:test:${key}`,
      amount: 12_3456n,
      multiple: 100,
      key,
      actor: 'system:test',
    });
    const { bonus, ledger } = sut.container.wallet;
    await bonus.grant(grant(a.id, `one-${a.id}`));
    await bonus.grant(grant(a.id, `one-${a.id}`));
    const batch = [grant(a.id, `batch-a-${a.id}`), grant(b.id, `batch-b-${b.id}`)];
    await ledger.transaction((tx) => bonus.grantBatchIn(tx, batch));
    await ledger.transaction((tx) => bonus.grantBatchIn(tx, batch));

    const ofA = await inbox(a);
    expect(ofA.map((one) => one.title)).toEqual(['奖励到账', '奖励到账']);
    expect(ofA[0]?.content).toBe('您获得返水 12.34 元，已发放至账户余额。');
    expect((await inbox(b)).map((one) => one.content)).toEqual(['您获得返水 12.34 元，已发放至账户余额。']);
    expect((await inbox(b, 'zh-HK'))[0]?.content).toBe('您獲得返水 12.34 元，已發放至賬戶餘額。');
  });

  it('writes no reward message when the grant’s transaction rolls back', async () => {
    const member = await walletMember(sut, { card: false });
    const { bonus, ledger } = sut.container.wallet;
    await expect(
      ledger.transaction(async (tx) => {
        await bonus.grantIn(tx, {
          memberId: BigInt(member.id),
          programme: 'task',
          reference: 'task:rollback',
          amount: 10_000n,
          multiple: 0,
          key: `rollback-${member.id}`,
          actor: 'system:test',
        });
        throw new Error('the caller fails after the grant');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await inbox(member)).toEqual([]);
  });

  it('tells the member a VIP level was reached, once', async () => {
    const member = await walletMember(sut, { card: false });
    const levels = resultRows<{ level: number; name: string }>(
      await sut.container.db.execute(sql`select level, name from vip_levels where level > 0 order by level limit 1`),
    );
    const first = levels[0];
    if (!first) throw new Error('no VIP levels seeded');
    // Lifetime figures far above the first level's thresholds.
    await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid,
        status, placed_at, settled_at)
      values ('msgt', ${BigInt(member.id)}, ${`msg-${member.id}`}, 1000000000, 0, 1000000000, 'settled', now(), now())`);
    await sut.container.db.execute(sql`update vip_levels set turnover = 0, deposits = 0 where level = ${first.level}`);
    await sut.container.vip.evaluate(BigInt(member.id), 'system:test');
    await sut.container.vip.evaluate(BigInt(member.id), 'system:test');
    const levelMessages = (await inbox(member)).filter((one) => one.title === 'VIP晋级');
    expect(levelMessages).toHaveLength(1);
    expect(levelMessages[0]?.content).toMatch(/^恭喜您晋级为 /);
  });

  it('tells the member of a sign-in from a device they never used, and only then', async () => {
    const registered = await sut.register();
    const headers = { t: registered.token };
    // The device registered on is known.
    expect((await sut.login(registered.account, registered.password, registered.device)).json().status).toBe(true);
    expect(await inbox({ headers })).toEqual([]);

    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(`ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`);
    socket.send({ op: 'auth', t: registered.token });
    await socket.subscribe('inbox');
    const stranger = sut.newDevice();
    expect((await sut.login(registered.account, registered.password, stranger)).json().status).toBe(true);
    await socket.next(
      (frame) => frame.topic === 'inbox' && (frame.data as { unread?: number } | undefined)?.unread === 1,
    );
    await sut.login(registered.account, registered.password, stranger);
    const messages = await inbox({ headers });
    expect(messages.map((one) => one.title)).toEqual(['新设备登录提醒']);
    expect(messages[0]?.content).toMatch(/于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 在一台新设备上登录/);
    // A wrong password signs nobody in and tells nobody anything.
    await sut.login(registered.account, 'wrong-password', sut.newDevice());
    expect(await inbox({ headers })).toHaveLength(1);
    socket.close();
  });
});

import type { AddressInfo } from 'node:net';
import { paths } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { openSocket, type TestSocket } from '../realtime/test-socket';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';

type Member = { token: string; id: string; headers: Record<string, string> };

describe.each(testDatabases)('the inbox and operator messages on %s', (kind) => {
  let sut: TestApp;
  let url: string;
  let marketer: { id: string; headers: Record<string, string> };

  beforeAll(async () => {
    sut = await createTestApp(kind);
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`;
    marketer = await signedInOperator(sut, 'marketing');
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  async function newMember(): Promise<Member> {
    const { token } = await sut.register();
    const id = (await sut.get(paths.token, { t: token })).json().data.id as string;
    return { token, id, headers: { t: token } };
  }

  const send = (body: object, headers = marketer.headers) =>
    sut.app.inject({ method: 'POST', url: paths.adminMessageSend, payload: body, headers });
  const count = async (who: Member) => (await sut.get(paths.messageNum, who.headers)).json().data.count as number;
  const list = async (who: Member, headers: Record<string, string> = {}) =>
    (await sut.post(paths.messageList, { page: '1', size: '50' }, { ...who.headers, ...headers })).json().data;
  const update = (who: Member, id: string, action: 'read' | 'delete') =>
    sut.post(paths.messageUpdate, { id, action }, who.headers);

  async function inboxSocket(who: Member): Promise<TestSocket> {
    const socket = await openSocket(url);
    socket.send({ op: 'auth', t: who.token });
    expect(await socket.subscribe('inbox')).toMatchObject({ op: 'subscribed', topic: 'inbox' });
    return socket;
  }
  const unreadPushed = (socket: TestSocket, unread: number) =>
    socket.next((frame) => frame.topic === 'inbox' && (frame.data as { unread?: number })?.unread === unread);

  it('raises the unread count on the member’s socket and the count call, and reading lowers it', async () => {
    const alice = await newMember();
    const socket = await inboxSocket(alice);
    expect(await count(alice)).toBe(0);

    const sent = await send({ title: '维护通知', content: '今晚 2 点维护', to: `members:${alice.id}` });
    expect(sent.json()).toMatchObject({ status: true, data: { recipients: 1, reads: 0, to: `members:${alice.id}` } });
    await unreadPushed(socket, 1);
    expect(await count(alice)).toBe(1);

    const [message] = (await list(alice)).list;
    expect(message).toMatchObject({ title: '维护通知', content: '今晚 2 点维护', kind: 'operator', read: false });
    expect((await update(alice, message.id, 'read')).json()).toEqual({ status: true, data: { unread: 0 } });
    await unreadPushed(socket, 0);
    expect(await count(alice)).toBe(0);
    expect((await list(alice)).list[0]).toMatchObject({ id: message.id, read: true });
    socket.close();
  });

  it('lets another member neither read nor change a member’s message', async () => {
    const alice = await newMember();
    const mallory = await newMember();
    await send({ title: '私人消息', content: '只给 alice', to: `members:${alice.id}` });
    const [message] = (await list(alice)).list;

    expect((await list(mallory)).list).toEqual([]);
    for (const action of ['read', 'delete'] as const) {
      const answer = (await update(mallory, message.id, action)).json();
      expect(answer).toMatchObject({ status: false, code: 'MESSAGE_NOT_FOUND' });
    }
    const detail = await sut.get(`${paths.messageDetail}?id=${message.id}`, mallory.headers);
    expect(detail.json()).toMatchObject({ status: false, code: 'MESSAGE_NOT_FOUND' });
    expect(detail.statusCode).toBe(404);
    await sut.post(paths.messageReadAll, {}, mallory.headers);

    expect(await count(alice)).toBe(1);
    expect((await list(alice)).list[0]).toMatchObject({ id: message.id, read: false });
  });

  it('opens a message (marking it read), deletes one for good and marks all read', async () => {
    const bob = await newMember();
    for (const title of ['一', '二', '三']) await send({ title, content: title, to: `members:${bob.id}` });
    const titles = (await list(bob)).list.map((one: { title: string }) => one.title);
    expect(titles).toEqual(['三', '二', '一']);
    const [third, second] = (await list(bob)).list;

    const opened = (await sut.get(`${paths.messageDetail}?id=${second.id}`, bob.headers)).json();
    expect(opened).toMatchObject({ status: true, data: { message: { id: second.id, read: true }, unread: 2 } });

    expect((await update(bob, third.id, 'delete')).json()).toEqual({ status: true, data: { unread: 1 } });
    expect((await update(bob, third.id, 'read')).json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    const after = await list(bob);
    expect(after.total).toBe(2);
    expect(after.list.map((one: { id: string }) => one.id)).not.toContain(third.id);

    expect((await sut.post(paths.messageReadAll, {}, bob.headers)).json()).toEqual({
      status: true,
      data: { unread: 0 },
    });
    expect(await count(bob)).toBe(0);
    // Paging: one a page, newest first, with the total.
    const page2 = (await sut.post(paths.messageList, { page: '2', size: '1' }, bob.headers)).json().data;
    expect(page2).toMatchObject({ total: 2, page: 2, size: 1, list: [{ title: '一' }] });
  });

  it('sends to a level and to everyone, counts reads, and a withdrawal takes it out of every inbox', async () => {
    const carol = await newMember();
    const dave = await newMember();
    await sut.container.db.execute(sql`update members set vip_level = 7 where id = ${BigInt(dave.id)}`);
    const levelSend = (await send({ title: 'VIP7 专享', content: '专享活动', to: 'level:7' })).json().data;
    expect(levelSend.recipients).toBe(1);
    expect((await list(dave)).list[0]).toMatchObject({ title: 'VIP7 专享' });
    expect((await list(carol)).list).toEqual([]);

    const socket = await inboxSocket(carol);
    const everyone = (await send({ title: '全站公告', content: '新版上线', to: 'all' })).json().data;
    const [{ n } = { n: -1 }] = resultRows<{ n: number }>(
      await sut.container.db.execute(sql`select count(*)::int as n from members where status = 'active'`),
    );
    expect(everyone.recipients).toBe(n);
    await unreadPushed(socket, 1);
    await update(dave, (await list(dave)).list[0].id, 'read');
    const sends = (await sut.get(paths.adminMessages, marketer.headers)).json().data;
    expect(sends[0]).toMatchObject({ id: everyone.id, recipients: n, reads: 1, withdrawnAt: null });

    const withdrawn = (await sut.post(`/api/admin/v1/messages/${everyone.id}/withdraw`, {}, marketer.headers)).json();
    expect(withdrawn.data.withdrawnAt).not.toBeNull();
    await unreadPushed(socket, 0);
    expect((await list(carol)).list).toEqual([]);
    expect((await list(dave)).list.map((one: { title: string }) => one.title)).toEqual(['VIP7 专享']);
    const audit = resultRows<{ action: string }>(
      await sut.container.db.execute(sql`select action from audit_log where target = ${`message_send:${everyone.id}`}
        order by id`),
    );
    expect(audit.map((row) => row.action)).toEqual(['message.send', 'message.withdraw']);
    socket.close();
  });

  it('refuses a finance operator, a member, an audience it cannot read and one that reaches nobody', async () => {
    const finance = await signedInOperator(sut, 'finance');
    expect((await send({ title: 't', content: 'c', to: 'all' }, finance.headers)).statusCode).toBe(403);
    const member = await newMember();
    expect((await send({ title: 't', content: 'c', to: 'all' }, member.headers)).statusCode).toBe(401);
    for (const to of ['everyone', 'level:x', 'members:', 'members:1,a', 'members:-1'])
      expect((await send({ title: 't', content: 'c', to })).json()).toMatchObject({ code: 'MESSAGE_AUDIENCE_INVALID' });
    expect((await send({ title: 't', content: 'c', to: 'level:99' })).json()).toMatchObject({
      code: 'MESSAGE_AUDIENCE_EMPTY',
    });
    expect((await send({ title: 't', content: 'c', to: 'members:999999999' })).json()).toMatchObject({
      code: 'MESSAGE_AUDIENCE_EMPTY',
    });
    const [{ n } = { n: -1 }] = resultRows<{ n: number }>(
      await sut.container.db.execute(sql`select count(*)::int as n from message_sends where title = 't'`),
    );
    expect(n).toBe(0);
  });

  it('reads an operator message in the request’s language: its zh-HK text, or the zh-CN one converted', async () => {
    const erin = await newMember();
    await send({
      title: '系统维护',
      content: '维护期间无法登录',
      to: `members:${erin.id}`,
      i18n: { 'zh-HK': { title: '系統維護公告' } },
    });
    const [hk] = (await list(erin, { lang: 'zh-HK' })).list;
    expect(hk).toMatchObject({ title: '系統維護公告', content: '維護期間無法登錄' });
    const [cn] = (await list(erin, { lang: 'zh-CN' })).list;
    expect(cn).toMatchObject({ title: '系统维护', content: '维护期间无法登录' });
  });
});

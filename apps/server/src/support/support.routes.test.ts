import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ChatMessage, GUEST_TOKEN_HEADER, paths } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { openSocket, type TestSocket } from '../realtime/test-socket';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';
import { supportRepository } from './support.repository';
import { seedDemoSupport } from './support-seed';

type Party = { headers: Record<string, string>; token: string; as: 'member' | 'guest'; id?: string };
type Agent = { id: string; headers: Record<string, string>; token: string };

const deviceId = () => `h5-android${randomBytes(12).toString('hex')}`;
const clientId = () => `c${randomBytes(8).toString('hex')}`;

describe.each(testDatabases)('the customer-service chat on %s', (kind) => {
  let sut: TestApp;
  let url: string;
  let agent: Agent;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    sut = await createTestApp(kind);
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`;
    agent = await newAgent('support');
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await sut?.close();
  });

  async function newAgent(role: 'support' | 'admin' | 'finance'): Promise<Agent> {
    const signed = await signedInOperator(sut, role);
    return { ...signed, token: signed.headers.authorization.slice(7) };
  }

  async function newMember(): Promise<Party> {
    const { token } = await sut.register();
    const id = (await sut.get(paths.token, { t: token })).json().data.id as string;
    return { token, id, as: 'member', headers: { t: token } };
  }

  async function newGuest(device = deviceId()): Promise<Party> {
    const answer = (await sut.post(paths.supportGuest, { deviceId: device })).json();
    expect(answer).toMatchObject({ status: true });
    const token = answer.data.token as string;
    return { token, as: 'guest', headers: { [GUEST_TOKEN_HEADER]: token } };
  }

  const postJson = (path: string, body: unknown, headers: Record<string, string>) =>
    sut.app.inject({ method: 'POST', url: path, payload: body as object, headers });
  const send = (who: Party, body: object) => postJson(paths.supportSend, body, who.headers);
  const history = async (who: Party, query = '') =>
    (await sut.get(`${paths.supportMessages}${query}`, who.headers)).json();
  const desk = (path: string, agentOf: Agent = agent, id?: string, body?: object) =>
    postJson(path.replace(':id', id ?? ''), body ?? {}, agentOf.headers);

  async function socketOf(who: Party | Agent, topic: 'support' | 'desk'): Promise<TestSocket> {
    const socket = await openSocket(url);
    sockets.push(socket);
    socket.send({ op: 'auth', t: who.token, as: 'as' in who ? who.as : 'operator' });
    expect(await socket.subscribe(topic)).toMatchObject({ op: 'subscribed', topic });
    return socket;
  }

  const say = async (socket: TestSocket, frame: object) => {
    const from = socket.frames.length;
    socket.send({ op: 'say', ...frame });
    const id = (frame as { clientId: string }).clientId;
    return socket.next((f) => (f.op === 'ack' || f.op === 'error') && f.clientId === id, 5_000, from);
  };

  it('answers a guest by device id, opens a conversation on its first message and puts it in the queue', async () => {
    const guest = await newGuest();
    const state = (await sut.get(paths.supportConversation, guest.headers)).json();
    expect(state).toMatchObject({
      status: true,
      data: { conversation: null, hours: { open: '00:00', close: '00:00' } },
    });

    const deskSocket = await socketOf(agent, 'desk');
    const sent = (await send(guest, { clientId: clientId(), text: '你好，我想咨询充值' })).json();
    expect(sent).toMatchObject({
      status: true,
      data: { seq: 1, from: 'member', kind: 'text', text: '你好，我想咨询充值' },
    });
    const conversationId = sent.data.conversationId as string;
    await deskSocket.next((f) => f.topic === 'desk' && ((f.data ?? {}) as { type?: string }).type === 'queue');

    const queue = (await sut.get(paths.adminSupportQueue, agent.headers)).json().data;
    expect(queue.waiting.map((row: { id: string }) => row.id)).toContain(conversationId);
    const row = queue.waiting.find((one: { id: string }) => one.id === conversationId);
    expect(row).toMatchObject({ account: null, queued: true, lastText: '你好，我想咨询充值', unread: 1 });
    expect(row.party).toMatch(/^guest:\d+$/);

    // The same device gets the same guest (and conversation) back with a new token.
    const again = (await sut.post(paths.supportGuest, { deviceId: '' })).json();
    expect(again).toMatchObject({ status: false, code: 'BAD_REQUEST' });
  });

  it('keeps the same guest for the same device, and a token for another device reaches nothing of it', async () => {
    const device = deviceId();
    const first = await newGuest(device);
    const sent = (await send(first, { clientId: clientId(), text: '第一台设备' })).json().data as ChatMessage;
    const second = await newGuest(device);
    expect((await history(second)).data.messages.map((m: ChatMessage) => m.id)).toEqual([sent.id]);

    const stranger = await newGuest();
    expect((await history(stranger)).data).toEqual({ conversation: null, messages: [], more: false });
    const probe = await history(stranger, `?conversation=${sent.conversationId}`);
    expect(probe).toMatchObject({ status: false, code: 'CONVERSATION_NOT_FOUND' });

    // A token cannot be edited to name another guest: the signature no longer matches.
    const [, id, expires, signature] = first.token.split('.');
    const forged = `g.${BigInt(id ?? '0') + 1n}.${expires}.${signature}`;
    const refused = await sut.get(paths.supportMessages, { [GUEST_TOKEN_HEADER]: forged });
    expect(refused.statusCode).toBe(401);
    const socket = await openSocket(url);
    sockets.push(socket);
    socket.send({ op: 'auth', t: forged, as: 'guest' });
    expect((await socket.closed).code).toBe(4001);
  });

  it('lets no member reach another member’s conversation', async () => {
    const alice = await newMember();
    const mallory = await newMember();
    const sent = (await send(alice, { clientId: clientId(), text: '我的提现还没到账' })).json().data as ChatMessage;
    const probe = await history(mallory, `?conversation=${sent.conversationId}`);
    expect(probe).toMatchObject({ status: false, code: 'CONVERSATION_NOT_FOUND' });
    const rated = await sut.post(paths.supportRate, { conversation: sent.conversationId, score: '5' }, mallory.headers);
    expect(rated.json()).toMatchObject({ status: false, code: 'CONVERSATION_NOT_FOUND' });
    expect((await history(mallory)).data.messages).toEqual([]);
    // Nobody at all: the site's usual answer.
    expect((await sut.get(paths.supportConversation)).json()).toEqual({
      status: false,
      data: 'token',
      code: 'SESSION_EXPIRED',
    });
  });

  it('stores a resent clientId once, however many resends race, and numbers parallel sends 1..n', async () => {
    const bob = await newMember();
    const same = clientId();
    const resends = await Promise.all(
      Array.from({ length: 8 }, () => send(bob, { clientId: same, text: '重发的消息' })),
    );
    const ids = new Set(resends.map((one) => one.json().data.id));
    expect(ids.size).toBe(1);
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, index) => send(bob, { clientId: clientId(), text: `并发 ${index}` })),
    );
    for (const one of parallel) expect(one.json()).toMatchObject({ status: true });
    const { messages } = (await history(bob, '?limit=100')).data;
    expect(messages.map((m: ChatMessage) => m.seq)).toEqual(Array.from({ length: 13 }, (_, index) => index + 1));
    expect(messages.filter((m: ChatMessage) => m.clientId === same)).toHaveLength(1);
  });

  it('lets exactly one of two agents take a conversation', async () => {
    const carol = await newMember();
    const sent = (await send(carol, { clientId: clientId(), text: '请问怎么绑定银行卡' })).json().data as ChatMessage;
    const other = await newAgent('support');
    const [one, two] = await Promise.all([
      desk(paths.adminSupportTake, agent, sent.conversationId),
      desk(paths.adminSupportTake, other, sent.conversationId),
    ]);
    const answers = [one.json(), two.json()];
    expect(answers.filter((answer) => answer.status === true)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 'CONVERSATION_TAKEN')).toHaveLength(1);
    const winner = answers.find((answer) => answer.status === true);
    expect(winner.data).toMatchObject({ status: 'open', id: sent.conversationId });
  });

  it('tells the member the agent is typing only from the agent who holds the conversation, at most every 2 s', async () => {
    const erin = await newMember();
    const memberSocket = await socketOf(erin, 'support');
    const first = await say(memberSocket, { clientId: clientId(), text: '在吗' });
    const conversationId = (first.message as ChatMessage).conversationId;
    const deskSocket = await socketOf(agent, 'desk');
    const otherSocket = await socketOf(await newAgent('support'), 'desk');
    const agentTyping = (f: { topic?: string; data?: unknown }) =>
      f.topic === 'support' && ((f.data ?? {}) as { type?: string; from?: string }).from === 'agent';
    const typings = () => memberSocket.frames.filter(agentTyping).length;

    // Waiting: nobody holds it, so nobody's typing reaches the member.
    deskSocket.send({ op: 'typing', conversation: conversationId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const taken = (await desk(paths.adminSupportTake, agent, conversationId)).json();
    expect(taken).toMatchObject({ status: true, data: { status: 'open' } });
    await memberSocket.next((f) => ((f.data ?? {}) as { type?: string }).type === 'status');
    // Another agent's typing, and a frame naming no conversation, reach nobody either.
    otherSocket.send({ op: 'typing', conversation: conversationId });
    deskSocket.send({ op: 'typing' });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(typings()).toBe(0);

    // The agent holding it: told once, however many frames a burst of keystrokes sends within 2 s.
    for (let index = 0; index < 5; index++) deskSocket.send({ op: 'typing', conversation: conversationId });
    const told = await memberSocket.next(agentTyping);
    expect(told.data).toEqual({ type: 'typing', conversationId, from: 'agent' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(typings()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    deskSocket.send({ op: 'typing', conversation: conversationId });
    await memberSocket.next((f) => agentTyping(f) && typings() === 2);
  });

  it('carries a conversation from the member’s socket to an agent and back, with seen marks, close and one rating', async () => {
    const dave = await newMember();
    const memberSocket = await socketOf(dave, 'support');
    const deskSocket = await socketOf(agent, 'desk');

    const first = await say(memberSocket, { clientId: clientId(), text: '你好' });
    expect(first).toMatchObject({ op: 'ack', message: { seq: 1, from: 'member', text: '你好' } });
    const conversationId = (first.message as ChatMessage).conversationId;
    await deskSocket.next(
      (f) =>
        f.topic === 'desk' && ((f.data ?? {}) as { message?: ChatMessage }).message?.conversationId === conversationId,
    );

    const taken = (await desk(paths.adminSupportTake, agent, conversationId)).json();
    expect(taken).toMatchObject({ status: true, data: { status: 'open', operatorId: agent.id } });
    await memberSocket.next(
      (f) =>
        f.topic === 'support' &&
        ((f.data ?? {}) as { type?: string; conversation?: { status?: string } }).conversation?.status === 'open',
    );

    memberSocket.send({ op: 'typing' });
    await deskSocket.next((f) => ((f.data ?? {}) as { type?: string }).type === 'typing');

    const reply = await say(deskSocket, {
      clientId: clientId(),
      conversation: conversationId,
      text: '您好，请问有什么可以帮您？',
    });
    expect(reply).toMatchObject({
      op: 'ack',
      message: { from: 'agent', agentName: expect.stringMatching(/^客服\d+/) },
    });
    const heard = await memberSocket.next(
      (f) => f.topic === 'support' && ((f.data ?? {}) as { message?: ChatMessage }).message?.from === 'agent',
    );
    const agentMessage = (heard.data as { message: ChatMessage }).message;

    memberSocket.send({ op: 'seen', seq: agentMessage.seq });
    await deskSocket.next(
      (f) =>
        ((f.data ?? {}) as { type?: string; by?: string }).type === 'seen' &&
        ((f.data ?? {}) as { by?: string }).by === 'member',
    );
    const seen = (await desk(paths.adminSupportSeen, agent, conversationId, { seq: agentMessage.seq })).json();
    expect(seen.data).toMatchObject({ agentSeenSeq: agentMessage.seq, unread: 0 });

    // The detail shows the member beside the chat.
    const detail = (await sut.get(paths.adminSupportConversation.replace(':id', conversationId), agent.headers)).json();
    expect(detail.data.member).toMatchObject({
      memberId: dave.id,
      vipLevel: 0,
      balance: '0.0000',
      deposits: [],
      withdrawals: [],
    });
    expect(detail.data.messages.map((m: ChatMessage) => m.from)).toEqual(['member', 'system', 'agent']);

    // Not closed yet: nothing to rate.
    const early = await sut.post(paths.supportRate, { conversation: conversationId, score: '5' }, dave.headers);
    expect(early.json()).toMatchObject({ status: false });
    const closed = (await desk(paths.adminSupportClose, agent, conversationId)).json();
    expect(closed).toMatchObject({ status: true, data: { status: 'closed' } });
    await memberSocket.next(
      (f) => ((f.data ?? {}) as { conversation?: { status?: string } }).conversation?.status === 'closed',
    );
    const late = await say(memberSocket, { clientId: clientId(), text: '还在吗' });
    expect(late).toMatchObject({ op: 'ack', message: { seq: 1 } });
    expect((late.message as ChatMessage).conversationId).not.toBe(conversationId);

    const rated = await sut.post(
      paths.supportRate,
      { conversation: conversationId, score: '4', comment: '很好' },
      dave.headers,
    );
    expect(rated.json()).toMatchObject({ status: true, data: { rating: 4, status: 'closed' } });
    const twice = await sut.post(paths.supportRate, { conversation: conversationId, score: '1' }, dave.headers);
    expect(twice.json()).toMatchObject({ status: false, code: 'CONVERSATION_RATED' });
    const badScore = await sut.post(paths.supportRate, { conversation: conversationId, score: '6' }, dave.headers);
    expect(badScore.statusCode).toBe(400);
  });

  it('answers a quick question at once from the help centre, without queueing the conversation', async () => {
    const slug = `quick-${randomBytes(4).toString('hex')}`;
    const [article] = resultRows<{ id: number }>(
      await sut.container.db.execute(sql`insert into help_articles (slug, title, body, quick, quick_sort)
        values (${slug}, '充值多久到账？', '充值一般在1-5分钟内到账。', true, -1) returning id`),
    );
    const erin = await newMember();
    const state = (await sut.get(paths.supportConversation, erin.headers)).json().data;
    expect(state.quickQuestions).toContainEqual({ id: article?.id, title: '充值多久到账？' });

    const answer = (
      await postJson(paths.supportQuick, { articleId: article?.id, clientId: clientId() }, erin.headers)
    ).json();
    expect(answer).toMatchObject({
      status: true,
      data: {
        question: { seq: 1, from: 'member', text: '充值多久到账？' },
        answer: { seq: 2, from: 'bot', text: '充值一般在1-5分钟内到账。', article: { slug, title: '充值多久到账？' } },
      },
    });
    const after = (await sut.get(paths.supportConversation, erin.headers)).json().data;
    expect(after.conversation).toMatchObject({ status: 'waiting', queued: false, lastSeq: 2 });
    const unknown = await postJson(paths.supportQuick, { articleId: 999_999, clientId: clientId() }, erin.headers);
    expect(unknown.json()).toMatchObject({ status: false, code: 'HELP_ARTICLE_NOT_FOUND' });
  });

  it('tells the member in the inbox when an agent answers a message left outside service hours', async () => {
    const frank = await newMember();
    const left = (
      await sut.post(paths.supportLeaveMessage, { content: '晚上提现没到账', contact: 'WeChat abc' }, frank.headers)
    ).json();
    expect(left).toMatchObject({ status: true, data: { content: '晚上提现没到账', reply: null } });
    const pending = (await sut.get(`${paths.adminSupportLeftMessages}?status=pending`, agent.headers)).json().data;
    expect(pending.map((one: { id: string }) => one.id)).toContain(left.data.id);

    const replyPath = paths.adminSupportLeftMessageReply.replace(':id', left.data.id);
    const [one, two] = await Promise.all([
      postJson(replyPath, { reply: '已为您处理，请查收' }, agent.headers),
      postJson(replyPath, { reply: '第二位客服的回复' }, agent.headers),
    ]);
    expect([one.json().status, two.json().status]).toEqual([true, true]);
    const mine = (await sut.get(paths.supportLeftMessages, frank.headers)).json().data;
    expect(mine).toHaveLength(1);
    const inbox = (await sut.post(paths.messageList, { page: '1', size: '50' }, frank.headers)).json().data.list;
    const notes = inbox.filter((message: { title: string }) => message.title === '客服回复了您的留言');
    expect(notes).toHaveLength(1);
    expect(notes[0].content).toContain(mine[0].reply);
    // Guests have no inbox: leaving a message needs a member.
    const guest = await newGuest();
    const refused = await sut.post(paths.supportLeaveMessage, { content: '游客留言' }, guest.headers);
    expect(refused.statusCode).toBe(401);
  });

  it('refuses operators without the support role, and transfers only to an agent', async () => {
    const finance = await newAgent('finance');
    expect((await sut.get(paths.adminSupportQueue, finance.headers)).statusCode).toBe(403);
    const socket = await openSocket(url);
    sockets.push(socket);
    socket.send({ op: 'auth', t: finance.token, as: 'operator' });
    expect(await socket.subscribe('desk')).toMatchObject({ op: 'error', code: 'TOPIC_FORBIDDEN' });
    // A member cannot have the desk, an agent not a member's topics.
    const member = await newMember();
    const memberSocket = await openSocket(url);
    sockets.push(memberSocket);
    memberSocket.send({ op: 'auth', t: member.token });
    expect(await memberSocket.subscribe('desk')).toMatchObject({ op: 'error', code: 'TOPIC_FORBIDDEN' });

    const sent = (await send(member, { clientId: clientId(), text: '转接测试' })).json().data as ChatMessage;
    await desk(paths.adminSupportTake, agent, sent.conversationId);
    const toFinance = await desk(paths.adminSupportTransfer, agent, sent.conversationId, { operatorId: finance.id });
    expect(toFinance.json()).toMatchObject({ status: false, code: 'SUPPORT_AGENT_UNAVAILABLE' });
    const colleague = await newAgent('support');
    const moved = await desk(paths.adminSupportTransfer, agent, sent.conversationId, { operatorId: colleague.id });
    expect(moved.json()).toMatchObject({ status: true, data: { operatorId: colleague.id } });
    // The first agent no longer has it.
    const cut = await desk(paths.adminSupportSend, agent, sent.conversationId, {
      clientId: clientId(),
      text: '还是我',
    });
    expect(cut.json()).toMatchObject({ status: false, code: 'CONVERSATION_TAKEN' });
    const audit = resultRows<{ action: string }>(
      await sut.container.db.execute(
        sql`select action from audit_log where target = ${`conversation:${sent.conversationId}`}`,
      ),
    ).map((row) => row.action);
    expect(audit.sort()).toEqual(['support.take', 'support.transfer']);
  });

  it('refuses malformed bodies and frames without storing anything', async () => {
    const gina = await newMember();
    for (const body of [
      { clientId: clientId() },
      { clientId: clientId(), text: '两样都有', image: '/uploads/0123456789abcdef0123456789abcdef.png' },
      { clientId: 'short', text: '太短的 clientId' },
      { clientId: clientId(), image: 'https://evil.example/x.png' },
      { clientId: clientId(), text: 'x'.repeat(1_001) },
    ]) {
      const answer = await send(gina, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    // An image URL of the right shape that is none of our uploads.
    const name = `${randomBytes(16).toString('hex')}.png`;
    expect((await send(gina, { clientId: clientId(), image: `/uploads/${name}` })).statusCode).toBe(400);
    expect((await history(gina)).data.messages).toEqual([]);
    expect((await sut.post(paths.supportGuest, { deviceId: 'h5-android; drop table' })).statusCode).toBe(400);
    // Once it is one of ours, it goes.
    writeFileSync(
      path.join(sut.container.uploads.dir, name),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const image = (await send(gina, { clientId: clientId(), image: `/uploads/${name}` })).json();
    expect(image).toMatchObject({ status: true, data: { kind: 'image', image: `/uploads/${name}`, text: '' } });

    const socket = await socketOf(gina, 'support');
    expect(await say(socket, { clientId: clientId() })).toMatchObject({ op: 'error', code: 'BAD_REQUEST' });
    expect(await say(socket, { clientId: clientId(), image: '/etc/passwd' })).toMatchObject({
      op: 'error',
      code: 'BAD_REQUEST',
    });
    // A member naming a conversation writes in their own anyway; an agent naming nothing is refused.
    const deskSocket = await socketOf(agent, 'desk');
    expect(await say(deskSocket, { clientId: clientId(), text: '无会话' })).toMatchObject({
      op: 'error',
      code: 'CONVERSATION_NOT_FOUND',
    });
    expect((await history(gina)).data.messages).toHaveLength(1);
  });

  it('loses nothing and repeats nothing when the member’s socket drops mid-conversation (one process)', async () => {
    const henry = await newMember();
    let socket = await socketOf(henry, 'support');
    const deskSocket = await socketOf(agent, 'desk');
    const texts = Array.from({ length: 10 }, (_, index) => ({ clientId: clientId(), text: `第${index + 1}条` }));
    // Five acknowledged, three sent and cut off before their answer could arrive.
    for (const frame of texts.slice(0, 5)) expect(await say(socket, frame)).toMatchObject({ op: 'ack' });
    for (const frame of texts.slice(5, 8)) socket.send({ op: 'say', ...frame });
    socket.close();
    const conversationId = (await history(henry)).data.conversation.id as string;
    await desk(paths.adminSupportTake, agent, conversationId);
    await desk(paths.adminSupportSend, agent, conversationId, { clientId: clientId(), text: '客服在断线期间的回复' });

    // The site reconnects, resends what it never saw acknowledged, then reads what it missed after its last seq.
    socket = await socketOf(henry, 'support');
    for (const frame of texts.slice(5)) expect(await say(socket, frame)).toMatchObject({ op: 'ack' });
    const missed = (await history(henry, '?after=5')).data.messages as ChatMessage[];
    const all = (await history(henry, '?limit=100')).data.messages as ChatMessage[];
    expect(all.map((m) => m.seq)).toEqual(all.map((_, index) => index + 1));
    const memberTexts = all.filter((m) => m.from === 'member').map((m) => m.text);
    expect(memberTexts.sort()).toEqual(texts.map((frame) => frame.text).sort());
    expect(missed.some((m) => m.text === '客服在断线期间的回复')).toBe(true);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    // The agent's socket heard every member message exactly once.
    const heard = deskSocket
      .publications('desk')
      .map((f) => ((f.data ?? {}) as { message?: ChatMessage }).message)
      .filter((m): m is ChatMessage => m?.conversationId === conversationId && m.from === 'member');
    await deskSocket.next(() => heard.length >= 10 || true);
    expect(new Set(heard.map((m) => m.seq)).size).toBe(heard.length);
  });

  it('says whether the built-in desk is on (demo seed: on, all day) and who is online', async () => {
    const info = (await sut.get(paths.preInfo)).json().data;
    expect(info.supportDesk).toBe(true);
    const deskSocket = await socketOf(agent, 'desk');
    expect(deskSocket).toBeDefined();
    await sut.container.support.presence.settled();
    const agents = (await sut.get(paths.adminSupportAgents, agent.headers)).json().data;
    expect(agents.find((one: { id: string }) => one.id === agent.id)).toMatchObject({ online: true });
    const member = await newMember();
    expect((await sut.get(paths.supportConversation, member.headers)).json().data).toMatchObject({
      onDuty: true,
      inHours: true,
    });
  });

  it('sends visitors of the old desk page (and its files) to the console’s chat seat', async () => {
    for (const url of ['/support/desk', '/support/desk/', '/support/desk/desk.js']) {
      const answer = await sut.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe('/console/support/chat');
    }
  });

  it('opens a conversation in the language of the socket it was written on (the by variant: zh-HK)', async () => {
    const guest = await newGuest();
    const socket = await openSocket(`${url}?lang=zh-HK`);
    sockets.push(socket);
    socket.send({ op: 'auth', t: guest.token, as: 'guest' });
    expect(await socket.subscribe('support')).toMatchObject({ op: 'subscribed' });
    const ack = await say(socket, { clientId: clientId(), text: '你好' });
    expect(ack).toMatchObject({ op: 'ack' });
    const conversationId = (ack.message as ChatMessage).conversationId;
    const [row] = resultRows<{ lang: string }>(
      await sut.container.db.execute(sql`select lang from support_conversations where id = ${BigInt(conversationId)}`),
    );
    expect(row?.lang).toBe('zh-HK');
  });

  it("keeps an operator's settings when the demo seed runs again at the next start", async () => {
    const db = sut.container.db;
    const before = await supportRepository.settings(db);
    await supportRepository.saveSettings(db, { desk: false, openAt: '09:00', closeAt: '21:00' });
    await seedDemoSupport(db);
    expect(await supportRepository.settings(db)).toEqual({ desk: false, openAt: '09:00', closeAt: '21:00' });
    await supportRepository.saveSettings(db, before);
  });
});

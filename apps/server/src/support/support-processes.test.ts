import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../realtime/test-socket';
import {
  data,
  freePort,
  memberSignIn,
  operatorSignIn,
  scratchDatabase,
  spawnDemoServer,
  waitForServer,
} from '../test/live-server';

const MEMBER = { account: 'chatmember1', password: 'chatmember123' };
const OPERATOR = { account: 'chatadmin1', password: 'chatadmin12345' };

const clientId = () => `p${randomBytes(8).toString('hex')}`;
const messageOf = (frame: Record<string, unknown>) => ((frame.data ?? {}) as { message?: ChatMessage }).message;

/**
 * The proof: a member chats with an agent connected to another server process (one PostgreSQL, one Redis);
 * the member's socket drops mid-conversation and comes back on the agent's process; nothing is lost, nothing
 * duplicated. The single-process version runs always, in support.routes.test.ts.
 */
describe.skipIf(!process.env.REDIS_URL || !process.env.TEST_DATABASE_URL)(
  'the chat across two server processes',
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-chat-'));
    const servers: ChildProcess[] = [];
    const sockets: TestSocket[] = [];
    const ports: number[] = [];
    const base = (index: number) => `http://127.0.0.1:${ports[index]}`;
    const ws = (index: number) => `${base(index).replace('http', 'ws')}/ws`;
    const prefix = `jinb-test:chat:${randomBytes(4).toString('hex')}:`;
    let database: Awaited<ReturnType<typeof scratchDatabase>>;
    let memberToken: string;
    let operatorToken: string;

    function start(index: number): ChildProcess {
      const child = spawnDemoServer({
        port: ports[index] as number,
        databaseUrl: database.url,
        dataDir,
        redisPrefix: prefix,
        member: MEMBER,
        operator: OPERATOR,
        env: { CASINO_DEALER: 'false', VENDORS: '[]' },
      });
      servers.push(child);
      return child;
    }

    beforeAll(async () => {
      database = await scratchDatabase('jinb_chat');
      ports.push(await freePort(), await freePort());
      await waitForServer(base(0), start(0));
      await waitForServer(base(1), start(1));
      operatorToken = (await data<{ token: string }>(operatorSignIn(base(1), OPERATOR.account, OPERATOR.password)))
        .token;
      const device = `h5-android-chat-${randomBytes(4).toString('hex')}`;
      memberToken = (await data<{ token: string }>(memberSignIn(base(0), MEMBER.account, MEMBER.password, device)))
        .token;
    }, 180_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function socket(index: number, token: string, as: 'member' | 'operator', topic: 'support' | 'desk') {
      const opened = await openSocket(ws(index));
      sockets.push(opened);
      opened.send({ op: 'auth', t: token, as });
      expect(await opened.subscribe(topic)).toMatchObject({ op: 'subscribed', topic });
      return opened;
    }

    const say = async (on: TestSocket, frame: object) => {
      const from = on.frames.length;
      on.send({ op: 'say', ...frame });
      const id = (frame as { clientId: string }).clientId;
      return on.next((f) => (f.op === 'ack' || f.op === 'error') && f.clientId === id, 10_000, from);
    };

    const history = async (after = 0) =>
      data<{ messages: ChatMessage[] }>(
        fetch(`${base(0)}/api/f/v1/support/messages?after=${after}&limit=100`, { headers: { t: memberToken } }),
      );

    it('loses nothing and repeats nothing when the member’s socket drops while the agent is on the other process', async () => {
      const agentSocket = await socket(1, operatorToken, 'operator', 'desk');
      let memberSocket = await socket(0, memberToken, 'member', 'support');
      const frames = Array.from({ length: 9 }, (_, index) => ({ clientId: clientId(), text: `会员消息 ${index + 1}` }));

      // Three acknowledged; the agent on process 1 hears the first and takes the conversation there.
      for (const frame of frames.slice(0, 3)) expect(await say(memberSocket, frame)).toMatchObject({ op: 'ack' });
      const first = await agentSocket.next((f) => messageOf(f)?.text === '会员消息 1', 10_000);
      const conversationId = messageOf(first)?.conversationId ?? '';
      const take = await fetch(`${base(1)}/api/admin/v1/support/conversations/${conversationId}/take`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}` },
      });
      expect(take.status).toBe(200);
      const reply = await say(agentSocket, {
        clientId: clientId(),
        conversation: conversationId,
        text: '客服：请稍等',
      });
      expect(reply).toMatchObject({ op: 'ack' });
      await memberSocket.next((f) => messageOf(f)?.text === '客服：请稍等', 10_000);
      const seenBeforeDrop = Math.max(
        ...memberSocket.publications('support').map((f) => messageOf(f)?.seq ?? 0),
        ...memberSocket.frames.filter((f) => f.op === 'ack').map((f) => (f.message as ChatMessage).seq),
      );

      // Three more leave, and the socket is cut before their answers can come back.
      for (const frame of frames.slice(3, 6)) memberSocket.send({ op: 'say', ...frame });
      memberSocket.close();
      // The agent answers while the member is away.
      const away = await say(agentSocket, {
        clientId: clientId(),
        conversation: conversationId,
        text: '客服：已为您查询',
      });
      expect(away).toMatchObject({ op: 'ack' });

      // Back on the agent's process: resend what was never acknowledged (same clientIds), send the rest, read what
      // was missed after the last seq this client had.
      memberSocket = await socket(1, memberToken, 'member', 'support');
      for (const frame of frames.slice(3)) expect(await say(memberSocket, frame)).toMatchObject({ op: 'ack' });
      const missed = (await history(seenBeforeDrop)).messages;
      expect(missed.some((message) => message.text === '客服：已为您查询')).toBe(true);

      const all = (await history()).messages;
      expect(all.map((message) => message.seq)).toEqual(all.map((_, index) => index + 1));
      const memberTexts = all.filter((message) => message.from === 'member').map((message) => message.text);
      expect(memberTexts.sort()).toEqual(frames.map((frame) => frame.text).sort());
      expect(all.filter((message) => message.from === 'agent').map((message) => message.text)).toEqual([
        '客服：请稍等',
        '客服：已为您查询',
      ]);

      // The agent's socket on the other process heard each of the member's messages once.
      await agentSocket.next((f) => messageOf(f)?.text === '会员消息 9', 10_000);
      const heard = agentSocket
        .publications('desk')
        .map(messageOf)
        .filter(
          (message): message is ChatMessage => message?.conversationId === conversationId && message.from === 'member',
        );
      expect(heard.map((message) => message.text).sort()).toEqual(memberTexts.sort());
    });
  },
);

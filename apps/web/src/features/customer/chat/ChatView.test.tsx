import {
  type ChatMessage,
  type ConversationView,
  GUEST_TOKEN_HEADER,
  type SupportState,
  sitePaths,
} from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { resetRealtimeForTests } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, realtimeLink, startMockApi } from '../../../shared/testing/server';
import ChatView from './ChatView';
import { GUEST_HEADER, GUEST_KEY } from './chat.api';

const server = startMockApi();

function conversation(change: Partial<ConversationView> = {}): ConversationView {
  return {
    id: '7',
    status: 'waiting',
    agentName: null,
    lastSeq: 0,
    agentSeenSeq: 0,
    memberSeenSeq: 0,
    queued: false,
    rating: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    closedAt: null,
    ...change,
  };
}

let seq = 0;
function message(change: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  return {
    id: `m${seq}`,
    conversationId: '7',
    seq,
    from: 'member',
    agentName: null,
    kind: 'text',
    text: `text ${seq}`,
    image: null,
    clientId: null,
    article: null,
    createdAt: new Date().toISOString(),
    ...change,
  };
}

function state(change: Partial<SupportState> = {}): SupportState {
  return {
    conversation: null,
    onDuty: true,
    inHours: true,
    hours: { open: '09:00', close: '21:00' },
    timeZone: 'Asia/Shanghai',
    quickQuestions: [{ id: 11, title: '如何充值？' }],
    ...change,
  };
}

type Frame = { op: string; topic?: string; clientId?: string; text?: string; t?: string; as?: string; seq?: number };

/**
 * The server's side of the chat: the opening state, the history (with what `after` reads answer), and a socket that
 * answers `sub`, stores each `say` and acknowledges it (at once, or when the test lets it go).
 */
function chatServer(options: { state?: SupportState; history?: ChatMessage[]; holdAcks?: boolean } = {}) {
  const frames: Frame[] = [];
  const reads: URL[] = [];
  const headers: Headers[] = [];
  const stored: ChatMessage[] = [...(options.history ?? [])];
  const held: Array<() => void> = [];
  let view = options.state?.conversation ?? (stored.length ? conversation() : null);
  let version = 0;
  const sockets: Array<{ send(data: string): void; close(code?: number): void }> = [];
  server.use(
    http.get(at(sitePaths.supportConversation), ({ request }) => {
      headers.push(request.headers);
      return HttpResponse.json(ok(options.state ?? state({ conversation: view })));
    }),
    http.get(at(sitePaths.supportMessages), ({ request }) => {
      const url = new URL(request.url);
      reads.push(url);
      headers.push(request.headers);
      const after = url.searchParams.get('after');
      const list = after === null ? stored : stored.filter((one) => one.seq > Number(after));
      return HttpResponse.json(ok({ conversation: view, messages: list, more: false }));
    }),
    realtimeLink.addEventListener('connection', ({ client }) => {
      sockets.push(client);
      client.addEventListener('message', (event) => {
        const frame = JSON.parse(String(event.data)) as Frame;
        frames.push(frame);
        if (frame.op === 'sub' && frame.topic)
          client.send(JSON.stringify({ op: 'subscribed', topic: frame.topic, epoch: 'e1', version }));
        if (frame.op === 'say' && frame.clientId) {
          view ??= conversation();
          const saved =
            stored.find((one) => one.clientId === frame.clientId) ??
            message({ text: frame.text ?? '', clientId: frame.clientId });
          if (!stored.includes(saved)) stored.push(saved);
          const ack = () => client.send(JSON.stringify({ op: 'ack', clientId: frame.clientId, message: saved }));
          if (options.holdAcks) held.push(ack);
          else ack();
        }
      });
    }),
  );
  return {
    frames,
    reads,
    headers,
    stored,
    releaseAcks: () => {
      for (const ack of held.splice(0)) ack();
    },
    publish(data: unknown) {
      version += 1;
      for (const socket of sockets) socket.send(JSON.stringify({ topic: 'support', epoch: 'e1', version, data }));
    },
    /** Stores a message without telling any socket (it happened while the member's socket was down). */
    storeQuietly(one: ChatMessage) {
      stored.push(one);
    },
    dropSockets() {
      for (const socket of sockets.splice(0)) socket.close(4000);
    },
    get socketCount() {
      return sockets.length;
    },
    setView(next: ConversationView) {
      view = next;
    },
  };
}

beforeEach(() => {
  seq = 0;
  useSession.getState().logout();
});

afterEach(async () => {
  await resetRealtimeForTests();
});

const subscribed = (chat: ReturnType<typeof chatServer>) =>
  waitFor(() => expect(chat.frames.some((frame) => frame.op === 'sub' && frame.topic === 'support')).toBe(true));

function type(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: '请输入您的问题…' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '发送' }));
}

describe('the customer-service chat', () => {
  test('a message shows as sending until the server acknowledges it, then as delivered, then read', async () => {
    useSession.getState().setToken('member-token');
    const chat = chatServer({ holdAcks: true });
    renderPage(<ChatView />, { route: '/app/customer' });
    expect(await screen.findByText(/欢迎咨询/)).toBeTruthy();
    await subscribed(chat);

    type('我的充值还没到账');
    const bubble = (await screen.findByText('我的充值还没到账')).closest('[data-testid="chat-mine"]') as HTMLElement;
    expect(within(bubble).getByText('发送中')).toBeTruthy();
    const say = chat.frames.find((frame) => frame.op === 'say');
    expect(say).toMatchObject({ text: '我的充值还没到账' });
    expect(say?.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    chat.releaseAcks();
    await waitFor(() => expect(screen.getByText('已送达')).toBeTruthy());
    expect(screen.queryByText('发送中')).toBeNull();
    // The same message pushed on the topic too (every socket of the member hears it): still shown once.
    chat.publish({ type: 'message', message: chat.stored[0] });
    chat.publish({ type: 'seen', conversationId: '7', by: 'agent', seq: 1 });
    await waitFor(() => expect(screen.getByText('已读')).toBeTruthy());
    expect(screen.getAllByText('我的充值还没到账')).toHaveLength(1);
  });

  test('after the socket drops, what was said meanwhile is read after the last seq, and nothing shows twice', async () => {
    useSession.getState().setToken('member-token');
    const first = message({ from: 'member', text: '你好' });
    const chat = chatServer({ history: [first] });
    renderPage(<ChatView />, { route: '/app/customer' });
    expect(await screen.findByText('你好')).toBeTruthy();
    await subscribed(chat);

    const reply = message({ from: 'agent', agentName: '小美', text: '您好，请问有什么可以帮您？' });
    chat.storeQuietly(reply);
    chat.publish({ type: 'message', message: reply });
    expect(await screen.findByText('您好，请问有什么可以帮您？')).toBeTruthy();

    chat.dropSockets();
    const missed = message({ from: 'agent', agentName: '小美', text: '请提供您的订单号' });
    chat.storeQuietly(missed);
    const readsBefore = chat.reads.length;
    // The client reconnects by itself (0.25-0.5 s) and reads what it missed.
    await waitFor(() => expect(screen.getByText('请提供您的订单号')).toBeTruthy(), { timeout: 5_000 });
    const catchUp = chat.reads.slice(readsBefore).find((url) => url.searchParams.get('after') !== null);
    expect(catchUp?.searchParams.get('after')).toBe('2');
    expect(catchUp?.searchParams.get('conversation')).toBe('7');
    expect(screen.getAllByText('你好')).toHaveLength(1);
    expect(screen.getAllByText('您好，请问有什么可以帮您？')).toHaveLength(1);
    expect(screen.getAllByText('请提供您的订单号')).toHaveLength(1);
  });

  test('a message sent while the socket is down goes over HTTP with its clientId; a failure offers a retry', async () => {
    useSession.getState().setToken('member-token');
    chatServer();
    const sends: Array<{ clientId: string; text: string }> = [];
    let fail = true;
    server.use(
      http.post(at(sitePaths.supportSend), async ({ request }) => {
        const body = (await request.json()) as { clientId: string; text: string };
        sends.push(body);
        if (fail)
          return HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 });
        return HttpResponse.json(ok(message({ text: body.text, clientId: body.clientId })));
      }),
    );
    // No socket at all: the page cannot reach /ws.
    server.use(realtimeLink.addEventListener('connection', ({ client }) => client.close(4000)));
    renderPage(<ChatView />, { route: '/app/customer' });
    expect(await screen.findByText(/欢迎咨询/)).toBeTruthy();

    type('在吗');
    expect(await screen.findByText(/发送失败，点击重试/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新发送' }));
    await waitFor(() => expect(screen.getByText('已送达')).toBeTruthy());
    expect(sends).toHaveLength(2);
    expect(sends[1]!.clientId).toBe(sends[0]!.clientId);
    expect(screen.getAllByText('在吗')).toHaveLength(1);
  });

  test('a quick question is answered at once, with a link to the tutorial it comes from', async () => {
    useSession.getState().setToken('member-token');
    chatServer();
    let asked: unknown = null;
    server.use(
      http.post(at(sitePaths.supportQuick), async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json(
          ok({
            question: message({ text: '如何充值？' }),
            answer: message({
              from: 'bot',
              text: '在「充值」页选择通道，按提示转账即可。',
              article: { id: 11, title: '如何充值？', slug: 'deposit' },
            }),
          }),
        );
      }),
    );
    renderPage(<ChatView />, { route: '/app/customer' });
    fireEvent.click(await screen.findByRole('button', { name: '如何充值？' }));
    expect(await screen.findByText('在「充值」页选择通道，按提示转账即可。')).toBeTruthy();
    expect(asked).toMatchObject({ articleId: 11 });
    expect(screen.getByRole('link', { name: /查看详情/ }).getAttribute('href')).toBe('/tutorial/deposit');
    expect(within(screen.getByRole('log')).getByText('如何充值？')).toBeTruthy();
  });

  test('转人工 asks for a human with a message of the member’s; queued, the header says so', async () => {
    useSession.getState().setToken('member-token');
    const chat = chatServer();
    renderPage(<ChatView />, { route: '/app/customer' });
    await subscribed(chat);
    fireEvent.click(await screen.findByRole('button', { name: '转人工' }));
    await waitFor(() => expect(chat.frames.find((frame) => frame.op === 'say')?.text).toBe('您好，我需要人工客服'));
    chat.publish({ type: 'status', conversation: conversation({ queued: true, lastSeq: 1 }) });
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toContain('排队中'));
    expect(screen.queryByRole('button', { name: '转人工' })).toBeNull();
    chat.publish({ type: 'typing', conversationId: '7', from: 'agent' });
    expect(await screen.findByText('客服正在输入…')).toBeTruthy();
  });

  test('a closed conversation asks for a rating; the stars and the comment are sent', async () => {
    useSession.getState().setToken('member-token');
    const closed = conversation({ status: 'closed', agentName: '小美', closedAt: '2025-03-01T11:00:00.000Z' });
    chatServer({ history: [message({ text: '谢谢' })], state: state({ conversation: closed }) });
    let rated: URLSearchParams | null = null;
    server.use(
      http.post(at(sitePaths.supportRate), async ({ request }) => {
        rated = new URLSearchParams(await request.text());
        return HttpResponse.json(ok({ ...closed, rating: 4 }));
      }),
      http.get(at(sitePaths.supportMessages), () =>
        HttpResponse.json(ok({ conversation: closed, messages: [message({ text: '谢谢' })], more: false })),
      ),
    );
    renderPage(<ChatView />, { route: '/app/customer' });
    const sheet = await screen.findByRole('dialog', { name: '请为本次服务评分' });
    const submit = within(sheet).getByRole('button', { name: '提交评价' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(sheet).getByRole('radio', { name: '4 星' }));
    expect(within(sheet).getByText('满意')).toBeTruthy();
    fireEvent.change(within(sheet).getByRole('textbox'), { target: { value: '回复很快' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rated!.get('score')).toBe('4');
    expect(rated!.get('comment')).toBe('回复很快');
    expect(rated!.get('conversation')).toBe('7');
    expect(screen.getByText('您的评价：4 星')).toBeTruthy();
  });

  test('a visitor chats as a guest: a token for this device, sent on every call and in the socket’s auth', async () => {
    const chat = chatServer();
    let device = '';
    server.use(
      http.post(at(sitePaths.supportGuest), async ({ request }) => {
        device = new URLSearchParams(await request.text()).get('deviceId') ?? '';
        return HttpResponse.json(
          ok({ token: 'guest-1', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
        );
      }),
    );
    renderPage(<ChatView />, { route: '/app/customer' });
    expect(await screen.findByText(/以访客身份咨询/)).toBeTruthy();
    expect(device).toMatch(/^h5-(ios|android)[0-9a-z]{24}$/);
    expect(chat.headers.every((one) => one.get(GUEST_HEADER) === 'guest-1')).toBe(true);
    await subscribed(chat);
    expect(chat.frames[0]).toEqual({ op: 'auth', t: 'guest-1', as: 'guest' });
    expect(JSON.parse(localStorage.getItem(GUEST_KEY) ?? '{}').token).toBe('guest-1');
    // A guest may not upload: the picture button says why.
    expect(screen.queryByLabelText('图片', { selector: 'input' })).toBeNull();
  });

  test('outside service hours the chat says when agents are in and offers the leave-message form', async () => {
    useSession.getState().setToken('member-token');
    chatServer({ state: state({ onDuty: false, inHours: false }) });
    renderPage(<ChatView />, { route: '/app/customer' });
    expect(await screen.findByText(/服务时间 09:00–21:00/)).toBeTruthy();
    expect(screen.getByTestId('chat-status').textContent).toContain('当前非服务时间');
    const links = screen.getAllByRole('link', { name: /离线留言/ });
    expect(links.every((link) => link.getAttribute('href') === '/tutorial/leaveMsg')).toBe(true);
  });

  test('within service hours with no agent online the chat says so, not that service is closed', async () => {
    useSession.getState().setToken('member-token');
    chatServer({ state: state({ onDuty: false, inHours: true }) });
    renderPage(<ChatView />, { route: '/app/customer' });
    expect(await screen.findByText(/人工客服暂时都不在线/)).toBeTruthy();
    expect(screen.getByTestId('chat-status').textContent).toContain('客服暂时不在线');
    expect(screen.queryByText(/服务时间 09:00–21:00/)).toBeNull();
  });

  test('the guest header spelled here is the contract’s', () => {
    expect(GUEST_HEADER).toBe(GUEST_TOKEN_HEADER);
  });
});

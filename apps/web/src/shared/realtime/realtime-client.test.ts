import { REALTIME_CLOSE, REALTIME_PATH } from '@jinb/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  backoffDelay,
  CLOSE_TOKEN_REFUSED,
  PING_MS,
  RealtimeClient,
  realtimeUrl,
  SOCKET_PATH,
} from './realtime-client';

/** A server-side view of one socket: what the client sent, and a way to answer or drop it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.made.at(-1)!;

function makeClient(token = 'member-token', random = () => 0.5) {
  const states: string[] = [];
  const client = new RealtimeClient({
    url: 'ws://site.test/ws',
    token: () => token,
    createSocket: (url) => new FakeSocket(url),
    random,
    onState: (state) => states.push(state),
  });
  return { client, states };
}

function listener() {
  return { onData: vi.fn(), onReload: vi.fn() };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});
afterEach(() => vi.useRealTimers());

describe('the realtime client', () => {
  test('the token goes in the first frame, never in the URL; then every topic is subscribed', () => {
    const { client } = makeClient();
    client.subscribe('event:7', listener());
    client.subscribe('balance', listener());
    expect(FakeSocket.made).toHaveLength(1);
    expect(last().url).toBe('ws://site.test/ws');
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', t: 'member-token' },
      { op: 'sub', topic: 'event:7' },
      { op: 'sub', topic: 'balance' },
    ]);
    client.subscribe('live', listener());
    expect(last().sent.at(-1)).toEqual({ op: 'sub', topic: 'live' });
  });

  test('a visitor sends no auth frame', () => {
    const { client } = makeClient('');
    client.subscribe('live', listener());
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', topic: 'live' }]);
  });

  test('reconnects with growing, jittered waits and resubscribes each topic from its last position', () => {
    const { client, states } = makeClient();
    const prices = listener();
    client.subscribe('event:7', prices);
    last().open();
    last().push({ op: 'subscribed', topic: 'event:7', epoch: 'e1', version: 3 });
    last().push({ topic: 'event:7', epoch: 'e1', version: 4, data: { id: '7', version: 12 } });
    expect(prices.onData).toHaveBeenCalledWith({ id: '7', version: 12 }, expect.objectContaining({ version: 4 }));

    last().drop();
    expect(states.at(-1)).toBe('down');
    // First wait: between 250 and 500 ms (random 0.5 -> 375).
    vi.advanceTimersByTime(374);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    last().drop();
    // Second wait doubles: 750 ms.
    vi.advanceTimersByTime(749);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);

    last().open();
    expect(states.at(-1)).toBe('open');
    expect(last().sent).toEqual([
      { op: 'auth', t: 'member-token' },
      { op: 'sub', topic: 'event:7', since: { epoch: 'e1', version: 4 } },
    ]);
  });

  test('the backoff doubles to a ceiling and its jitter stays in the upper half', () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 0.999)).toBeLessThanOrEqual(500);
    expect(backoffDelay(3, 0)).toBe(2000);
    expect(backoffDelay(40, 0)).toBe(15_000);
    expect(backoffDelay(40, 1)).toBe(30_000);
  });

  test('a reload answer asks the page to read the topic over HTTP, then carries on from the new position', () => {
    const { client } = makeClient();
    const prices = listener();
    client.subscribe('event:7', prices);
    last().open();
    last().push({ op: 'subscribed', topic: 'event:7', epoch: 'e1', version: 3 });
    prices.onReload.mockClear();
    last().push({ op: 'reload', topic: 'event:7', epoch: 'e2', version: 40 });
    expect(prices.onReload).toHaveBeenCalledTimes(1);
    last().push({ topic: 'event:7', epoch: 'e2', version: 41, data: 'next' });
    expect(prices.onData).toHaveBeenCalledWith('next', expect.anything());
  });

  test('a late or repeated publication is dropped; a skipped one means reload', () => {
    const { client } = makeClient();
    const prices = listener();
    client.subscribe('event:7', prices);
    last().open();
    last().push({ op: 'subscribed', topic: 'event:7', epoch: 'e1', version: 5 });
    last().push({ topic: 'event:7', epoch: 'e1', version: 6, data: 'six' });
    last().push({ topic: 'event:7', epoch: 'e1', version: 5, data: 'five' });
    last().push({ topic: 'event:7', epoch: 'e1', version: 6, data: 'six again' });
    expect(prices.onData.mock.calls.map(([data]) => data)).toEqual(['six']);
    prices.onReload.mockClear();
    last().push({ topic: 'event:7', epoch: 'e1', version: 9, data: 'nine' });
    expect(prices.onReload).toHaveBeenCalledTimes(1);
    expect(prices.onData).toHaveBeenCalledTimes(1);
  });

  test('a first subscription asks for one HTTP read (to close the gap since the page read); a resubscription not', () => {
    const { client } = makeClient();
    const prices = listener();
    client.subscribe('event:7', prices);
    last().open();
    last().push({ op: 'subscribed', topic: 'event:7', epoch: 'e1', version: 5 });
    expect(prices.onReload).toHaveBeenCalledTimes(1);
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    last().push({ op: 'subscribed', topic: 'event:7', epoch: 'e1', version: 7 });
    expect(prices.onReload).toHaveBeenCalledTimes(1);
  });

  test('a ping unanswered for a whole interval drops the socket and reconnects', () => {
    const { client } = makeClient();
    client.subscribe('live', listener());
    last().open();
    vi.advanceTimersByTime(PING_MS);
    expect(last().sent.at(-1)).toEqual({ op: 'ping' });
    vi.advanceTimersByTime(PING_MS);
    expect(client.connectionState).toBe('down');
    vi.advanceTimersByTime(500);
    expect(FakeSocket.made).toHaveLength(2);
  });

  test('a refused token is not sent again; the socket carries on with public topics', () => {
    const { client } = makeClient();
    client.subscribe('live', listener());
    last().open();
    last().drop(REALTIME_CLOSE.token);
    vi.advanceTimersByTime(500);
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', topic: 'live' }]);
  });

  test('the last listener leaving unsubscribes, and the idle socket closes a little later', () => {
    const { client, states } = makeClient();
    const stop = client.subscribe('event:7', listener());
    last().open();
    stop();
    expect(last().sent.at(-1)).toEqual({ op: 'unsub', topic: 'event:7' });
    vi.advanceTimersByTime(10_000);
    expect(last().readyState).toBe(3);
    expect(states.at(-1)).toBe('idle');
  });

  test('a visitor chatting as a guest says so in the auth frame; a signed-in member’s token wins', () => {
    const { client } = makeClient('');
    client.setGuestToken('guest-token');
    client.subscribe('support', listener());
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', t: 'guest-token', as: 'guest' },
      { op: 'sub', topic: 'support' },
    ]);
    const member = makeClient('member-token').client;
    member.setGuestToken('guest-token');
    member.subscribe('support', listener());
    last().open();
    expect(last().sent[0]).toEqual({ op: 'auth', t: 'member-token' });
  });

  test('a guest token given to an open socket takes a new socket that says who it is', () => {
    const { client } = makeClient('');
    client.subscribe('support', listener());
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', topic: 'support' }]);
    client.setGuestToken('guest-token');
    expect(FakeSocket.made).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toEqual({ op: 'auth', t: 'guest-token', as: 'guest' });
  });

  test('chat frames go out only on an open socket; acks and refusals of a say reach the chat', () => {
    const { client } = makeClient();
    const replies: unknown[] = [];
    client.onChatReply((reply) => replies.push(reply));
    client.subscribe('support', listener());
    expect(client.sendChat({ op: 'say', clientId: 'c-00000001', text: 'hi' })).toBe(false);
    last().open();
    expect(client.sendChat({ op: 'say', clientId: 'c-00000001', text: 'hi' })).toBe(true);
    expect(last().sent.at(-1)).toEqual({ op: 'say', clientId: 'c-00000001', text: 'hi' });
    const message = { id: '9', seq: 3, clientId: 'c-00000001' };
    last().push({ op: 'ack', clientId: 'c-00000001', message });
    last().push({ op: 'error', code: 'CONVERSATION_CLOSED', clientId: 'c-00000002' });
    last().push({ op: 'error', code: 'TOPIC_FORBIDDEN', topic: 'bets' });
    expect(replies).toEqual([
      { op: 'ack', clientId: 'c-00000001', message },
      { op: 'error', clientId: 'c-00000002', code: 'CONVERSATION_CLOSED' },
    ]);
  });

  test('each socket that opens is announced, so a chat can fetch what it missed while it was down', () => {
    const { client } = makeClient();
    const connected = vi.fn();
    const stop = client.onConnect(connected);
    client.subscribe('support', listener());
    last().open();
    expect(connected).toHaveBeenCalledTimes(1);
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    expect(connected).toHaveBeenCalledTimes(2);
    stop();
    last().drop();
    vi.advanceTimersByTime(2_000);
    last().open();
    expect(connected).toHaveBeenCalledTimes(2);
  });

  test('the path and close code it spells are the contract’s', () => {
    expect(SOCKET_PATH).toBe(REALTIME_PATH);
    expect(CLOSE_TOKEN_REFUSED).toBe(REALTIME_CLOSE.token);
  });

  test('/ws on the page’s own host, secure when the page is', () => {
    expect(realtimeUrl('https://m.example.com', 'zh-CN')).toBe('wss://m.example.com/ws?lang=zh-CN');
    expect(realtimeUrl('http://127.0.0.1:8080', 'zh-HK')).toBe('ws://127.0.0.1:8080/ws?lang=zh-HK');
  });
});

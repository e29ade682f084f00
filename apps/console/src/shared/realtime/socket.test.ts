import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorSocket } from './socket';

/** A WebSocket the test opens and closes by hand, keeping what the console sent. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('the console’s operator socket', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    FakeSocket.all = [];
  });

  it('sends a frame only while open, signs in first and subscribes again after a reconnect', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const socket = new OperatorSocket(() => 'ws://console.test/ws');
    socket.start('token-1');
    const heard: unknown[] = [];
    socket.listen('desk', (data) => heard.push(data));
    const first = FakeSocket.all[0]!;
    expect(socket.send({ op: 'typing', conversation: '7' })).toBe(false);

    first.open();
    expect(socket.send({ op: 'typing', conversation: '7' })).toBe(true);
    expect(first.sent).toEqual([
      { op: 'auth', t: 'token-1', as: 'operator' },
      { op: 'sub', topic: 'desk' },
      { op: 'typing', conversation: '7' },
    ]);
    first.onmessage?.({ data: JSON.stringify({ topic: 'desk', epoch: 'e', version: 1, data: { type: 'x' } }) });
    expect(heard).toEqual([{ type: 'x' }]);

    // Dropped: nothing is sent (nor queued) until the new socket is open, which signs in and subscribes again.
    first.drop();
    expect(socket.send({ op: 'typing', conversation: '7' })).toBe(false);
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent).toEqual([
      { op: 'auth', t: 'token-1', as: 'operator' },
      { op: 'sub', topic: 'desk' },
    ]);
    socket.stop();
  });

  it('stops for good when the token is refused (4001)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const socket = new OperatorSocket(() => 'ws://console.test/ws');
    socket.start('revoked');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.send({ op: 'ping' })).toBe(false);
  });
});

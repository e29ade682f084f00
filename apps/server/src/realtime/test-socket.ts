/** A WebSocket client for tests (and the bench): every frame it receives, and waits on them with a deadline. */
import WebSocket, { type ClientOptions } from 'ws';

export type ReceivedFrame = Record<string, unknown> & { op?: string; topic?: string; version?: number };

export type TestSocket = Awaited<ReturnType<typeof openSocket>>;

/**
 * Opens `url` and resolves once it is open, or rejects with the HTTP status of a refused upgrade
 * (`Error('refused 403')`).
 */
export async function openSocket(url: string, options: ClientOptions = {}) {
  const ws = new WebSocket(url, options);
  const frames: ReceivedFrame[] = [];
  const waiters = new Set<() => void>();
  let closedWith: { code: number; reason: string } | undefined;
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as ReceivedFrame);
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      closedWith = { code, reason: reason.toString() };
      for (const waiter of waiters) waiter();
      resolve(closedWith);
    });
  });
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) => {
      reject(new Error(`refused ${response.statusCode}`));
      response.resume();
    });
    ws.once('error', reject);
  });

  /** Resolves with the first frame (from `from` on) that matches; rejects after timeoutMs or when the socket closes. */
  function next(match: (frame: ReceivedFrame) => boolean, timeoutMs = 5_000, from = 0): Promise<ReceivedFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = frames.slice(from).find(match);
        if (found) {
          done();
          resolve(found);
        } else if (closedWith) {
          done();
          reject(new Error(`closed ${closedWith.code} before the frame came; got ${JSON.stringify(frames)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames).slice(0, 2000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    ws,
    frames,
    closed,
    send(frame: object | string) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    next,
    /** The publications received on `topic`, in order. */
    publications(topic: string) {
      return frames.filter((frame) => frame.op === undefined && frame.topic === topic);
    },
    async subscribe(topic: string, since?: { epoch: string; version: number }) {
      const from = frames.length;
      ws.send(JSON.stringify(since ? { op: 'sub', topic, since } : { op: 'sub', topic }));
      return next(
        (frame) =>
          (frame.op === 'subscribed' || frame.op === 'reload' || frame.op === 'error') && frame.topic === topic,
        5_000,
        from,
      );
    },
    close() {
      ws.terminate();
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

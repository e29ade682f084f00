import { type ClientFrame, REALTIME_PATH, type ServerFrame } from '@jinb/contract';

type Listener = (data: unknown) => void;

/**
 * The console's one socket to `/ws`, signed in as the operator (`{op:'auth', t, as:'operator'}`), shared by every
 * topic the open pages and the layout listen to. It reconnects with backoff (1 s doubling to 30 s) and subscribes
 * again to every topic still listened to; a refused token (close 4001) stops it until the next start.
 */
export class OperatorSocket {
  private socket: WebSocket | null = null;
  private token = '';
  private readonly listeners = new Map<string, Set<Listener>>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;

  constructor(private readonly url: () => string = defaultUrl) {}

  start(token: string): void {
    if (!this.stopped && token === this.token) return;
    this.stop();
    this.token = token;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  /** Listens to `topic`; the returned function stops listening (and unsubscribes when no one else listens). */
  listen(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
      this.send({ op: 'sub', topic });
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(topic) === set) {
        this.listeners.delete(topic);
        this.send({ op: 'unsub', topic });
      }
    };
  }

  /**
   * Sends a frame now if the socket is open (answers whether it went). Nothing is queued: what pages send here
   * (the agent's typing) is worthless once late, and subscriptions are sent again on every reconnect anyway.
   */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private open(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.reconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      socket.send(JSON.stringify({ op: 'auth', t: this.token, as: 'operator' }));
      for (const topic of this.listeners.keys()) socket.send(JSON.stringify({ op: 'sub', topic }));
    };
    socket.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if ('op' in frame) return;
      for (const listener of this.listeners.get(frame.topic) ?? []) listener(frame.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === 4001) this.stopped = true;
      else this.reconnect();
    };
  }

  private reconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(30_000, 1_000 * 2 ** this.retry);
    this.retry += 1;
    this.timer = setTimeout(() => this.open(), delay);
  }
}

function defaultUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

/** The console's socket: started by the signed-in layout, stopped on sign-out. */
export const operatorSocket = new OperatorSocket();

// Types only: the contract's realtime module holds zod schemas, which a value import would bring onto the pages.
import type { ChatMessage, ClientFrame, Publication, ServerFrame, TopicPosition } from '@jinb/contract';
import { LANG } from '../config';

/**
 * The site's one WebSocket (packages/contract/src/realtime.ts). Loaded with a dynamic import by use-topic.ts, so
 * no first screen carries it. It keeps each topic's position and, after a reconnect, asks for what it missed with
 * `since`; a publication that is not newer than the position is dropped, so a late or repeated message never moves
 * a screen backwards.
 */

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'down';

/** What a chat sends on the socket (issue 25): a message, that it is typing, how far it has read. */
export type ChatFrame = Extract<ClientFrame, { op: 'say' | 'typing' | 'seen' }>;

/** The server's answer to a `say`: stored (`ack`, with the message as kept) or refused (`error`). */
export type ChatReply =
  | { op: 'ack'; clientId: string; message: ChatMessage }
  | { op: 'error'; clientId: string; code: string };

export type TopicListener = {
  onData(data: unknown, publication: Publication): void;
  /**
   * Read the topic's state over HTTP again: the missed publications are gone, a gap was seen, or the topic was just
   * subscribed (its state before the subscription is only in the database).
   */
  onReload(): void;
};

type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type RealtimeOptions = {
  url: string;
  /** The stored session token, read at each connect (sent as the first frame: a URL lands in access logs). */
  token: () => string;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  onState?: (state: ConnectionState) => void;
};

/** The contract's REALTIME_PATH and REALTIME_CLOSE.token, spelled here for the reason above (a test compares). */
export const SOCKET_PATH = '/ws';
export const CLOSE_TOKEN_REFUSED = 4001;

const OPEN = 1;
/** Backoff: 0.5 s doubling to 30 s, each wait a random point in its upper half so phones do not return in step. */
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** Mobile networks drop sockets without a close; a ping unanswered for this long means the socket is dead. */
export const PING_MS = 25_000;
/** A page that unsubscribed everything keeps the socket this long, in case the next page subscribes again. */
const LINGER_MS = 10_000;

/** The wait before reconnect attempt `attempt` (0-based), for a random `r` in [0, 1). */
export function backoffDelay(attempt: number, r: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

type TopicState = {
  listeners: Set<TopicListener>;
  position: TopicPosition | null;
  /** The server refused it (forbidden, unknown, too many): not asked again until a new connection. */
  refused: boolean;
};

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly topics = new Map<string, TopicState>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private heardSincePing = true;
  private state: ConnectionState = 'idle';
  /** A token the server refused (4001): not sent again, the socket watches public topics only. */
  private refusedToken = '';
  /** A chat guest's token (support.ts `supportGuest`), used while no member is signed in. */
  private guestToken = '';
  private readonly chatListeners = new Set<(reply: ChatReply) => void>();
  private readonly connectListeners = new Set<() => void>();

  constructor(private readonly options: RealtimeOptions) {}

  get connectionState(): ConnectionState {
    return this.state;
  }

  /** Listens to a topic while the returned function is not called; the first listener subscribes. */
  subscribe(topic: string, listener: TopicListener): () => void {
    let entry = this.topics.get(topic);
    if (!entry) {
      entry = { listeners: new Set(), position: null, refused: false };
      this.topics.set(topic, entry);
    }
    entry.listeners.add(listener);
    clearTimeout(this.lingerTimer);
    if (entry.listeners.size === 1) {
      if (this.socket?.readyState === OPEN && this.state === 'open') this.sendSub(topic, entry);
      else this.ensureSocket();
    }
    return () => this.unsubscribe(topic, listener);
  }

  /**
   * A visitor chatting as a guest: the socket says who it is with this token (`as: 'guest'`) while no member is
   * signed in. A change takes a new socket, as signing in does; the empty string forgets it.
   */
  setGuestToken(token: string): void {
    if (token === this.guestToken) return;
    this.guestToken = token;
    if (!this.options.token() && this.socket) this.reconnectNow();
  }

  /**
   * Sends a chat frame on the open socket: false when there is none (the caller keeps the message pending and sends
   * it again, with the same clientId, once `onConnect` says the socket is back).
   */
  sendChat(frame: ChatFrame): boolean {
    if (this.socket?.readyState !== OPEN || this.state !== 'open') return false;
    return this.send(frame);
  }

  /** Hears every `ack` and every refusal of a `say` (an `error` naming its clientId). */
  onChatReply(listener: (reply: ChatReply) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  /** Hears each time a socket opens (after its `auth` and `sub` frames): a reconnect means something may be missed. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /** The session changed (signed in or out): a new socket, with the new token, resubscribing every topic. */
  reconnectNow(): void {
    this.attempt = 0;
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) this.detach(socket, true);
    if (this.topics.size > 0) this.connect();
    else this.setState('idle');
  }

  /** The network came back or the page became visible: try at once instead of waiting out the backoff. */
  wake(): void {
    if (this.state === 'down' && this.topics.size > 0) {
      clearTimeout(this.reconnectTimer);
      this.connect();
    }
  }

  close(): void {
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.lingerTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) this.detach(socket, true);
    this.topics.clear();
    this.setState('idle');
  }

  private unsubscribe(topic: string, listener: TopicListener): void {
    const entry = this.topics.get(topic);
    if (!entry?.listeners.delete(listener) || entry.listeners.size > 0) return;
    this.topics.delete(topic);
    if (this.socket?.readyState === OPEN) this.send({ op: 'unsub', topic });
    if (this.topics.size === 0) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => {
        if (this.topics.size === 0) this.close();
      }, LINGER_MS);
    }
  }

  private ensureSocket(): void {
    if (this.socket || this.reconnectTimer !== undefined) return;
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    this.setState(this.state === 'down' ? 'down' : 'connecting');
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (event) => this.received(socket, event.data);
    socket.onclose = (event) => this.closed(socket, event.code);
    socket.onerror = () => {};
  }

  private opened(socket: SocketLike): void {
    if (socket !== this.socket) return;
    const token = this.options.token();
    if (token && token !== this.refusedToken) this.send({ op: 'auth', t: token });
    else if (!token && this.guestToken && this.guestToken !== this.refusedToken)
      this.send({ op: 'auth', t: this.guestToken, as: 'guest' });
    for (const [topic, entry] of this.topics) {
      entry.refused = false;
      this.sendSub(topic, entry);
    }
    this.heardSincePing = true;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.heardSincePing) {
        // Nothing came back since the last ping: the network dropped it without telling us.
        this.closed(socket, 1006);
        return;
      }
      this.heardSincePing = false;
      this.send({ op: 'ping' });
    }, PING_MS);
    this.setState('open');
    for (const listener of [...this.connectListeners]) listener();
  }

  private sendSub(topic: string, entry: TopicState): void {
    this.send(entry.position ? { op: 'sub', topic, since: entry.position } : { op: 'sub', topic });
  }

  private send(frame: ClientFrame): boolean {
    try {
      this.socket?.send(JSON.stringify(frame));
      return this.socket !== null;
    } catch {
      // A socket closing under us: its close event schedules the reconnect.
      return false;
    }
  }

  private received(socket: SocketLike, raw: unknown): void {
    if (socket !== this.socket || typeof raw !== 'string') return;
    this.heardSincePing = true;
    let frame: ServerFrame;
    try {
      frame = JSON.parse(raw) as ServerFrame;
    } catch {
      return;
    }
    if ('op' in frame) {
      if (frame.op === 'subscribed' || frame.op === 'reload') {
        const entry = this.topics.get(frame.topic);
        if (!entry) return;
        // A full answer came back: later failures start their backoff from the beginning again.
        this.attempt = 0;
        const first = entry.position === null;
        entry.position = { epoch: frame.epoch, version: frame.version };
        // A first subscription has no `since`: what was published between the page's HTTP read and now is not
        // replayed, so the page reads its state once more (a goal in that gap would otherwise never show).
        if (frame.op === 'reload' || first) for (const listener of [...entry.listeners]) listener.onReload();
      } else if (frame.op === 'ack' || (frame.op === 'error' && frame.clientId)) {
        const reply = (
          frame.op === 'ack' ? frame : { op: 'error', clientId: frame.clientId ?? '', code: frame.code }
        ) as ChatReply;
        for (const listener of [...this.chatListeners]) listener(reply);
      } else if (frame.op === 'error' && frame.topic) {
        const entry = this.topics.get(frame.topic);
        if (entry) entry.refused = true;
      }
      return;
    }
    this.publication(frame);
  }

  private publication(message: Publication): void {
    const entry = this.topics.get(message.topic);
    if (!entry || typeof message.version !== 'number') return;
    const known = entry.position;
    if (known && known.epoch === message.epoch && message.version <= known.version) return;
    const gap = known !== null && (known.epoch !== message.epoch || message.version > known.version + 1);
    entry.position = { epoch: message.epoch, version: message.version };
    for (const listener of [...entry.listeners]) {
      if (gap) listener.onReload();
      else listener.onData(message.data, message);
    }
  }

  private closed(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.detach(socket, code === 1006);
    this.socket = null;
    if (code === CLOSE_TOKEN_REFUSED) this.refusedToken = this.options.token() || this.guestToken;
    if (this.topics.size === 0) {
      this.setState('idle');
      return;
    }
    this.scheduleReconnect();
  }

  private detach(socket: SocketLike, closeIt: boolean): void {
    clearInterval(this.pingTimer);
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (closeIt) {
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
  }

  private scheduleReconnect(): void {
    this.setState('down');
    clearTimeout(this.reconnectTimer);
    const wait = backoffDelay(this.attempt, (this.options.random ?? Math.random)());
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState?.(state);
  }
}

/**
 * `/ws` on the page's own host, ws: or wss: as the page is served, with the site's language (a socket has no headers:
 * what the server writes into a chat, its notes and quick answers, comes in it).
 */
export function realtimeUrl(origin: string = location.origin, lang: string = LANG): string {
  const url = new URL(SOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('lang', lang);
  return url.toString();
}

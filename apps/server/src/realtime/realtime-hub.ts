import {
  type ClientFrame,
  clientFrame,
  MEMBER_TOPICS,
  type MemberTopic,
  PUBLIC_TOPIC,
  REALTIME_CLOSE,
  type TopicPosition,
} from '@jinb/contract';
import type { RawData, WebSocket } from 'ws';
import type { RealtimePublisher } from './realtime-port';
import type { Catchup, Delivery, TopicLog } from './topic-log';

/** Every bound of the channel in one place (the README explains each). */
export type RealtimeLimits = {
  /** Larger frames close the socket with 1009 (ws enforces it while reading). */
  maxFrameBytes: number;
  maxTopicsPerSocket: number;
  /** Token bucket of frames a socket may send: refill per second, and the burst. Past it: close 4008. */
  framesPerSecond: number;
  frameBurst: number;
  /** Refused frames (not JSON, not a frame of the contract, binary) a socket may send before it is closed 4008. */
  maxInvalidFrames: number;
  /** A socket whose unsent data would pass this is closed 4009: a slow reader never makes the process buffer more. */
  maxBufferedBytes: number;
  /** A ping every heartbeatMs; a socket that has not answered the previous one by then is dropped. */
  heartbeatMs: number;
  maxSockets: number;
  maxSocketsPerAddress: number;
  /** Publications on their way to the store; more are dropped (the store is slow or away). */
  maxPendingPublications: number;
  /** How long a socket closed for a reason may take to finish its close handshake before it is cut. */
  closeGraceMs: number;
};

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxFrameBytes: 4 * 1024,
  maxTopicsPerSocket: 64,
  framesPerSecond: 20,
  frameBurst: 40,
  maxInvalidFrames: 3,
  maxBufferedBytes: 1024 * 1024,
  heartbeatMs: 25_000,
  maxSockets: 20_000,
  maxSocketsPerAddress: 200,
  maxPendingPublications: 10_000,
  closeGraceMs: 2_000,
};

/** Publications that arrive while a subscriber is catching up are held back, at most this many. */
const MAX_HELD = 1_000;

export type SocketSessions = {
  /**
   * The member a session token belongs to, or null. Must not rotate the token: a socket cannot hand one back.
   * `ip` is the client's address, for a limit on lookups (a socket per made-up token must not reach the database
   * any faster than a request does); a refusal rejects, and the socket is closed to retry later.
   */
  identify(token: string, ip: string): Promise<bigint | null>;
};

type Logger = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

type Subscription = {
  /** The name the client used and sees in frames (`balance`, not `member:42:balance`). */
  visible: string;
  /** The last position this socket was given on the topic. */
  epoch: string;
  version: number;
  /** Publications held while the catch-up is on its way; null once the subscription is live. */
  held: Delivery[] | null;
  overflowed: boolean;
};

type Client = {
  ws: WebSocket;
  ip: string;
  memberId: bigint | null;
  token: string | null;
  /** Frames that came while the token was being checked, handled in order once it is. */
  waiting: Array<{ raw: RawData; binary: boolean }> | null;
  subscriptions: Map<string, Subscription>;
  tokens: number;
  refilledAt: number;
  invalid: number;
  alive: boolean;
  closing: boolean;
};

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

const bigintsAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

function memberTopicName(memberId: bigint, topic: MemberTopic): string {
  return `member:${memberId}:${topic}`;
}

function isMemberTopic(topic: string): topic is MemberTopic {
  return (MEMBER_TOPICS as readonly string[]).includes(topic);
}

/**
 * The process's end of the realtime channel: its sockets, what each subscribed, and the delivery of every
 * publication the topic log hands over (from this process or, with Redis, from any). It is also the
 * `RealtimePublisher` modules call after their commits: publishing serialises once, hands the text to the log and
 * returns; it never throws and never waits.
 */
export function createRealtimeHub(deps: {
  log: TopicLog;
  sessions: SocketSessions;
  logger: Logger;
  limits?: Partial<RealtimeLimits>;
}) {
  const limits: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...deps.limits };
  const clients = new Set<Client>();
  const byAddress = new Map<string, number>();
  const byMember = new Map<bigint, Set<Client>>();
  /** Who subscribed each topic on this process; a publication for a topic not here is dropped at once. */
  const topics = new Map<string, Set<Client>>();
  const counters = { published: 0, dropped: 0, delivered: 0, closedSlow: 0, closedAbuse: 0 };
  let pending = 0;
  let closed = false;
  // One warning per kind and minute: a Redis outage must not turn every publication into a log line.
  const warnedAt = new Map<string, number>();
  const warn = (kind: string, object: object) => {
    const now = Date.now();
    if (now - (warnedAt.get(kind) ?? 0) < 60_000) return;
    warnedAt.set(kind, now);
    deps.logger.warn({ ...object, counters }, `realtime: ${kind}`);
  };

  function sendText(client: Client, data: string | Buffer): void {
    if (client.closing) return;
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (client.ws.bufferedAmount + size > limits.maxBufferedBytes) {
      counters.closedSlow++;
      closeWith(client, REALTIME_CLOSE.slow, 'too slow');
      return;
    }
    client.ws.send(data, { binary: false });
  }

  const control = (client: Client, frame: object) => sendText(client, JSON.stringify(frame));

  function deliver(client: Client, subscription: Subscription, delivery: Delivery & { bytes?: Buffer }): void {
    if (delivery.epoch === subscription.epoch && delivery.version <= subscription.version) return;
    if (delivery.epoch !== subscription.epoch || delivery.version !== subscription.version + 1) {
      // Something between the socket's position and this one never reached it (a lost Redis message, a new epoch):
      // the client reads the topic again, then carries on from here.
      control(client, {
        op: 'reload',
        topic: subscription.visible,
        epoch: delivery.epoch,
        version: delivery.version - 1,
      });
    }
    subscription.epoch = delivery.epoch;
    subscription.version = delivery.version;
    delivery.bytes ??= Buffer.from(delivery.frame);
    counters.delivered++;
    sendText(client, delivery.bytes);
  }

  deps.log.onDelivery((delivery) => {
    const subscribers = topics.get(delivery.topic);
    if (!subscribers) return;
    for (const client of subscribers) {
      const subscription = client.subscriptions.get(delivery.topic);
      if (!subscription) continue;
      if (subscription.held) {
        if (subscription.held.length < MAX_HELD) subscription.held.push(delivery);
        else subscription.overflowed = true;
      } else deliver(client, subscription, delivery);
    }
  });

  // The Redis subscription was down for a while: any socket whose position is behind the topic's reloads it.
  deps.log.onResync(() => {
    for (const [topic, subscribers] of topics) {
      deps.log.position(topic).then(
        (position) => {
          for (const client of subscribers) {
            const subscription = client.subscriptions.get(topic);
            if (!subscription || subscription.held) continue;
            if (subscription.epoch === position.epoch && subscription.version === position.version) continue;
            subscription.epoch = position.epoch;
            subscription.version = position.version;
            control(client, { op: 'reload', topic: subscription.visible, ...position });
          }
        },
        (error: unknown) => warn('resync failed', { err: error }),
      );
    }
  });

  function append(topic: string, visible: string, data: unknown): void {
    try {
      if (closed) return;
      if (pending >= limits.maxPendingPublications) {
        counters.dropped++;
        warn('publications dropped: the topic store is not keeping up', { topic });
        return;
      }
      const text = JSON.stringify(data, bigintsAsText);
      if (text === undefined) return;
      pending++;
      counters.published++;
      deps.log
        .append(topic, visible, text)
        .catch((error: unknown) => {
          counters.dropped++;
          warn('publication dropped', { topic, err: error });
        })
        .finally(() => {
          pending--;
        });
    } catch (error) {
      counters.dropped++;
      warn('publication refused', { topic, err: error });
    }
  }

  const publisher: RealtimePublisher = {
    publish(topic, data) {
      if (!PUBLIC_TOPIC.test(topic)) {
        warn('publication to an unknown public topic', { topic });
        return;
      }
      append(topic, topic, data);
    },
    publishToMember(memberId, topic, data) {
      append(memberTopicName(memberId, topic), topic, data);
    },
  };

  function closeWith(client: Client, code: number, reason: string): void {
    if (client.closing) return;
    client.closing = true;
    forget(client);
    try {
      client.ws.close(code, reason);
    } catch {
      // already closing underneath
    }
    // The close frame waits behind whatever is buffered; a reader that never takes it must not hold the memory.
    setTimeout(() => client.ws.terminate(), limits.closeGraceMs).unref();
  }

  /** Takes the socket out of every index; what is left is for the garbage collector. */
  function forget(client: Client): void {
    for (const topic of client.subscriptions.keys()) unsubscribe(client, topic);
    if (client.memberId !== null) {
      const own = byMember.get(client.memberId);
      own?.delete(client);
      if (own?.size === 0) byMember.delete(client.memberId);
    }
  }

  function unsubscribe(client: Client, topic: string): void {
    client.subscriptions.delete(topic);
    const subscribers = topics.get(topic);
    subscribers?.delete(client);
    if (subscribers?.size === 0) topics.delete(topic);
  }

  function refuse(client: Client, code: string, topic?: string): void {
    control(client, topic === undefined ? { op: 'error', code } : { op: 'error', code, topic });
  }

  function invalidFrame(client: Client): void {
    client.invalid++;
    if (client.invalid > limits.maxInvalidFrames) {
      counters.closedAbuse++;
      closeWith(client, REALTIME_CLOSE.abuse, 'invalid frames');
      return;
    }
    refuse(client, 'FRAME_INVALID');
  }

  function authenticate(client: Client, token: string): void {
    client.waiting = [];
    deps.sessions.identify(token, client.ip).then(
      (memberId) => {
        if (client.closing) return;
        if (memberId === null) {
          closeWith(client, REALTIME_CLOSE.token, 'token refused');
          return;
        }
        client.memberId = memberId;
        client.token = token;
        const own = byMember.get(memberId) ?? new Set<Client>();
        own.add(client);
        byMember.set(memberId, own);
        const waiting = client.waiting ?? [];
        client.waiting = null;
        for (const frame of waiting) handle(client, frame.raw, frame.binary);
      },
      (error: unknown) => {
        warn('session lookup refused or failed', { err: error });
        // 1013, try again later: the lookup limit of the address, or the database; the client retries with backoff.
        closeWith(client, 1013, 'try again later');
      },
    );
  }

  function subscribe(client: Client, visible: string, since: TopicPosition | undefined) {
    let topic: string;
    if (PUBLIC_TOPIC.test(visible)) topic = visible;
    else if (isMemberTopic(visible)) {
      if (client.memberId === null) return refuse(client, 'TOPIC_FORBIDDEN', visible);
      topic = memberTopicName(client.memberId, visible);
    } else return refuse(client, 'TOPIC_UNKNOWN', visible);

    const existing = client.subscriptions.get(topic);
    if (existing) {
      // Subscribed already: the position it has is the answer (a catch-up in flight answers by itself).
      if (!existing.held)
        control(client, { op: 'subscribed', topic: visible, epoch: existing.epoch, version: existing.version });
      return;
    }
    if (client.subscriptions.size >= limits.maxTopicsPerSocket) return refuse(client, 'TOO_MANY_TOPICS', visible);

    const subscription: Subscription = { visible, epoch: '', version: 0, held: [], overflowed: false };
    client.subscriptions.set(topic, subscription);
    const subscribers = topics.get(topic) ?? new Set<Client>();
    subscribers.add(client);
    topics.set(topic, subscribers);

    const catchup: Promise<Catchup> = since
      ? deps.log.since(topic, since)
      : deps.log.position(topic).then((position) => ({ kind: 'replay', frames: [], position }));
    catchup
      .catch((error: unknown): Catchup => {
        warn('subscription without a position: the store is unreachable', { topic, err: error });
        // Live publications still come when the store is back; the client starts from what HTTP says now.
        return { kind: 'reload', position: { epoch: '', version: 0 } };
      })
      .then((result) => {
        if (client.closing || client.subscriptions.get(topic) !== subscription) return;
        if (result.kind === 'replay') {
          for (const delivery of result.frames) sendText(client, delivery.frame);
        }
        subscription.epoch = result.position.epoch;
        subscription.version = result.position.version;
        control(client, {
          op: result.kind === 'replay' ? 'subscribed' : 'reload',
          topic: visible,
          ...result.position,
        });
        const held = subscription.held ?? [];
        subscription.held = null;
        for (const delivery of held) deliver(client, subscription, delivery);
        if (subscription.overflowed) {
          const last = held.at(-1);
          if (last) control(client, { op: 'reload', topic: visible, epoch: last.epoch, version: last.version });
        }
      });
  }

  function handle(client: Client, raw: RawData, binary: boolean) {
    if (client.closing) return;
    if (client.waiting) {
      client.waiting.push({ raw, binary });
      return;
    }
    if (binary) return invalidFrame(client);
    let frame: ClientFrame;
    try {
      const parsed = clientFrame.safeParse(JSON.parse(raw.toString()));
      if (!parsed.success) return invalidFrame(client);
      frame = parsed.data;
    } catch {
      return invalidFrame(client);
    }
    switch (frame.op) {
      case 'sub':
        return subscribe(client, frame.topic, frame.since);
      case 'unsub': {
        const topic = isMemberTopic(frame.topic)
          ? client.memberId === null
            ? undefined
            : memberTopicName(client.memberId, frame.topic)
          : frame.topic;
        if (topic !== undefined) unsubscribe(client, topic);
        return;
      }
      case 'ping':
        return control(client, { op: 'pong' });
      case 'auth':
        // One identity per socket: another member signs in on a socket of their own.
        if (client.memberId !== null) return invalidFrame(client);
        return authenticate(client, frame.t);
    }
  }

  function received(client: Client, raw: RawData, binary: boolean): void {
    if (client.closing) return;
    // Every frame costs a token before anything is parsed: a flood is cut off at the price of a subtraction.
    const now = performance.now();
    client.tokens = Math.min(
      limits.frameBurst,
      client.tokens + ((now - client.refilledAt) * limits.framesPerSecond) / 1000,
    );
    client.refilledAt = now;
    if (client.tokens < 1) {
      counters.closedAbuse++;
      closeWith(client, REALTIME_CLOSE.abuse, 'too many frames');
      return;
    }
    client.tokens -= 1;
    handle(client, raw, binary);
  }

  function admits(ip: string): { status: 429 | 503; reason: string } | null {
    if (closed || clients.size >= limits.maxSockets) return { status: 503, reason: 'sockets per process' };
    if ((byAddress.get(ip) ?? 0) >= limits.maxSocketsPerAddress) return { status: 429, reason: 'sockets per address' };
    return null;
  }

  /** Shutdown, first half: every socket is told 1001 and given closeGraceMs to go; new ones are refused. */
  async function closeSockets(): Promise<void> {
    closed = true;
    clearInterval(heartbeat);
    for (const client of clients) closeWith(client, REALTIME_CLOSE.goingAway, 'server going away');
    const deadline = Date.now() + limits.closeGraceMs;
    while (clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const client of clients) client.ws.terminate();
  }

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.ws.ping();
      } catch {
        // closing underneath
      }
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    ...publisher,
    limits,

    /** Whether one more socket from this address may open (checked before the upgrade, and again after it). */
    admits,

    /** Takes over an upgraded socket; `token` is the `t` query parameter, if any. */
    accept(ws: WebSocket, ip: string, token: string | undefined): void {
      if (admits(ip)) {
        // 1013: try again later (the caps filled between the upgrade's check and now).
        ws.close(1013, 'busy');
        return;
      }
      const client: Client = {
        ws,
        ip,
        memberId: null,
        token: null,
        waiting: null,
        subscriptions: new Map(),
        tokens: limits.frameBurst,
        refilledAt: performance.now(),
        invalid: 0,
        alive: true,
        closing: false,
      };
      clients.add(client);
      byAddress.set(ip, (byAddress.get(ip) ?? 0) + 1);
      ws.on('message', (raw, binary) => received(client, raw, binary));
      ws.on('pong', () => {
        client.alive = true;
      });
      ws.on('error', () => ws.terminate());
      ws.once('close', () => {
        client.closing = true;
        forget(client);
        clients.delete(client);
        const left = (byAddress.get(ip) ?? 1) - 1;
        if (left > 0) byAddress.set(ip, left);
        else byAddress.delete(ip);
      });
      if (token) authenticate(client, token);
    },

    /**
     * A member's sessions changed (sign-out, password change): sockets whose token no longer names them are closed
     * 4001, so a signed-out page stops receiving that member's balance at once.
     */
    recheckMember(memberId: bigint): void {
      for (const client of byMember.get(memberId) ?? []) {
        if (!client.token) continue;
        deps.sessions.identify(client.token, client.ip).then(
          (found) => {
            if (found !== memberId) closeWith(client, REALTIME_CLOSE.token, 'token refused');
          },
          (error: unknown) => warn('session recheck failed', { err: error }),
        );
      }
    },

    stats() {
      return { sockets: clients.size, topics: topics.size, pending, ...counters };
    },

    closeSockets,

    /** Shutdown, second half: after the sockets, the store's connections. */
    async close(): Promise<void> {
      await closeSockets();
      await deps.log.close();
    },
  };
}

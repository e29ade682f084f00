import {
  type ChatMessage,
  type ClientFrame,
  clientFrame,
  DEFAULT_LANG,
  type Lang,
  MEMBER_TOPICS,
  type MemberTopic,
  OPERATOR_TOPICS,
  type OperatorTopic,
  PUBLIC_TOPIC,
  REALTIME_CLOSE,
  type TopicPosition,
} from '@jinb/contract';
import type { RawData, WebSocket } from 'ws';
import type { ChatPublisher } from './realtime-port';
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
  /** A chat guest token (`auth` with `as: 'guest'`): the guest's id, or null. */
  identifyGuest(token: string, ip: string): Promise<bigint | null>;
  /**
   * An operator session token (`as: 'operator'`): the operator and the operator topics their role may subscribe,
   * or null. Asked again every heartbeat, so a revoked session stops receiving within one.
   */
  identifyOperator(token: string, ip: string): Promise<{ id: bigint; topics: readonly OperatorTopic[] } | null>;
};

/** Who a socket is, once its `auth` (or `t`) has been checked. */
export type SocketIdentity =
  | { kind: 'member'; id: bigint }
  | { kind: 'guest'; id: bigint }
  | { kind: 'operator'; id: bigint; topics: readonly OperatorTopic[] };

type SayFrame = Extract<ClientFrame, { op: 'say' }>;
type TypingFrame = Extract<ClientFrame, { op: 'typing' }>;
type SeenFrame = Extract<ClientFrame, { op: 'seen' }>;

/**
 * What the chat frames are handed to (issue 25; the support module provides it, the hub stays generic). `say`
 * resolves with the message once it is stored, or rejects with an error whose `code` the client is told; `typing`
 * and `seen` are fire and forget. `deskPresence` says when an operator's first `desk` subscription on this process
 * starts and their last one ends.
 */
export type ChatHandler = {
  /** `lang`: the socket's (the `lang` query parameter), for what the server writes into the conversation. */
  say(who: SocketIdentity, frame: SayFrame, ip: string, lang: Lang): Promise<ChatMessage>;
  typing(who: SocketIdentity, frame: TypingFrame): void;
  seen(who: SocketIdentity, frame: SeenFrame): Promise<void>;
  deskPresence(operatorId: bigint, online: boolean): void;
};

/** `say` frames of one socket waiting for their store at once; more are refused (the client resends later). */
const MAX_SAYS_IN_FLIGHT = 8;

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
  lang: Lang;
  identity: SocketIdentity | null;
  token: string | null;
  says: number;
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

/** A guest's channel: only the chat (`support`) exists for them. */
function guestTopicName(guestId: bigint, topic: 'support'): string {
  return `guest:${guestId}:${topic}`;
}

/** One channel per operator topic, shared by every operator allowed it. */
function operatorTopicName(topic: OperatorTopic): string {
  return `operators:${topic}`;
}

function isOperatorTopic(topic: string): topic is OperatorTopic {
  return (OPERATOR_TOPICS as readonly string[]).includes(topic);
}

/** The channel a socket's visible topic name maps to for its identity, or why it may not have it. */
function channelOf(identity: SocketIdentity | null, visible: string): string | 'TOPIC_FORBIDDEN' | 'TOPIC_UNKNOWN' {
  if (PUBLIC_TOPIC.test(visible)) return visible;
  if (isMemberTopic(visible)) {
    if (identity?.kind === 'member') return memberTopicName(identity.id, visible);
    if (identity?.kind === 'guest' && visible === 'support') return guestTopicName(identity.id, visible);
    return 'TOPIC_FORBIDDEN';
  }
  if (isOperatorTopic(visible)) {
    if (identity?.kind === 'operator' && identity.topics.includes(visible)) return operatorTopicName(visible);
    return 'TOPIC_FORBIDDEN';
  }
  return 'TOPIC_UNKNOWN';
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
  /** Operators' sockets subscribed to `desk` on this process, by operator. */
  const atDesk = new Map<bigint, Set<Client>>();
  let chat: ChatHandler | null = null;
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

  const publisher: ChatPublisher = {
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
    publishToGuest(guestId, topic, data) {
      append(guestTopicName(guestId, topic), topic, data);
    },
    publishToOperators(topic, data) {
      append(operatorTopicName(topic), topic, data);
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
    if (client.identity?.kind === 'member') {
      const own = byMember.get(client.identity.id);
      own?.delete(client);
      if (own?.size === 0) byMember.delete(client.identity.id);
    }
  }

  function unsubscribe(client: Client, topic: string): void {
    client.subscriptions.delete(topic);
    const subscribers = topics.get(topic);
    subscribers?.delete(client);
    if (subscribers?.size === 0) topics.delete(topic);
    if (topic === operatorTopicName('desk') && client.identity?.kind === 'operator') {
      const id = client.identity.id;
      const sockets = atDesk.get(id);
      if (sockets?.delete(client) && sockets.size === 0) {
        atDesk.delete(id);
        tellChat(() => chat?.deskPresence(id, false));
      }
    }
  }

  /** The chat handler's calls never take the hub down, whatever they throw. */
  function tellChat(call: () => unknown): void {
    try {
      const result = call();
      if (result instanceof Promise) result.catch((error: unknown) => warn('chat handler failed', { err: error }));
    } catch (error) {
      warn('chat handler failed', { err: error });
    }
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

  function lookUp(token: string, ip: string, as: SocketIdentity['kind']): Promise<SocketIdentity | null> {
    switch (as) {
      case 'member':
        return deps.sessions.identify(token, ip).then((id) => (id === null ? null : { kind: 'member', id }));
      case 'guest':
        return deps.sessions.identifyGuest(token, ip).then((id) => (id === null ? null : { kind: 'guest', id }));
      case 'operator':
        return deps.sessions
          .identifyOperator(token, ip)
          .then((found) => (found === null ? null : { kind: 'operator', id: found.id, topics: found.topics }));
    }
  }

  function authenticate(client: Client, token: string, as: SocketIdentity['kind'] = 'member'): void {
    client.waiting = [];
    lookUp(token, client.ip, as).then(
      (identity) => {
        if (client.closing) return;
        if (identity === null) {
          closeWith(client, REALTIME_CLOSE.token, 'token refused');
          return;
        }
        client.identity = identity;
        client.token = token;
        if (identity.kind === 'member') {
          const own = byMember.get(identity.id) ?? new Set<Client>();
          own.add(client);
          byMember.set(identity.id, own);
        }
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
    const topic = channelOf(client.identity, visible);
    if (topic === 'TOPIC_FORBIDDEN' || topic === 'TOPIC_UNKNOWN') return refuse(client, topic, visible);

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
    if (topic === operatorTopicName('desk') && client.identity?.kind === 'operator') {
      const id = client.identity.id;
      const sockets = atDesk.get(id) ?? new Set<Client>();
      sockets.add(client);
      atDesk.set(id, sockets);
      if (sockets.size === 1) tellChat(() => chat?.deskPresence(id, true));
    }

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
        const topic = channelOf(client.identity, frame.topic);
        if (topic !== 'TOPIC_FORBIDDEN' && topic !== 'TOPIC_UNKNOWN') unsubscribe(client, topic);
        return;
      }
      case 'ping':
        return control(client, { op: 'pong' });
      case 'auth':
        // One identity per socket: another member signs in on a socket of their own.
        if (client.identity !== null) return invalidFrame(client);
        return authenticate(client, frame.t, frame.as);
      case 'say':
        return say(client, frame);
      case 'typing':
        if (client.identity && chat) {
          const who = client.identity;
          const handler = chat;
          tellChat(() => handler.typing(who, frame));
        }
        return;
      case 'seen':
        if (client.identity && chat) {
          const who = client.identity;
          const handler = chat;
          tellChat(() => handler.seen(who, frame));
        }
        return;
    }
  }

  /** A chat message: handed to the chat handler, answered `ack` once it is stored (or `error` with its clientId). */
  function say(client: Client, frame: SayFrame): void {
    const { clientId } = frame;
    const identity = client.identity;
    const refusal = !identity
      ? 'TOPIC_FORBIDDEN'
      : !chat
        ? 'CHAT_UNAVAILABLE'
        : client.says >= MAX_SAYS_IN_FLIGHT
          ? 'TOO_MANY_REQUESTS'
          : null;
    if (refusal || !identity || !chat) {
      control(client, { op: 'error', code: refusal ?? 'INTERNAL', clientId });
      return;
    }
    client.says++;
    let answer: Promise<ChatMessage>;
    try {
      answer = chat.say(identity, frame, client.ip, client.lang);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer
      .then(
        (message) => control(client, { op: 'ack', clientId, message }),
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          if (typeof code !== 'string' || !/^[A-Z_]{2,40}$/.test(code)) warn('chat say failed', { err: error });
          control(client, {
            op: 'error',
            code: typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code : 'INTERNAL',
            clientId,
          });
        },
      )
      .finally(() => {
        client.says--;
      });
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

  /** An operator's session can end without a message to this process: it is asked again every heartbeat. */
  function recheckOperator(client: Client, operatorId: bigint): void {
    if (!client.token) return;
    deps.sessions.identifyOperator(client.token, client.ip).then(
      (found) => {
        if (found?.id !== operatorId) closeWith(client, REALTIME_CLOSE.token, 'token refused');
      },
      (error: unknown) => warn('operator recheck failed', { err: error }),
    );
  }

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      if (client.identity?.kind === 'operator') recheckOperator(client, client.identity.id);
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

    /** Takes over an upgraded socket; `token` is the `t` query parameter, if any, `lang` the `lang` one. */
    accept(ws: WebSocket, ip: string, token: string | undefined, lang: Lang = DEFAULT_LANG): void {
      if (admits(ip)) {
        // 1013: try again later (the caps filled between the upgrade's check and now).
        ws.close(1013, 'busy');
        return;
      }
      const client: Client = {
        ws,
        ip,
        lang,
        identity: null,
        token: null,
        says: 0,
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

    /** The support module's chat handler (it needs the hub to publish, so it is attached once both exist). */
    attachChat(handler: ChatHandler): void {
      chat = handler;
    },

    /** Operators with a `desk` socket on this process now (their presence is refreshed from here). */
    deskOperators(): bigint[] {
      return [...atDesk.keys()];
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

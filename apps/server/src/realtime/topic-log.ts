import { randomBytes } from 'node:crypto';
import type { TopicPosition } from '@jinb/contract';

/**
 * One publication on its way to sockets. `frame` is the text every subscriber receives, built once where the version
 * is assigned, so fanning out to a thousand sockets serialises nothing.
 */
export type Delivery = { topic: string; epoch: string; version: number; frame: string };

/** What a reconnecting subscriber missed since its last position, or that it must reload the topic over HTTP. */
export type Catchup =
  | { kind: 'replay'; frames: Delivery[]; position: TopicPosition }
  | { kind: 'reload'; position: TopicPosition };

export type HistoryBounds = {
  /** Publications kept per topic. */
  maxEntries: number;
  /** A publication older than this is not replayed (a reconnect that late reloads). */
  maxAgeMs: number;
};

export const DEFAULT_HISTORY: HistoryBounds = { maxEntries: 100, maxAgeMs: 120_000 };

/**
 * Where versions are assigned and history is kept: in this process (`createMemoryTopicLog`), or in Redis for every
 * process (`redis-topic-log.ts`). Every publication is delivered through `onDelivery`, also on the process that
 * appended it, in version order per topic: the hub never sees a publication before the ones it follows.
 */
export interface TopicLog {
  /**
   * The next version on `topic`, kept in its history and delivered to every process. `visibleTopic` is the name the
   * frame carries (`balance` for `member:42:balance`); `data` is JSON text. Rejects when the store is unreachable.
   */
  append(topic: string, visibleTopic: string, data: string): Promise<void>;
  /** Where the topic is now (version 0 in a fresh epoch when it never had a publication). */
  position(topic: string): Promise<TopicPosition>;
  /** The publications after `since`, or `reload` when the epoch changed or the history no longer reaches back. */
  since(topic: string, since: TopicPosition): Promise<Catchup>;
  onDelivery(listener: (delivery: Delivery) => void): void;
  /** Called when deliveries may have been lost (the Redis subscription was re-established). */
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

export function newEpoch(): string {
  return randomBytes(8).toString('base64url');
}

/** The publication frame as the contract describes it, without building an object per publication. */
export function publicationFrame(visibleTopic: string, epoch: string, version: number, data: string): string {
  return `{"topic":${JSON.stringify(visibleTopic)},"epoch":"${epoch}","version":${version},"data":${data}}`;
}

type MemoryTopic = {
  epoch: string;
  version: number;
  history: Array<{ at: number; delivery: Delivery }>;
  touched: number;
};

/** Topics whose history is empty and that nobody touched for this long are forgotten (a new epoch if they return). */
const IDLE_TOPIC_MS = 24 * 3_600_000;
/** Whatever happens, this many topics at most: the least recently used go first. */
const MAX_TOPICS = 100_000;

/**
 * The embedded default (no REDIS_URL): one process, versions and history in memory. A restart starts every topic in
 * a new epoch, so a client that reconnects to the new process is told to reload, never handed a wrong position.
 */
export function createMemoryTopicLog(bounds: HistoryBounds = DEFAULT_HISTORY): TopicLog {
  // A Map iterates in insertion order; re-inserting on use keeps the least recently used first.
  const topics = new Map<string, MemoryTopic>();
  const listeners: Array<(delivery: Delivery) => void> = [];
  // Delivered on a later turn of the event loop, in order: a module publishing after its commit never pays for the
  // fan-out to a thousand sockets inside its own call (as with Redis, where delivery comes back from the network).
  let queued: Delivery[] = [];
  const flush = () => {
    const batch = queued;
    queued = [];
    for (const delivery of batch) for (const listener of listeners) listener(delivery);
  };

  function topicState(topic: string): MemoryTopic {
    let state = topics.get(topic);
    if (state) topics.delete(topic);
    else state = { epoch: newEpoch(), version: 0, history: [], touched: 0 };
    state.touched = Date.now();
    topics.set(topic, state);
    if (topics.size > MAX_TOPICS) topics.delete(topics.keys().next().value as string);
    return state;
  }

  function trim(state: MemoryTopic, now: number) {
    let drop = Math.max(0, state.history.length - bounds.maxEntries);
    while (drop < state.history.length && now - state.history[drop]!.at > bounds.maxAgeMs) drop++;
    if (drop > 0) state.history.splice(0, drop);
  }

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [topic, state] of topics) {
      trim(state, now);
      if (state.history.length === 0 && now - state.touched > IDLE_TOPIC_MS) topics.delete(topic);
    }
  }, 30_000);
  sweeper.unref();

  return {
    async append(topic, visibleTopic, data) {
      const state = topicState(topic);
      state.version += 1;
      const delivery: Delivery = {
        topic,
        epoch: state.epoch,
        version: state.version,
        frame: publicationFrame(visibleTopic, state.epoch, state.version, data),
      };
      const now = Date.now();
      state.history.push({ at: now, delivery });
      trim(state, now);
      if (queued.push(delivery) === 1) setImmediate(flush);
    },
    async position(topic) {
      const state = topicState(topic);
      return { epoch: state.epoch, version: state.version };
    },
    async since(topic, since) {
      const state = topicState(topic);
      const position = { epoch: state.epoch, version: state.version };
      if (since.epoch !== state.epoch || since.version > state.version) return { kind: 'reload', position };
      trim(state, Date.now());
      const missed = state.history.filter((entry) => entry.delivery.version > since.version);
      // Every version after `since` must still be there, the first one included.
      if (missed.length !== state.version - since.version) return { kind: 'reload', position };
      return { kind: 'replay', frames: missed.map((entry) => entry.delivery), position };
    },
    onDelivery(listener) {
      listeners.push(listener);
    },
    onResync() {
      // Nothing is ever lost between this process and itself.
    },
    async close() {
      clearInterval(sweeper);
      listeners.length = 0;
    },
  };
}

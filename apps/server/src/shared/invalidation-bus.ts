import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Invalidation =
  | { kind: 'member'; memberId: string }
  | { kind: 'session'; tokenHash: string }
  | { kind: 'settings'; key: string };

type Logger = { warn(object: object, message: string): void };

/**
 * Tells every server process to drop cached state. In one process it is a local event; with Redis each process
 * subscribes to one channel, so a logout on one process ends the session on all of them at once.
 */
export interface InvalidationBus {
  publish(message: Invalidation): Promise<void>;
  subscribe(listener: (message: Invalidation) => void): void;
  close(): Promise<void>;
}

export function createLocalBus(): InvalidationBus {
  const emitter = new EventEmitter();
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis fan-out that never holds up a request or the start: the subscription is made (and remade after every
 * reconnect) in the background, and a publish while Redis is away fails at once and is dropped. Other processes then
 * keep a stale entry until its short time-to-live ends, which every cache on this bus is sized for.
 */
export function createRedisBus(url: string, log?: Logger, channel = 'jinb:invalidate'): InvalidationBus {
  // A connection cut silently (no reset, packets dropped) must not hold a logout: a publish gives up after a second.
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  } as const;
  const publisher = new Redis(url, { ...options, retryStrategy: (attempt) => Math.min(attempt * 200, 5_000) });
  // The subscriber queues its SUBSCRIBE until connected; ioredis subscribes again by itself after a reconnect.
  const subscriber = new Redis(url, {
    maxRetriesPerRequest: null,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let warned = false;
  const quiet = (error: Error) => {
    if (warned) return;
    warned = true;
    log?.warn({ err: { message: error.message } }, 'redis unavailable: cache invalidations stay in this process');
  };
  publisher.on('error', quiet);
  subscriber.on('error', quiet);
  publisher.on('ready', () => {
    warned = false;
  });
  const local = createLocalBus();
  subscriber.subscribe(channel).catch(quiet);
  subscriber.on('message', (_channel, raw: string) => {
    try {
      void local.publish(JSON.parse(raw) as Invalidation);
    } catch {
      // a malformed message is ignored; caches expire on their own
    }
  });
  return {
    async publish(message) {
      // Local listeners first so this process never serves stale data, even if Redis is slow or away.
      await local.publish(message);
      await publisher.publish(channel, JSON.stringify(message)).catch(quiet);
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

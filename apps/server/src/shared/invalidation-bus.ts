import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Invalidation = { kind: 'member'; memberId: string } | { kind: 'session'; tokenHash: string };

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

export async function createRedisBus(url: string, channel = 'jinb:invalidate'): Promise<InvalidationBus> {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
  const local = createLocalBus();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel, raw: string) => {
    try {
      void local.publish(JSON.parse(raw) as Invalidation);
    } catch {
      // a malformed message is ignored; caches expire on their own
    }
  });
  return {
    async publish(message) {
      // Local listeners first so this process never serves stale data, even if Redis is slow.
      await local.publish(message);
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

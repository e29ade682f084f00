import { waitFor } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { realtimeLink } from './server';

type Client = {
  send(data: string): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

/**
 * The server's side of the realtime channel for page tests: answers every `sub` with its position, and publishes
 * on a topic with the next version (or a chosen one, to play a late message).
 */
export function playRealtime(server: SetupServer) {
  const clients: Client[] = [];
  const frames: Array<Record<string, unknown>> = [];
  const versions = new Map<string, number>();
  const subscribers = new Map<string, Set<Client>>();
  server.use(
    realtimeLink.addEventListener('connection', ({ client }) => {
      clients.push(client);
      client.addEventListener('message', (event) => {
        const frame = JSON.parse(String(event.data)) as { op: string; topic?: string };
        frames.push(frame);
        if (frame.op === 'sub' && frame.topic) {
          const set = subscribers.get(frame.topic) ?? new Set();
          set.add(client);
          subscribers.set(frame.topic, set);
          const version = versions.get(frame.topic) ?? 0;
          client.send(JSON.stringify({ op: 'subscribed', topic: frame.topic, epoch: 'e1', version }));
        }
        if (frame.op === 'unsub' && frame.topic) subscribers.get(frame.topic)?.delete(client);
      });
    }),
  );
  return {
    frames,
    /** Resolves once a page has subscribed to the topic. */
    subscribed: (topic: string) =>
      waitFor(() => {
        if (!subscribers.get(topic)?.size) throw new Error(`nobody subscribed to ${topic}`);
      }),
    publish(topic: string, data: unknown, version?: number) {
      const next = version ?? (versions.get(topic) ?? 0) + 1;
      versions.set(topic, Math.max(next, versions.get(topic) ?? 0));
      for (const client of subscribers.get(topic) ?? [])
        client.send(JSON.stringify({ topic, epoch: 'e1', version: next, data }));
    },
  };
}

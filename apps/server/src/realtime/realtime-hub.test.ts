import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRealtime } from './realtime.routes';
import { createRealtimeHub, type RealtimeHub } from './realtime-hub';
import { openSocket, pause } from './test-socket';
import { type Delivery, publicationFrame, type TopicLog } from './topic-log';

/**
 * A topic log the test drives by hand: it answers every position with `position` and hands the hub whatever
 * `deliver` is given, so lost and reordered messages (what Redis pub/sub can do) can be staged.
 */
function handLog() {
  let listener: (delivery: Delivery) => void = () => {};
  let resync: () => void = () => {};
  const state = { position: { epoch: 'e1', version: 0 }, appended: [] as string[] };
  const log: TopicLog = {
    async append(_topic, _visible, data) {
      state.appended.push(data);
    },
    async position() {
      return state.position;
    },
    async since() {
      return { kind: 'reload', position: state.position };
    },
    onDelivery(next) {
      listener = next;
    },
    onResync(next) {
      resync = next;
    },
    async close() {},
  };
  const deliver = (topic: string, epoch: string, version: number, data: unknown) =>
    listener({ topic, epoch, version, frame: publicationFrame(topic, epoch, version, JSON.stringify(data)) });
  return { log, state, deliver, resync: () => resync() };
}

describe('the hub between the topic log and the sockets', () => {
  const hand = handLog();
  let hub: RealtimeHub;
  let url: string;
  const app = Fastify();

  beforeAll(async () => {
    hub = createRealtimeHub({
      log: hand.log,
      sessions: { identify: async () => null, identifyGuest: async () => null, identifyOperator: async () => null },
      logger: pino({ level: 'silent' }),
    });
    await installRealtime(app, hub, []);
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    await app.close();
    await hub.close();
  });

  it('drops a repeated or late publication, and turns a skipped version or a new epoch into reload', async () => {
    hand.state.position = { epoch: 'e1', version: 4 };
    const socket = await openSocket(url);
    await socket.subscribe('event:5');
    hand.deliver('event:5', 'e1', 4, { n: 4 }); // already part of the position it was given
    hand.deliver('event:5', 'e1', 5, { n: 5 });
    hand.deliver('event:5', 'e1', 5, { n: 5 }); // twice
    hand.deliver('event:5', 'e1', 7, { n: 7 }); // 6 was lost on the way
    hand.deliver('event:5', 'e2', 1, { n: 1 }); // the history was lost and restarted
    await socket.next((frame) => frame.epoch === 'e2' && frame.op === undefined);
    expect(socket.frames.slice(1)).toEqual([
      { topic: 'event:5', epoch: 'e1', version: 5, data: { n: 5 } },
      { op: 'reload', topic: 'event:5', epoch: 'e1', version: 6 },
      { topic: 'event:5', epoch: 'e1', version: 7, data: { n: 7 } },
      { op: 'reload', topic: 'event:5', epoch: 'e2', version: 0 },
      { topic: 'event:5', epoch: 'e2', version: 1, data: { n: 1 } },
    ]);
    socket.close();
  });

  it('after the log lost its subscription, tells sockets that are behind the topic to reload', async () => {
    hand.state.position = { epoch: 'e3', version: 1 };
    const behind = await openSocket(url);
    await behind.subscribe('event:6');
    hand.state.position = { epoch: 'e3', version: 3 };
    hand.resync();
    expect(await behind.next((frame) => frame.op === 'reload')).toEqual({
      op: 'reload',
      topic: 'event:6',
      epoch: 'e3',
      version: 3,
    });
    behind.close();
  });

  it('never throws to a publisher: unserialisable data and unknown topics are dropped, bigints go as text', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => hub.publish('event:7', circular)).not.toThrow();
    expect(() => hub.publish('member:1:balance', { balance: '1' })).not.toThrow();
    hub.publish('event:7', { id: 7n });
    await pause(10);
    expect(hand.state.appended).toEqual(['{"id":"7"}']);
  });
});

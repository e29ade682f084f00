import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRealtime } from './realtime.routes';
import { createRealtimeHub } from './realtime-hub';
import { createRedisTopicLog } from './redis-topic-log';
import { openSocket, pause } from './test-socket';

const REDIS_URL = process.env.REDIS_URL;
const silent = pino({ level: 'silent' });
/** Tokens `member-<id>` belong to member <id>; anything else to nobody. */
const sessions = {
  identify: async (token: string) => (/^member-\d+$/.test(token) ? BigInt(token.slice(7)) : null),
  identifyGuest: async () => null,
  identifyOperator: async () => null,
};

/** One server process's channel: a bare Fastify with the hub on a Redis topic log under `prefix`. */
async function processOn(url: string, prefix: string, maxEntries = 100) {
  const hub = createRealtimeHub({
    log: createRedisTopicLog(url, { prefix, bounds: { maxEntries, maxAgeMs: 120_000 }, log: silent }),
    sessions,
    logger: silent,
  });
  const app = Fastify();
  await installRealtime(app, hub, []);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    hub,
    url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`,
    async close() {
      await app.close();
      await hub.close();
    },
  };
}

/** Until both processes' Redis subscriptions are up: a probe published on each reaches a socket on every one. */
async function flowing(processes: Array<Awaited<ReturnType<typeof processOn>>>) {
  const probes = await Promise.all(processes.map((one) => openSocket(one.url)));
  for (const probe of probes) await probe.subscribe('event:1');
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const one of processes) one.hub.publish('event:1', { probe: attempt });
    await pause(100);
    if (probes.every((probe) => probe.publications('event:1').length >= processes.length)) break;
  }
  for (const probe of probes) probe.close();
}

describe.skipIf(!REDIS_URL)('the realtime channel across processes through Redis', () => {
  const prefix = `jinb-test:rt:${randomBytes(4).toString('hex')}:`;
  let a: Awaited<ReturnType<typeof processOn>>;
  let b: Awaited<ReturnType<typeof processOn>>;

  beforeAll(async () => {
    a = await processOn(REDIS_URL as string, prefix);
    b = await processOn(REDIS_URL as string, prefix);
    await flowing([a, b]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers a publication made on either process to sockets on both, in one order with one sequence', async () => {
    const onA = await openSocket(a.url);
    const onB = await openSocket(b.url);
    const start = await onA.subscribe('event:501');
    expect(await onB.subscribe('event:501')).toEqual(start);
    // Both processes publish at once: the versions still come from one sequence, and every socket sees one order.
    for (let n = 1; n <= 100; n++) (n % 2 ? a.hub : b.hub).publish('event:501', { n });
    await onA.next((frame) => frame.topic === 'event:501' && frame.version === 100);
    await onB.next((frame) => frame.topic === 'event:501' && frame.version === 100);
    const seenA = onA.publications('event:501');
    const seenB = onB.publications('event:501');
    expect(seenA.map((frame) => frame.version)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(seenB).toEqual(seenA);
    // What each process published went out in the order it was published.
    const fromA = seenA.map((frame) => (frame.data as { n: number }).n).filter((n) => n % 2 === 1);
    expect(fromA).toEqual([...fromA].sort((x, y) => x - y));
    expect(onA.frames.some((frame) => frame.op === 'reload')).toBe(false);
    onA.close();
    onB.close();
  });

  it('keeps one history for every process: a socket reconnecting elsewhere gets exactly what it missed', async () => {
    const first = await openSocket(a.url);
    const start = await first.subscribe('event:502');
    a.hub.publish('event:502', { n: 1 });
    await first.next((frame) => frame.topic === 'event:502' && frame.version === 1);
    first.close();

    a.hub.publish('event:502', { n: 2 });
    b.hub.publish('event:502', { n: 3 });
    await pause(100);
    const again = await openSocket(b.url);
    await again.subscribe('event:502', { epoch: start.epoch as string, version: 1 });
    expect(again.frames).toEqual([
      { topic: 'event:502', epoch: start.epoch, version: 2, data: { n: 2 } },
      { topic: 'event:502', epoch: start.epoch, version: 3, data: { n: 3 } },
      { op: 'subscribed', topic: 'event:502', epoch: start.epoch, version: 3 },
    ]);
    again.close();
  });

  it("delivers a member's topic to that member's sockets on another process only", async () => {
    const mine = await openSocket(`${b.url}?t=member-31`);
    const theirs = await openSocket(`${b.url}?t=member-32`);
    expect(await mine.subscribe('balance')).toMatchObject({ op: 'subscribed' });
    expect(await theirs.subscribe('balance')).toMatchObject({ op: 'subscribed' });
    a.hub.publishToMember(31n, 'balance', { balance: '12.0000' });
    expect(await mine.next((frame) => frame.topic === 'balance' && frame.op === undefined)).toMatchObject({
      version: 1,
      data: { balance: '12.0000' },
    });
    await pause(100);
    expect(theirs.publications('balance')).toEqual([]);
    mine.close();
    theirs.close();
  });
});

describe.skipIf(!REDIS_URL)('a trimmed Redis history', () => {
  let only: Awaited<ReturnType<typeof processOn>>;
  beforeAll(async () => {
    only = await processOn(REDIS_URL as string, `jinb-test:rt:${randomBytes(4).toString('hex')}:`, 5);
    await flowing([only]);
  });
  afterAll(() => only?.close());

  it('tells a socket whose missed publications were trimmed to reload, and carries on live', async () => {
    const first = await openSocket(only.url);
    const start = await first.subscribe('event:503');
    first.close();
    // MAXLEN ~ trims whole nodes, so well past the bound before the start is surely gone.
    for (let n = 1; n <= 400; n++) only.hub.publish('event:503', { n });
    await pause(300);
    const again = await openSocket(only.url);
    expect(await again.subscribe('event:503', { epoch: start.epoch as string, version: 0 })).toEqual({
      op: 'reload',
      topic: 'event:503',
      epoch: start.epoch,
      version: 400,
    });
    expect(again.publications('event:503')).toEqual([]);
    // A position still in the history replays; another epoch reloads.
    const recent = await openSocket(only.url);
    await recent.subscribe('event:503', { epoch: start.epoch as string, version: 398 });
    expect(recent.publications('event:503').map((frame) => frame.version)).toEqual([399, 400]);
    expect(await recent.subscribe('event:504', { epoch: 'other', version: 2 })).toMatchObject({ op: 'reload' });
    only.hub.publish('event:503', { n: 401 });
    expect(await again.next((frame) => frame.topic === 'event:503' && frame.op === undefined)).toMatchObject({
      version: 401,
    });
    again.close();
    recent.close();
  });
});

describe('a Redis outage', () => {
  let down: Awaited<ReturnType<typeof processOn>>;
  // Nothing listens on port 1: every connection attempt fails at once.
  beforeAll(async () => {
    down = await processOn('redis://127.0.0.1:1', 'jinb-test:rt:down:');
  });
  afterAll(() => down?.close());

  it('drops publications without throwing or waiting, and a subscription is told to reload', async () => {
    const started = performance.now();
    for (let n = 0; n < 1_000; n++) down.hub.publish('event:1', { n });
    down.hub.publishToMember(1n, 'balance', { balance: '1.0000' });
    expect(performance.now() - started).toBeLessThan(500);
    for (let waited = 0; down.hub.stats().pending > 0 && waited < 10_000; waited += 100) await pause(100);
    expect(down.hub.stats()).toMatchObject({ published: 1_001, dropped: 1_001, pending: 0 });

    const socket = await openSocket(down.url);
    expect(await socket.subscribe('event:1')).toEqual({ op: 'reload', topic: 'event:1', epoch: '', version: 0 });
    socket.close();
  }, 20_000);
});

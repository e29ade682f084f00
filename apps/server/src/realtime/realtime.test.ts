import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { operator } from '../test/wallet-fixtures';
import { openSocket, pause, type ReceivedFrame } from './test-socket';

async function listen(sut: TestApp): Promise<string> {
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`;
}

async function memberId(sut: TestApp, token: string): Promise<bigint> {
  return BigInt((await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id as string);
}

describe.each(testDatabases)('the realtime channel (%s)', (kind) => {
  let sut: TestApp;
  let url: string;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    url = await listen(sut);
  }, 60_000);
  afterAll(() => sut.close());

  it('subscribes a public topic, delivers its publications with consecutive versions, and stops after unsub', async () => {
    const socket = await openSocket(url);
    const subscribed = await socket.subscribe('event:41');
    expect(subscribed).toMatchObject({ op: 'subscribed', topic: 'event:41', version: 0 });
    expect(typeof subscribed.epoch).toBe('string');

    sut.container.realtime.publish('event:41', {
      id: '41',
      version: 7,
      selections: [{ id: '9', odds: '2.05', version: 3 }],
    });
    sut.container.realtime.publish('event:41', { id: '41', version: 8, status: 'live' });
    await socket.next((frame) => frame.topic === 'event:41' && frame.version === 2);
    expect(socket.publications('event:41')).toEqual([
      {
        topic: 'event:41',
        epoch: subscribed.epoch,
        version: 1,
        data: { id: '41', version: 7, selections: [{ id: '9', odds: '2.05', version: 3 }] },
      },
      { topic: 'event:41', epoch: subscribed.epoch, version: 2, data: { id: '41', version: 8, status: 'live' } },
    ]);

    socket.send({ op: 'unsub', topic: 'event:41' });
    await socket.subscribe('live');
    sut.container.realtime.publish('event:41', { id: '41', version: 9 });
    sut.container.realtime.publish('live', { id: '41', version: 9, left: true });
    // The live list's publication came after event:41's third: had the socket still been subscribed, it would be in.
    await socket.next((frame) => frame.topic === 'live' && frame.version !== undefined && frame.op === undefined);
    expect(socket.publications('event:41')).toHaveLength(2);
    socket.send({ op: 'ping' });
    await socket.next((frame) => frame.op === 'pong');
    socket.close();
  });

  it('refuses member topics to an anonymous socket and names unknown topics, without closing it', async () => {
    const socket = await openSocket(url);
    expect(await socket.subscribe('balance')).toEqual({ op: 'error', code: 'TOPIC_FORBIDDEN', topic: 'balance' });
    expect(await socket.subscribe('member:1:balance')).toEqual({
      op: 'error',
      code: 'TOPIC_UNKNOWN',
      topic: 'member:1:balance',
    });
    expect(await socket.subscribe('event:1')).toMatchObject({ op: 'subscribed' });
    socket.close();
  });

  it('closes a socket whose token belongs to nobody with 4001, as a query parameter or as the first frame', async () => {
    const byQuery = await openSocket(`${url}?t=${'f'.repeat(64)}`);
    expect((await byQuery.closed).code).toBe(4001);
    const byFrame = await openSocket(url);
    byFrame.send({ op: 'auth', t: 'not-a-session' });
    byFrame.send({ op: 'sub', topic: 'balance' });
    expect((await byFrame.closed).code).toBe(4001);
    expect(byFrame.frames).toEqual([]);
  });

  it("pushes a member's balance after a ledger change commits, to that member's sockets only", async () => {
    const desk = await operator(sut);
    const alice = await sut.register();
    const bob = await sut.register();
    const aliceId = await memberId(sut, alice.token);
    const bobId = await memberId(sut, bob.token);
    // Alice by query parameter, Bob by first frame with his subscription right behind it (held until checked).
    const aliceSocket = await openSocket(`${url}?t=${alice.token}`);
    const bobSocket = await openSocket(url);
    bobSocket.send({ op: 'auth', t: bob.token });
    expect(await aliceSocket.subscribe('balance')).toMatchObject({ op: 'subscribed', topic: 'balance' });
    expect(await bobSocket.subscribe('balance')).toMatchObject({ op: 'subscribed', topic: 'balance' });

    await desk.credit(aliceId.toString(), '123.45');
    const pushed = await aliceSocket.next((frame) => frame.topic === 'balance' && frame.op === undefined);
    expect(pushed).toMatchObject({ topic: 'balance', version: 1, data: { balance: '123.4500' } });
    // A use case that is one SQL statement (a transfer to the in-house venue) names the member itself.
    const moved = await sut.post(
      '/api/f/v1/wallet/transfer',
      { from: 'main', to: 'house', amount: '23.45' },
      { t: alice.token, 'idempotency-key': `realtime-transfer-${aliceId}` },
    );
    expect(moved.statusCode).toBe(200);
    const second = await aliceSocket.next((frame) => frame.topic === 'balance' && frame.version === 2);
    expect(second).toMatchObject({ data: { balance: '100.0000' } });
    // Each push carries the account's version, above the last one's (the site drops one that is not).
    const accountVersion = (frame: ReceivedFrame) => BigInt((frame.data as { version: string }).version);
    expect(accountVersion(second)).toBeGreaterThan(accountVersion(pushed));

    // Bob's own channel is a different topic: he hears of his credit, and never of Alice's.
    await desk.credit(bobId.toString(), '5');
    await bobSocket.next((frame) => frame.topic === 'balance' && frame.op === undefined);
    expect(bobSocket.publications('balance').map((frame) => frame.data)).toEqual([{ balance: '5.0000', version: '1' }]);
    sut.container.realtime.publishToMember(aliceId, 'balance', { balance: '0.0000' });
    await aliceSocket.next((frame) => frame.topic === 'balance' && frame.version === 3);
    await pause(100);
    expect(bobSocket.publications('balance')).toHaveLength(1);
    aliceSocket.close();
    bobSocket.close();
  });

  it("closes a member's sockets with 4001 when the member signs out, and leaves anonymous ones alone", async () => {
    const member = await sut.register();
    const signedIn = await openSocket(`${url}?t=${member.token}`);
    const anonymous = await openSocket(url);
    expect(await signedIn.subscribe('balance')).toMatchObject({ op: 'subscribed' });
    await anonymous.subscribe('live');
    const out = await sut.post('/api/f/v1/member/logout', {}, { t: member.token });
    expect(out.statusCode).toBe(200);
    expect((await signedIn.closed).code).toBe(4001);
    expect(anonymous.ws.readyState).toBe(anonymous.ws.OPEN);
    anonymous.close();
  });

  it('replays exactly what a reconnecting socket missed, then says subscribed; a lost history means reload', async () => {
    const hub = sut.container.realtime;
    const first = await openSocket(url);
    const start = await first.subscribe('event:77');
    hub.publish('event:77', { n: 1 });
    hub.publish('event:77', { n: 2 });
    await first.next((frame) => frame.topic === 'event:77' && frame.version === 2);
    first.close();

    hub.publish('event:77', { n: 3 });
    hub.publish('event:77', { n: 4 });
    await pause(50);
    const second = await openSocket(url);
    const answer = await second.subscribe('event:77', { epoch: start.epoch as string, version: 2 });
    expect(second.frames).toEqual([
      { topic: 'event:77', epoch: start.epoch, version: 3, data: { n: 3 } },
      { topic: 'event:77', epoch: start.epoch, version: 4, data: { n: 4 } },
      { op: 'subscribed', topic: 'event:77', epoch: start.epoch, version: 4 },
    ]);
    expect(answer.op).toBe('subscribed');
    // Nothing missed: nothing replayed.
    expect(await second.subscribe('event:78', { epoch: 'x', version: 0 })).toMatchObject({ op: 'reload', version: 0 });
    second.close();

    // More than the history holds (100) since position 4: reload, with the position to carry on from.
    for (let n = 5; n <= 120; n++) hub.publish('event:77', { n });
    await pause(50);
    const third = await openSocket(url);
    expect(await third.subscribe('event:77', { epoch: start.epoch as string, version: 4 })).toEqual({
      op: 'reload',
      topic: 'event:77',
      epoch: start.epoch,
      version: 120,
    });
    expect(third.publications('event:77')).toEqual([]);
    // A position from another epoch (a restarted process): reload too; then live publications continue.
    const fourth = await openSocket(url);
    expect(await fourth.subscribe('event:77', { epoch: 'gone', version: 3 })).toMatchObject({
      op: 'reload',
      version: 120,
    });
    hub.publish('event:77', { n: 121 });
    expect(await fourth.next((frame) => frame.topic === 'event:77' && frame.op === undefined)).toMatchObject({
      version: 121,
      data: { n: 121 },
    });
    third.close();
    fourth.close();
  });
});

describe('the realtime channel refuses abuse and stays up', () => {
  let sut: TestApp;
  let url: string;
  let origin: string;

  beforeAll(async () => {
    sut = await createTestApp('pglite', {
      env: { CORS_ORIGINS: 'https://m.example.com' },
      tweak: (config) => {
        config.realtime.heartbeatMs = 1_000;
        config.realtime.maxSocketsPerAddress = 20;
      },
    });
    url = await listen(sut);
    origin = url.replace('ws://', 'http://').replace('/ws', '');
  }, 60_000);
  afterAll(() => sut.close());

  /** The process still serves: a fresh socket gets a publication, and HTTP answers. */
  async function stillServes() {
    const probe = await openSocket(url);
    await probe.subscribe('event:9001');
    sut.container.realtime.publish('event:9001', { ok: true });
    await probe.next((frame) => frame.topic === 'event:9001' && frame.op === undefined, 2_000);
    probe.close();
    expect((await sut.get('/api/f/v1/member/publicKey')).statusCode).toBe(200);
  }

  it('refuses a foreign Origin at the upgrade with 403; the own origin, a configured one and none are let in', async () => {
    await expect(openSocket(url, { origin: 'https://evil.example' })).rejects.toThrow('refused 403');
    await expect(openSocket(url, { origin: 'null' })).rejects.toThrow('refused 403');
    for (const allowed of [origin, 'https://m.example.com', undefined]) {
      const socket = await openSocket(url, allowed ? { origin: allowed } : {});
      expect(await socket.subscribe('live')).toMatchObject({ op: 'subscribed' });
      socket.close();
    }
  });

  it('closes a flood of frames with 4008, long before 10,000 subscriptions are read', async () => {
    const socket = await openSocket(url);
    for (let n = 0; n < 10_000; n++) socket.send({ op: 'sub', topic: `event:${n}` });
    expect((await socket.closed).code).toBe(4008);
    // At most the burst was handled: a subscription for each of the first 40 frames, never 10,000.
    expect(socket.frames.length).toBeLessThanOrEqual(40);
    await pause(100);
    expect(sut.container.realtime.stats().topics).toBeLessThanOrEqual(1);
    await stillServes();
  });

  it('refuses subscriptions past 64 per socket with TOO_MANY_TOPICS, and the socket keeps the 64 it has', async () => {
    const socket = await openSocket(url);
    // Within the rate (20 a second after a burst of 40), so only the cap can refuse them.
    for (let n = 0; n < 70; n++) {
      socket.send({ op: 'sub', topic: `event:${5000 + n}` });
      if (n >= 35) await pause(60);
    }
    await socket.next((frame) => frame.op === 'error' && frame.topic === 'event:5069');
    const refused = socket.frames.filter((frame) => frame.op === 'error');
    expect(refused).toHaveLength(6);
    expect(refused[0]).toEqual({ op: 'error', code: 'TOO_MANY_TOPICS', topic: 'event:5064' });
    expect(socket.frames.filter((frame) => frame.op === 'subscribed')).toHaveLength(64);
    socket.close();
  });

  it('closes an oversize frame with 1009 and garbage after a few refusals with 4008', async () => {
    const big = await openSocket(url);
    big.send(JSON.stringify({ op: 'sub', topic: 'live', pad: 'x'.repeat(5_000) }));
    expect((await big.closed).code).toBe(1009);

    const garbage = await openSocket(url);
    for (const text of ['not json', '{"op":"dance"}', '[1,2]', '{"op":"sub"}']) garbage.send(text);
    expect((await garbage.closed).code).toBe(4008);
    expect(garbage.frames).toEqual([
      { op: 'error', code: 'FRAME_INVALID' },
      { op: 'error', code: 'FRAME_INVALID' },
      { op: 'error', code: 'FRAME_INVALID' },
    ]);
    await stillServes();
  });

  it('closes a reader that stops reading once its send buffer passes 1 MiB, while others keep receiving', async () => {
    const slow = await openSocket(url);
    const healthy = await openSocket(url);
    await slow.subscribe('event:66');
    await healthy.subscribe('event:66');
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const blob = 'x'.repeat(64 * 1024);
    const before = sut.container.realtime.stats().closedSlow;
    for (let n = 1; n <= 300 && sut.container.realtime.stats().closedSlow === before; n++) {
      sut.container.realtime.publish('event:66', { n, blob });
      await healthy.next((frame) => frame.topic === 'event:66' && frame.version === n, 2_000);
    }
    expect(sut.container.realtime.stats().closedSlow).toBe(before + 1);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // Told why when it reads again within the grace, cut otherwise; either way it is gone.
    expect([4009, 1006]).toContain((await slow.closed).code);
    healthy.close();
    await stillServes();
  });

  it('drops a socket that does not answer pings, and keeps one that does', async () => {
    const silent = await openSocket(url, { autoPong: false });
    const answering = await openSocket(url);
    const closed = await Promise.race([silent.closed, pause(4_000).then(() => null)]);
    expect(closed?.code).toBe(1006);
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
    answering.close();
  });

  it('caps the sockets of one address', async () => {
    const sockets = [];
    for (let n = 0; n < 20; n++) sockets.push(await openSocket(url));
    await expect(openSocket(url)).rejects.toThrow('refused 429');
    for (const socket of sockets) socket.close();
  });
});

describe('a process with small caps', () => {
  let sut: TestApp;
  let url: string;
  beforeAll(async () => {
    sut = await createTestApp('pglite', {
      tweak: (config) => {
        config.readLimit.addressPoints = 3;
        config.realtime.maxSockets = 3;
      },
    });
    url = await listen(sut);
  }, 60_000);
  afterAll(() => sut.close());

  it('looks up made-up tokens only within the address allowance, then tells the socket to come back later', async () => {
    for (let n = 0; n < 3; n++) {
      const socket = await openSocket(`${url}?t=made-up-${n}`);
      expect((await socket.closed).code).toBe(4001);
    }
    const refused = await openSocket(`${url}?t=made-up-4`);
    expect((await refused.closed).code).toBe(1013);
  });

  it('refuses sockets past its cap at the upgrade with 503, and takes them again once some closed', async () => {
    const held = [await openSocket(url), await openSocket(url), await openSocket(url)];
    await expect(openSocket(url)).rejects.toThrow('refused 503');
    held[0]!.close();
    await pause(100);
    const again = await openSocket(url);
    for (const socket of [...held, again]) socket.close();
  });
});

describe('shutdown', () => {
  it('closes every socket with 1001 when the server stops', async () => {
    const sut = await createTestApp('pglite');
    const url = await listen(sut);
    const socket = await openSocket(url);
    await socket.subscribe('live');
    const closing = sut.close();
    expect((await socket.closed).code).toBe(1001);
    await closing;
  }, 30_000);
});

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import {
  data,
  memberSignIn,
  operatorSignIn,
  scratchDatabase,
  spawnDemoServer,
  waitForServer,
} from '../test/live-server';
import { type FixtureEvent, insertEvent } from '../test/sports-fixtures';
import { openSocket, type TestSocket } from './test-socket';

const PORT = 18_640 + Math.floor(Math.random() * 40) * 2;
const MEMBER = { account: 'rtmember1', password: 'rtmember123' };
const OPERATOR = { account: 'rtadmin1', password: 'rtadmin12345' };

/**
 * Two real server processes on one PostgreSQL database and one Redis, as behind a load balancer: what is done
 * through one reaches a socket on the other.
 */
describe.skipIf(!process.env.REDIS_URL || !process.env.TEST_DATABASE_URL)('two server processes with Redis', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-rt-'));
  const servers: ChildProcess[] = [];
  const base = (index: number) => `http://127.0.0.1:${PORT + index}`;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let event: FixtureEvent;
  let token: string;
  let memberId: string;
  let operator: Record<string, string>;
  const sockets: TestSocket[] = [];
  const prefix = `jinb-test:rt:${randomBytes(4).toString('hex')}:`;

  function start(index: number): ChildProcess {
    const child = spawnDemoServer({
      port: PORT + index,
      databaseUrl: database.url,
      dataDir,
      redisPrefix: prefix,
      member: MEMBER,
      operator: OPERATOR,
    });
    servers.push(child);
    return child;
  }
  beforeAll(async () => {
    database = await scratchDatabase('jinb_rt');
    // One at a time: the first applies the migrations and seeds the demo accounts.
    await waitForServer(base(0), start(0));
    await waitForServer(base(1), start(1));
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    event = await insertEvent(handle.db);
    await handle.close();

    operator = {
      authorization: `Bearer ${(await data<{ token: string }>(operatorSignIn(base(0), OPERATOR.account, OPERATOR.password))).token}`,
    };
    const device = `h5-android-rt-${randomBytes(4).toString('hex')}`;
    token = (await data<{ token: string }>(memberSignIn(base(0), MEMBER.account, MEMBER.password, device))).token;
    memberId = (await data<{ id: string }>(fetch(`${base(0)}/api/findmed/v1/member/token`, { headers: { t: token } })))
      .id;
    const credit = await fetch(`${base(0)}/api/admin/v1/members/${memberId}/adjust`, {
      method: 'POST',
      headers: { ...operator, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '100', reason: 'realtime test' }),
    });
    expect(credit.status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a price change made through one process reaches a socket on the other', async () => {
    const socket = await openSocket(`${base(1).replace('http', 'ws')}/ws`);
    sockets.push(socket);
    const topic = `event:${event.id}`;
    expect(await socket.subscribe(topic)).toMatchObject({ op: 'subscribed' });
    const market = event.markets[0]!;
    const selectionId = Object.values(market.selections)[0]!.toString();
    const changed = await fetch(`${base(0)}/api/admin/v1/sports/markets/${market.id}/prices`, {
      method: 'POST',
      headers: { ...operator, 'content-type': 'application/json' },
      body: JSON.stringify({ selections: [{ id: selectionId, odds: '2.37' }] }),
    });
    expect(changed.status).toBe(200);
    const publication = await socket.next((frame) => frame.topic === topic && frame.op === undefined, 10_000);
    const selections = (publication.data as { selections?: Array<{ id: string; odds: string }> }).selections;
    expect(selections?.find((selection) => selection.id === selectionId)?.odds).toBe('2.37');
  });

  it("a member's balance push arrives on the other process after a bet placed through the first", async () => {
    const socket = await openSocket(`${base(1).replace('http', 'ws')}/ws?t=${token}`);
    sockets.push(socket);
    expect(await socket.subscribe('balance')).toMatchObject({ op: 'subscribed' });
    const market = event.markets[0]!;
    const selectionId = Object.values(market.selections)[1]!.toString();
    const placed = await fetch(`${base(0)}/api/f/v1/sports/bets`, {
      method: 'POST',
      headers: {
        t: token,
        d: '25',
        lang: 'zh-CN',
        device_no: 'h5-android-rt-bet',
        'content-type': 'application/json',
        'idempotency-key': `realtime-bet-${randomBytes(4).toString('hex')}`,
      },
      body: JSON.stringify({
        type: 'single',
        stake: '10',
        acceptOdds: 'any',
        legs: [{ selectionId, odds: '1.01' }],
      }),
    });
    expect(await placed.json()).toMatchObject({ status: true });
    const pushed = await socket.next((frame) => frame.topic === 'balance' && frame.op === undefined, 10_000);
    expect(pushed.data).toMatchObject({ balance: '90.0000' });
  });
});

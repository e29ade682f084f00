import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sportsApi } from '@jinb/contract';
import { Redis } from 'ioredis';
import { createRealtimeHub } from '../apps/server/src/realtime/realtime-hub';
import { createRedisTopicLog } from '../apps/server/src/realtime/redis-topic-log';
import { type FixtureEvent, insertEvent } from '../apps/server/src/test/sports-fixtures';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { openTarget, operatorToken, prepareTarget, startMoneyServer } from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { freePort, startNodeProcess } from './lib/server-process';
import { connectFleet, createTimer, drive, type Fleet, until } from './lib/socket-fleet';
import { percentile } from './lib/stats';

/**
 * Fan-out of the realtime channel (issue 21): 1,000 sockets split across 2 server processes sharing Redis, all
 * subscribed to one event, 10 price changes a second, each timed from its publication to each socket's receipt:
 *
 * - through the hub: this process publishes with the channel's own publisher (`createRealtimeHub` on the Redis topic
 *   log, as a server process's module would), so the time covers the Redis script and pub/sub, both servers' hubs
 *   and the sockets: the channel itself (the target);
 * - through the trading route (`POST /api/admin/v1/sports/markets/{id}/prices` on the first process): the same plus
 *   the route's transaction and the event's reads after the commit, what an operator's change costs end to end.
 *
 * The baseline, in the same run by the same clients: a bare `ws` server (bench/lib/bare-ws-server.ts) broadcasting
 * each change to 1,000 sockets as soon as its HTTP call arrives.
 *
 * Then: memory per idle socket (a server's resident memory before and after 2,000 idle sockets), and a stepped ramp
 * of sockets on one process (publishing through the hub) until p99 passes 100 ms, bounded in steps and time. Clients
 * and servers share this machine, so that figure is a lower bound for a server with a machine of its own.
 */
const SOCKETS = 1_000;
const PER_SECOND = 10;
const TARGET_P99_MS = 100;
const IDLE_SOCKETS = 2_000;
const RAMP_STEPS = [250, 500, 1_000, 2_000, 3_000, 4_000, 6_000, 8_000, 10_000];
const RAMP_BUDGET_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A price no other change of the run uses, so a receipt names its change: 1.01, 1.02, ... 10.00, then again. */
let changeCounter = 0;
const nextOdds = () => ((101 + (changeCounter++ % 900)) / 100).toFixed(2);

function residentKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN);
}

type Phase = {
  label: string;
  sockets: number;
  changes: number;
  p50: number;
  p99: number;
  max: number;
  missing: number;
  reloads: number;
  changeP99: number;
};

function phaseOf(label: string, fleet: Fleet, changes: number, durations: number[]): Phase {
  return {
    label,
    sockets: fleet.sockets.length,
    changes,
    p50: percentile(fleet.samples, 50),
    p99: percentile(fleet.samples, 99),
    max: percentile(fleet.samples, 100),
    missing: fleet.sockets.length * changes - fleet.received,
    reloads: fleet.reloads,
    changeP99: percentile(durations, 99),
  };
}

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 2, max: 120 });
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  console.log(
    `fanout: ${SOCKETS} sockets over 2 processes with Redis (${redisUrl}), ${PER_SECOND} price changes a second for ` +
      `${seconds} s; then memory per idle socket and a ramp on one process`,
  );
  console.log(`machine: ${machine()}`);

  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new BenchmarkInvalid(`no Redis at ${redisUrl} (set BENCH_REDIS_URL): ${(error as Error).message}`);
  } finally {
    probe.disconnect();
  }

  // The event lives in the first process's database; the second only holds sockets, so on PGlite it has its own.
  const first = await prepareTarget();
  const second = first.database === 'postgres' ? first : await prepareTarget();
  if (first.database !== 'postgres') console.log('note: PGlite, one database per process (set BENCH_DATABASE_URL)');
  const handle = await openTarget(first);
  const event: FixtureEvent = await insertEvent(handle.db);
  await handle.close();
  const market = event.markets[0]!;
  const selectionId = Object.values(market.selections)[0]!.toString();
  const topic = `event:${event.id}`;

  const env = {
    REDIS_URL: redisUrl,
    WS_REDIS_PREFIX: `jinb-bench:rt:${randomBytes(4).toString('hex')}:`,
    WS_MAX_SOCKETS_PER_ADDRESS: '100000',
    WS_MAX_SOCKETS: '20000',
    SPORTS_FEED: 'none',
  };
  const a = await startMoneyServer(first, env);
  const b = await startMoneyServer(second, env);
  console.log(`servers: ${a.url} (pid ${a.pid}), ${b.url} (pid ${b.pid}), ${first.database}`);
  const operator = await operatorToken(a.url);
  const pricesUrl = `${a.url}${sportsApi.adminSportsMarketPrices.replace(':id', market.id.toString())}`;
  const changePrice = async (_index: number, odds: string) => {
    const response = await fetch(pricesUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ selections: [{ id: selectionId, odds }] }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new BenchmarkInvalid(`price change: HTTP ${response.status} ${text.slice(0, 200)}`);
  };
  const timer = createTimer(selectionId);
  const wsOf = (url: string) => `${url.replace('http', 'ws')}/ws`;

  // A real publication, to give the baseline frames of the same size and shape.
  const sample = await connectFleet(wsOf(b.url), 1, timer, { subscribe: topic });
  let sampleFrame = '';
  sample.sockets[0]!.on('message', (raw: Buffer) => {
    if (timer.oddsIn(raw)) sampleFrame = raw.toString();
  });
  await sleep(300);
  await changePrice(0, nextOdds());
  if (!(await until(() => sampleFrame !== '', 5_000)))
    throw new BenchmarkInvalid('a price change never reached a socket: is the sportsbook publishing event topics?');
  sample.close();
  console.log(`a publication is ${Buffer.byteLength(sampleFrame)} bytes`);
  const sampleData = (JSON.parse(sampleFrame) as { data: { selections: Array<{ id: string; odds: string }> } }).data;
  const publisher = createRealtimeHub({
    log: createRedisTopicLog(redisUrl, { prefix: env.WS_REDIS_PREFIX }),
    sessions: { identify: async () => null, identifyGuest: async () => null, identifyOperator: async () => null },
    logger: {
      warn: (object, message) => console.warn(message, object),
      error: (object, message) => console.error(message, object),
    },
  });
  onCleanup(() => publisher.close());
  const publish = async (_index: number, odds: string) => {
    publisher.publish(topic, {
      ...sampleData,
      selections: sampleData.selections.map((selection) =>
        selection.id === selectionId ? { ...selection, odds } : selection,
      ),
    });
  };

  // Baseline: the bare broadcast server.
  const barePort = await freePort();
  const bare = await startNodeProcess({
    name: 'bare-ws',
    script: 'bench/lib/bare-ws-server.ts',
    port: barePort,
    env: { PORT: String(barePort) },
    readyPath: '/ready',
  });
  const marker = `"id":"${selectionId}","odds":"`;
  const at = sampleFrame.indexOf(marker) + marker.length;
  const frameWith = (odds: string) => sampleFrame.slice(0, at) + odds + sampleFrame.slice(sampleFrame.indexOf('"', at));
  const broadcast = async (_index: number, odds: string) => {
    const response = await fetch(`${bare.url}/broadcast`, { method: 'POST', body: frameWith(odds) });
    await response.text();
  };
  const baseFleet = await connectFleet(wsOf(bare.url), SOCKETS, timer);
  await drive(PER_SECOND * 2, PER_SECOND, timer, nextOdds, broadcast);
  baseFleet.samples = [];
  baseFleet.received = 0;
  const baseChanges = PER_SECOND * seconds;
  const baseDurations = await drive(baseChanges, PER_SECOND, timer, nextOdds, broadcast);
  await until(() => baseFleet.received >= SOCKETS * baseChanges, 3_000);
  const baseline = phaseOf('bare ws broadcast (baseline)', baseFleet, baseChanges, baseDurations);
  baseFleet.close();
  await bare.stop();

  // The channel: half the sockets on each process.
  const fleet = await connectFleet(wsOf(a.url), SOCKETS / 2, timer, { subscribe: topic });
  await connectFleet(wsOf(b.url), SOCKETS / 2, timer, { subscribe: topic, into: fleet });
  await sleep(1_000);
  await drive(PER_SECOND * 2, PER_SECOND, timer, nextOdds, changePrice);
  await drive(PER_SECOND * 2, PER_SECOND, timer, nextOdds, publish);
  await sleep(500);
  fleet.samples = [];
  fleet.received = 0;
  fleet.reloads = 0;
  const changes = PER_SECOND * seconds;
  const durations = await drive(changes, PER_SECOND, timer, nextOdds, publish);
  await until(() => fleet.received >= SOCKETS * changes, 3_000);
  const channel = phaseOf('channel: hub publish, 2 processes + Redis', fleet, changes, durations);
  fleet.samples = [];
  fleet.received = 0;
  const routeDurations = await drive(changes, PER_SECOND, timer, nextOdds, changePrice);
  await until(() => fleet.received >= SOCKETS * changes, 3_000);
  const route = phaseOf('channel: trading route, end to end', fleet, changes, routeDurations);
  fleet.close();

  // Memory per idle socket, on the second process.
  await sleep(2_000);
  const before = residentKiB(b.pid);
  const idle = await connectFleet(wsOf(b.url), IDLE_SOCKETS, timer, { subscribe: 'live' });
  await sleep(3_000);
  const after = residentKiB(b.pid);
  idle.close();
  const perIdleKiB = (after - before) / IDLE_SOCKETS;

  // The ramp, on the second process alone.
  const ramp: Phase[] = [];
  const rampFleet = await connectFleet(wsOf(b.url), 0, timer);
  onCleanup(() => rampFleet.close());
  const rampStarted = performance.now();
  for (const step of RAMP_STEPS) {
    if (performance.now() - rampStarted > RAMP_BUDGET_MS) break;
    await connectFleet(wsOf(b.url), step - rampFleet.sockets.length, timer, { subscribe: topic, into: rampFleet });
    await sleep(1_000);
    rampFleet.samples = [];
    rampFleet.received = 0;
    rampFleet.reloads = 0;
    const stepChanges = PER_SECOND * Math.min(seconds, 5);
    const stepDurations = await drive(stepChanges, PER_SECOND, timer, nextOdds, publish);
    await until(() => rampFleet.received >= step * stepChanges, 3_000);
    const phase = phaseOf(`ramp: ${step} sockets on one process`, rampFleet, stepChanges, stepDurations);
    ramp.push(phase);
    console.log(`  ${phase.label}: p50 ${fixed(phase.p50)} ms, p99 ${fixed(phase.p99)} ms, missing ${phase.missing}`);
    if (phase.p99 > TARGET_P99_MS) break;
  }
  rampFleet.close();
  const held = ramp.filter((phase) => phase.p99 <= TARGET_P99_MS).at(-1)?.sockets ?? 0;
  const passed = ramp.some((phase) => phase.p99 > TARGET_P99_MS);

  console.log('');
  printTable([
    [
      'phase',
      'sockets',
      'changes',
      'p50 ms',
      'p99 ms',
      'max ms',
      'p99 vs baseline',
      'missing',
      'reloads',
      'change call p99',
    ],
    ...[baseline, channel, route, ...ramp].map((phase) => [
      phase.label,
      String(phase.sockets),
      String(phase.changes),
      fixed(phase.p50),
      fixed(phase.p99),
      fixed(phase.max),
      `${fixed(phase.p99 / Math.max(baseline.p99, 0.001), 1)}x`,
      String(phase.missing),
      String(phase.reloads),
      fixed(phase.changeP99),
    ]),
  ]);
  console.log('');
  console.log(
    `memory per idle socket: ${fixed(perIdleKiB, 1)} KiB resident (${IDLE_SOCKETS} sockets: ${before} -> ${after} KiB)`,
  );
  console.log(
    `sockets one process held with p99 <= ${TARGET_P99_MS} ms: ${held}${passed ? '' : ` (never passed it; the ramp stopped at ${ramp.at(-1)?.sockets ?? 0})`}`,
  );
  verdict(
    `delivery p99 < ${TARGET_P99_MS} ms from the hub's publish, ${SOCKETS} sockets on 2 processes`,
    channel.p99 < TARGET_P99_MS,
    `${fixed(channel.p99)} ms (the bare broadcast: ${fixed(baseline.p99)} ms)`,
  );
  console.log(`machine after the run: ${machine()}`);
  saveResults(`fanout-${first.database}`, { seconds, baseline, channel, route, perIdleKiB, ramp, held });

  for (const phase of [channel, route])
    if (phase.missing > 0 || phase.reloads > 0)
      throw new BenchmarkInvalid(`${phase.label}: ${phase.missing} deliveries missing and ${phase.reloads} reloads`);
}

runBenchmark(main);

import { randomUUID } from 'node:crypto';
import { HEADER, REALTIME_PATH, sportsApi } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { resultRows } from '../apps/server/src/db/result-rows';
import { settings } from '../apps/server/src/db/schema';
import { DEFAULT_SPORTS_SETTINGS, SPORTS_SETTINGS_KEY } from '../apps/server/src/sports/sports-settings';
import { type FixtureEvent, insertEvent } from '../apps/server/src/test/sports-fixtures';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { CONNECTIONS, type LoadOutcome, loadWith } from './lib/money-load';
import {
  type BenchMember,
  fundMembers,
  insertMembers,
  ledgerCheck,
  memberHeaders,
  openTarget,
  operatorToken,
  prepareTarget,
  startMoneyServer,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { percentile } from './lib/stats';

/**
 * In-play placement under live price changes (issue 21): members bet singles on live matches, each bet held for the
 * football delay (1 s here) with its stake taken, while an operator moves prices 10 times a second through the
 * trading route (each change takes its event's lock exclusively, so bets on that event wait for it, and a bet priced
 * before it is priced again; at the decision a price that dropped in the delay is taken, as policy `any` allows).
 *
 * Two figures:
 * - **bets/s accepted** (answered `pending`) through the real route, against the baseline measured in the same run
 *   on the same server: pre-match singles of the same members (stood at once, no delay, no price changes), in
 *   alternating rounds (baseline, in play, baseline, in play) so the machine's drift touches both alike;
 * - **decision lateness**: when the bet left `pending`, minus when it was placed, minus the delay, i.e. minus its
 *   `decide_at` (the statement sets it to its own `now()` + the delay, so it is exactly placed_at + the delay). The
 *   schema records no decision time (a stood bet only changes status), so it is taken where the member learns it: every
 *   member keeps a socket on its `bets` topic, where the decision run publishes each bet's outcome right after the
 *   batch commits, and the time the frame arrives is the decision time (an upper bound, by the socket's delivery
 *   to a client on the same machine). `decide_at` is read from the database after the run; the server and the bench
 *   share the machine's clock. A bet decided whose frame never came is counted and fails the run.
 *
 * No targets in the issue: the verdicts are that every in-play bet was decided (none left pending, every decision
 * heard) and the ledger balances.
 */
const MEMBERS = 300;
const LIVE_EVENTS = 20;
const PREMATCH_EVENTS = 20;
const DELAY_S = 1;
const PRICE_CHANGES_PER_SECOND = 10;
const PRICE_CHANGES_IN_FLIGHT = 8;
const ROUNDS = 2;
/** Warm-up bets use keys of their own. */
const WARMUP_OFFSET = 1_000_000_000;
/** The fixture's default markets (insertEvent): 1X2, handicap -0.25, over/under 2.5, and their prices. */
const FIXTURE_ODDS: ReadonlyArray<Record<string, number>> = [
  { home: 2.1, draw: 3.3, away: 3.4 },
  { home: 1.95, away: 1.9 },
  { over: 1.9, under: 1.95 },
];

/** A small seeded generator (mulberry32): the same sequence gives the same bet. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A single on a random market and side of one of `events`, at the fixture's price (`any` takes the current one). */
function randomSingle(events: FixtureEvent[], sequence: number) {
  const random = seeded(sequence * 2_654_435_761);
  const event = events[Math.floor(random() * events.length)]!;
  const marketIndex = Math.floor(random() * event.markets.length);
  const market = event.markets[marketIndex]!;
  const sides = Object.keys(market.selections);
  const side = sides[Math.floor(random() * sides.length)]!;
  return {
    type: 'single',
    stake: '10',
    acceptOdds: 'any',
    legs: [{ selectionId: market.selections[side]!.toString(), odds: FIXTURE_ODDS[marketIndex]![side]!.toFixed(2) }],
  };
}

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([code, n]) => `${code} x${n}`)
    .join(', ');
}

const accepted = (outcome: LoadOutcome) => outcome.requests - outcome.non2xx;

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 2, max: 300 });
  console.log(
    `in-play: autocannon, ${CONNECTIONS} connections, ${ROUNDS} x (${seconds} s pre-match, ${seconds} s in play); ` +
      `${MEMBERS} members, ${LIVE_EVENTS} live and ${PREMATCH_EVENTS} pre-match events, delay ${DELAY_S} s, ` +
      `${PRICE_CHANGES_PER_SECOND} price changes/s`,
  );
  console.log(`machine: ${machine()}`);

  // 1. Members, events and the delay straight into the database, before the server owns it.
  const target = await prepareTarget();
  if (target.database !== 'postgres') console.log('note: PGlite (set BENCH_DATABASE_URL for PostgreSQL)');
  const handle = await openTarget(target);
  const benchMembers = await insertMembers(handle, MEMBERS);
  const live: FixtureEvent[] = [];
  const prematch: FixtureEvent[] = [];
  for (let index = 0; index < LIVE_EVENTS; index++) live.push(await insertEvent(handle.db));
  for (let index = 0; index < PREMATCH_EVENTS; index++)
    prematch.push(await insertEvent(handle.db, { startAt: new Date(Date.now() + 2 * 86_400_000 + index * 60_000) }));
  const value = { ...DEFAULT_SPORTS_SETTINGS, inPlay: { betDelay: { football: DELAY_S } } };
  await handle.db
    .insert(settings)
    .values({ key: SPORTS_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
  await handle.close();

  // 2. The server (no simulated feed: the operator is the only one moving prices), members funded, matches kicked off
  // through the manual feed's live route.
  const server = await startMoneyServer(target, {
    SPORTS_FEED: 'none',
    // Every member's socket comes from this one address.
    WS_MAX_SOCKETS_PER_ADDRESS: String(MEMBERS + 10),
    // What placement costs, not the adaptive load gate (overload.bench.ts measures that): on this shared machine it
    // sheds 503s whenever a neighbour's load takes the median answer past 250 ms, the operator's price changes too.
    OVERLOAD_LATENCY_TARGET_MS: '0',
  });
  console.log(`server: ${server.url} (pid ${server.pid}, ${target.database})`);
  const operator = await operatorToken(server.url);
  const asOperator = { authorization: `Bearer ${operator}`, 'content-type': 'application/json' };
  await fundMembers(server.url, operator, benchMembers);
  for (const event of live) {
    const response = await fetch(`${server.url}${sportsApi.adminSportsEventLive.replace(':id', event.id.toString())}`, {
      method: 'POST',
      headers: asOperator,
      body: JSON.stringify({ home: 0, away: 0, minute: 10 }),
    });
    if (!response.ok) throw new BenchmarkInvalid(`kick-off of ${event.id}: HTTP ${response.status}`);
  }
  const before = await ledgerCheck(server.url, operator);
  if (!before.ok) throw new BenchmarkInvalid(`ledger check failed before the load: ${JSON.stringify(before)}`);

  // 3. Every member's socket on its bets topic: when each decision is heard.
  const decidedAt = new Map<string, { at: number; status: string }>();
  const wsUrl = `${server.url.replace('http:', 'ws:')}${REALTIME_PATH}`;
  const sockets = await Promise.all(
    benchMembers.map(
      (member) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${wsUrl}?t=${encodeURIComponent(member.token)}`);
          ws.on('message', (raw) => {
            const frame = JSON.parse(raw.toString()) as {
              op?: string;
              topic?: string;
              data?: { id?: string; status?: string };
            };
            if (frame.op === 'subscribed') resolve(ws);
            else if (frame.op === 'error') reject(new Error(`socket: ${raw.toString()}`));
            else if (frame.topic === 'bets' && frame.data?.id && frame.data.status && frame.data.status !== 'pending')
              decidedAt.set(frame.data.id, { at: Date.now(), status: frame.data.status });
          });
          ws.once('open', () => ws.send(JSON.stringify({ op: 'sub', topic: 'bets' })));
          ws.once('error', reject);
        }),
    ),
  );
  onCleanup(() => {
    for (const ws of sockets) ws.terminate();
  });

  // 4. The rounds.
  const runTag = randomUUID().slice(0, 8);
  const requestOf = (events: FixtureEvent[], prefix: string) => (sequence: number) => {
    const member: BenchMember = benchMembers[sequence % benchMembers.length]!;
    return {
      headers: { ...memberHeaders(member), [HEADER.idempotencyKey]: `${prefix}-${runTag}-${sequence}` },
      body: JSON.stringify(randomSingle(events, sequence)),
    };
  };
  const base = { baseUrl: server.url, path: sportsApi.placeBet, contentType: 'application/json' };
  const problems: string[] = [];
  const check = (label: string, outcome: LoadOutcome, allowed: readonly string[] = []) => {
    const unexpected = Object.fromEntries(
      Object.entries(outcome.unexpected).filter(([code]) => !allowed.includes(code)),
    );
    if (outcome.errors) problems.push(`${label}: ${outcome.errors} errors/timeouts`);
    if (Object.keys(unexpected).length) problems.push(`${label}: ${describeCounts(unexpected)}`);
    if (!accepted(outcome)) problems.push(`${label}: no bet accepted`);
  };

  // Two pre-match bets a member first (caches, the open-bets account), then a short in-play warm-up.
  const prematchBet = requestOf(prematch, 'pre');
  const liveBet = requestOf(live, 'live');
  check(
    'warm-up',
    await loadWith({ ...base, seconds: 60, requests: 2 * MEMBERS, next: (n) => prematchBet(WARMUP_OFFSET + n) }),
  );
  check(
    'in-play warm-up',
    await loadWith({ ...base, seconds: 60, requests: MEMBERS, next: (n) => liveBet(WARMUP_OFFSET + n) }),
  );
  await new Promise((resolve) => setTimeout(resolve, DELAY_S * 1000 + 1000));
  await waitForQuiet(server.url, operator);

  /**
   * Moves a live price every 1/PRICE_CHANGES_PER_SECOND s until stopped, on a fixed schedule whatever the answers take
   * (at most PRICE_CHANGES_IN_FLIGHT at once: a desk with a few traders); answers each change's duration.
   */
  function movePrices() {
    const durations: number[] = [];
    const failures: string[] = [];
    const inFlight = new Set<Promise<void>>();
    let stopped = false;
    let sequence = 0;
    const random = seeded(0x5eed);
    const change = async (index: number) => {
      const event = live[index % live.length]!;
      const marketIndex = Math.floor(index / live.length) % event.markets.length;
      const market = event.markets[marketIndex]!;
      const sides = Object.keys(market.selections);
      const side = sides[Math.floor(random() * sides.length)]!;
      // Within 0.10 of the fixture's price, so a drop and a rise both happen.
      const odds = (FIXTURE_ODDS[marketIndex]![side]! + (Math.floor(random() * 21) - 10) / 100).toFixed(2);
      const begin = performance.now();
      const response = await fetch(
        `${server.url}${sportsApi.adminSportsMarketPrices.replace(':id', market.id.toString())}`,
        {
          method: 'POST',
          headers: asOperator,
          body: JSON.stringify({ selections: [{ id: market.selections[side]!.toString(), odds }] }),
          signal: AbortSignal.timeout(30_000),
        },
      ).catch((error: unknown) => error as Error);
      if (response instanceof Error || !response.ok)
        failures.push(response instanceof Error ? response.message : `HTTP ${response.status}`);
      else await response.arrayBuffer();
      durations.push(performance.now() - begin);
    };
    const running = (async () => {
      const interval = 1000 / PRICE_CHANGES_PER_SECOND;
      const started = performance.now();
      while (!stopped) {
        if (inFlight.size >= PRICE_CHANGES_IN_FLIGHT) await Promise.race(inFlight);
        const task = change(sequence++).finally(() => inFlight.delete(task));
        inFlight.add(task);
        const wait = started + sequence * interval - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await Promise.all(inFlight);
    })();
    return {
      async stop() {
        stopped = true;
        await running;
        return { durations, failures };
      },
    };
  }

  // The price changes' own baseline: 3 s of them with no bets coming in.
  const alone = movePrices();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const quiet = await alone.stop();
  if (quiet.failures.length) problems.push(`price changes alone failed: ${quiet.failures.slice(0, 3)}`);
  // And under pre-match bets (none on the live events): what the load alone costs them, before any in-play bet.
  const beside = movePrices();
  check(
    'pre-match beside price changes',
    await loadWith({ ...base, seconds: Math.min(5, seconds), next: (n) => prematchBet(900_000_000 + n) }),
  );
  const besidePrematch = await beside.stop();
  if (besidePrematch.failures.length) problems.push(`price changes failed: ${besidePrematch.failures.slice(0, 3)}`);
  await waitForQuiet(server.url, operator);

  const rounds: Array<{ prematch: LoadOutcome; live: LoadOutcome; changes: number[]; failures: string[] }> = [];
  const liveStarted = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    const pre = await loadWith({ ...base, seconds, next: (n) => prematchBet(round * 10_000_000 + n) });
    check(`pre-match round ${round + 1}`, pre);
    await waitForQuiet(server.url, operator);
    const mover = movePrices();
    // Under `any` a bet still meets ODDS_CHANGED when the price moves under it 3 times running (bet.service.ts):
    // counted, not accepted.
    const inPlay = await loadWith({ ...base, seconds, next: (n) => liveBet(round * 10_000_000 + n) });
    const moved = await mover.stop();
    check(`in-play round ${round + 1}`, inPlay, ['ODDS_CHANGED']);
    rounds.push({ prematch: pre, live: inPlay, changes: moved.durations, failures: moved.failures });
    if (moved.failures.length) problems.push(`round ${round + 1}: price changes failed: ${moved.failures.slice(0, 3)}`);
    // The last bets' delay, then their decisions: until the sockets have heard nothing new for 2 s.
    await new Promise((resolve) => setTimeout(resolve, DELAY_S * 1000));
    for (let heard = -1, waited = 0; heard !== decidedAt.size && waited < 60_000; waited += 2_000) {
      heard = decidedAt.size;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    await waitForQuiet(server.url, operator);
  }
  const after = await ledgerCheck(server.url, operator);
  for (const ws of sockets) ws.terminate();
  await server.stop();

  // 5. Every in-play bet of the rounds with its decide_at; the decision as the socket heard it.
  const count = await openTarget(target);
  const bets = resultRows<{ id: string; status: string; decide_ms: string }>(
    await count.db.execute(sql`
      select id::text as id, status, floor(extract(epoch from decide_at) * 1000)::bigint::text as decide_ms
      from sports_bets where decide_at is not null and placed_at >= ${new Date(liveStarted).toISOString()}::timestamptz`),
  );
  const [totals] = resultRows<{ bets: number; stakes: number; refunds: number }>(
    await count.db.execute(sql`
      select (select count(*)::int from sports_bets) as bets,
        (select count(*)::int from ledger_transfers where code = 'bet_stake') as stakes,
        (select count(*)::int from ledger_transfers where code = 'bet_refund') as refunds`),
  );
  await count.close();
  const byStatus: Record<string, number> = {};
  const lateness: number[] = [];
  let unheard = 0;
  for (const bet of bets) {
    byStatus[bet.status] = (byStatus[bet.status] ?? 0) + 1;
    if (bet.status === 'pending') continue;
    const heard = decidedAt.get(bet.id);
    if (!heard) unheard++;
    else lateness.push(heard.at - Number(bet.decide_ms));
  }
  if (byStatus.pending) problems.push(`${byStatus.pending} in-play bets still pending after the run`);
  if (unheard) problems.push(`${unheard} decisions never reached the member's socket`);
  if (totals?.stakes !== totals?.bets) problems.push(`${totals?.bets} bets, ${totals?.stakes} stake postings`);

  const sum = (pick: (round: (typeof rounds)[number]) => number) =>
    rounds.reduce((total, round) => total + pick(round), 0);
  const prematchRate = sum((round) => accepted(round.prematch)) / (ROUNDS * seconds);
  const liveRate = sum((round) => accepted(round.live)) / (ROUNDS * seconds);
  const changes = rounds.flatMap((round) => round.changes);
  console.log('');
  printTable([
    ['scenario', 'accepted bets/s', 'vs baseline', 'p99 ms (answer)', 'requests', 'refused', 'errors'],
    ...rounds.flatMap((round, index) => [
      [
        `round ${index + 1} baseline: pre-match singles, stood at once`,
        fixed(accepted(round.prematch) / seconds, 0),
        '100%',
        fixed(round.prematch.p99Ms, 0),
        String(round.prematch.requests),
        String(round.prematch.non2xx),
        String(round.prematch.errors),
      ],
      [
        `round ${index + 1} in play: held ${DELAY_S} s, ${PRICE_CHANGES_PER_SECOND} price changes/s`,
        fixed(accepted(round.live) / seconds, 0),
        `${fixed((accepted(round.live) / Math.max(1, accepted(round.prematch))) * 100, 0)}%`,
        fixed(round.live.p99Ms, 0),
        String(round.live.requests),
        String(round.live.non2xx),
        String(round.live.errors),
      ],
    ]),
    [
      'all rounds: in play vs pre-match',
      `${fixed(liveRate, 0)} / ${fixed(prematchRate, 0)}`,
      `${fixed((liveRate / prematchRate) * 100, 0)}%`,
      '',
      '',
      '',
      '',
    ],
  ]);
  console.log('');
  const p50 = percentile(lateness, 50);
  const p99 = percentile(lateness, 99);
  console.log(
    `decision after the delay (heard on the member's socket - decide_at), ${lateness.length} in-play bets: ` +
      `p50 ${fixed(p50, 0)} ms, p99 ${fixed(p99, 0)} ms, max ${fixed(Math.max(...lateness), 0)} ms ` +
      `(p99 ${fixed((p99 / (DELAY_S * 1000)) * 100, 0)}% of the ${DELAY_S} s delay)`,
  );
  console.log(
    `in-play bets: ${describeCounts(byStatus)}; refunds: ` +
      `${totals?.refunds}; in-play refusals at the route: ${describeCounts(
        rounds.reduce<Record<string, number>>((all, round) => {
          for (const [code, n] of Object.entries(round.live.unexpected)) all[code] = (all[code] ?? 0) + n;
          return all;
        }, {}),
      )}`,
  );
  console.log(
    `price changes during the in-play rounds: ${changes.length} (${fixed(changes.length / (ROUNDS * seconds), 1)}/s), ` +
      `answered p50 ${fixed(percentile(changes, 50), 0)} ms, p99 ${fixed(percentile(changes, 99), 0)} ms; under ` +
      `pre-match bets: p50 ${fixed(percentile(besidePrematch.durations, 50), 0)} ms, p99 ` +
      `${fixed(percentile(besidePrematch.durations, 99), 0)} ms; alone (no bets): p50 ` +
      `${fixed(percentile(quiet.durations, 50), 0)} ms, p99 ${fixed(percentile(quiet.durations, 99), 0)} ms`,
  );
  verdict('every in-play bet decided', !byStatus.pending && !unheard, `${lateness.length} decided`);
  verdict('ledger balanced after the run', after.ok, JSON.stringify(after));
  console.log(`machine after the run: ${machine()}`);

  saveResults(`in-play-${target.database}`, {
    connections: CONNECTIONS,
    seconds,
    roundCount: ROUNDS,
    members: MEMBERS,
    delaySeconds: DELAY_S,
    priceChangesPerSecond: PRICE_CHANGES_PER_SECOND,
    database: target.database,
    acceptedPerSecond: { prematch: prematchRate, inPlay: liveRate, ratio: liveRate / prematchRate },
    decisionLatenessMs: { p50, p99, max: Math.max(...lateness), samples: lateness.length },
    priceChangeMs: {
      p50: percentile(changes, 50),
      p99: percentile(changes, 99),
      count: changes.length,
      alone: { p50: percentile(quiet.durations, 50), p99: percentile(quiet.durations, 99) },
      underPrematch: { p50: percentile(besidePrematch.durations, 50), p99: percentile(besidePrematch.durations, 99) },
    },
    byStatus,
    totals,
    rounds,
    ledgerCheck: after,
  });

  if (!after.ok) throw new BenchmarkInvalid(`ledger check failed after the load: ${JSON.stringify(after)}`);
  if (problems.length) throw new BenchmarkInvalid(`the figures are meaningless:\n  ${problems.join('\n  ')}`);
}

runBenchmark(main);

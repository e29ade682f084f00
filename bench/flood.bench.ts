import { spawn } from 'node:child_process';
import path from 'node:path';
import { HEADER, sportsApi } from '@jinb/contract';
import { type FixtureEvent, insertEvent } from '../apps/server/src/test/sports-fixtures';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import {
  type BenchMember,
  fundMembers,
  insertMembers,
  memberHeaders,
  openTarget,
  operatorToken,
  prepareTarget,
  startMoneyServer,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { percentile } from './lib/stats';

/**
 * One client slowing everyone (issue 20). Found from outside: `GET /api/f/v1/sports/events` cost 20-37 ms of server
 * time and about 150 kB a call and had no limit, and 50 concurrent calls from one client raised another member's bet
 * placement from 3 to 353 ms. Here the same members place bets, first on a quiet server (the baseline, measured in the
 * same run), then while one client keeps 50 event-list calls in flight (the biggest lists: 100 events a page, gzip,
 * rotating through the windows and sports), and the bets' p99 is compared. Target: within 2x of the quiet p99.
 */
const MEMBERS = 40;
const EVENTS = 160;
const BETTORS = 4;
const FLOOD_CONNECTIONS = 50;
const TARGET_RATIO = 2;

type Phase = { latencies: number[]; accepted: number; refused: Record<string, number> };
type Flood = { requests: number; '2xx': number; non2xx: number; errors: number; timeouts: number; bytes: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bets one after another per bettor, each a single on a random open selection, with its own key. */
async function bet(
  baseUrl: string,
  members: BenchMember[],
  events: FixtureEvent[],
  seconds: number,
  tag: string,
): Promise<Phase> {
  const phase: Phase = { latencies: [], accepted: 0, refused: {} };
  const until = performance.now() + seconds * 1000;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: BETTORS }, async (_, bettor) => {
      while (performance.now() < until) {
        const n = sequence++;
        const member = members[(n * BETTORS + bettor) % members.length]!;
        const event = events[n % events.length]!;
        const market = event.markets[n % event.markets.length]!;
        const sides = Object.values(market.selections);
        const started = performance.now();
        const response = await fetch(`${baseUrl}${sportsApi.placeBet}`, {
          method: 'POST',
          headers: {
            ...memberHeaders(member),
            'content-type': 'application/json',
            [HEADER.idempotencyKey]: `flood-${tag}-${n}`,
          },
          body: JSON.stringify({
            type: 'single',
            stake: '10',
            acceptOdds: 'any',
            legs: [{ selectionId: sides[n % sides.length]!.toString(), odds: '1.01' }],
          }),
        });
        const body = (await response.json()) as { status: boolean; code?: string };
        phase.latencies.push(performance.now() - started);
        if (body.status) phase.accepted++;
        else {
          const code = body.code ?? `HTTP ${response.status}`;
          phase.refused[code] = (phase.refused[code] ?? 0) + 1;
        }
      }
    }),
  );
  return phase;
}

/** The hostile client (bench/lib/event-list-flood.ts) in a process of its own, for `seconds`. */
function flood(baseUrl: string, seconds: number): Promise<Flood> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'lib/event-list-flood.ts')],
      {
        env: {
          ...process.env,
          FLOOD_URL: baseUrl,
          FLOOD_SECONDS: String(seconds),
          FLOOD_CONNECTIONS: String(FLOOD_CONNECTIONS),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new BenchmarkInvalid(`the flood client exited with ${code}`));
      else resolve(JSON.parse(output.trim().split('\n').pop() ?? '{}') as Flood);
    });
  });
}

function summary(label: string, phase: Phase) {
  return {
    label,
    bets: phase.latencies.length,
    accepted: phase.accepted,
    p50: percentile(phase.latencies, 50),
    p99: percentile(phase.latencies, 99),
    refused: phase.refused,
  };
}

async function main() {
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 2, max: 120 });
  console.log(
    `flood: ${BETTORS} members betting in a loop, quiet for ${seconds} s, then ${seconds} s while one client keeps ` +
      `${FLOOD_CONNECTIONS} event-list calls in flight; ${EVENTS} events, ${MEMBERS} members`,
  );
  console.log(`machine: ${machine()}`);

  const target = await prepareTarget();
  if (target.database !== 'postgres') console.log('note: PGlite (set BENCH_DATABASE_URL for PostgreSQL)');
  const handle = await openTarget(target);
  const members = await insertMembers(handle, MEMBERS);
  const events: FixtureEvent[] = [];
  for (let index = 0; index < EVENTS; index++) {
    events.push(
      await insertEvent(handle.db, {
        sport: index % 4 === 3 ? 'basketball' : 'football',
        ...(index % 4 === 3
          ? {
              markets: [
                {
                  type: 'ml',
                  selections: [
                    { side: 'home', odds: 18_500n },
                    { side: 'away', odds: 20_000n },
                  ],
                },
              ],
            }
          : {}),
        startAt: new Date(Date.now() + (index % 2 === 0 ? 3_600_000 : 2 * 86_400_000) + index * 60_000),
      }),
    );
  }
  await handle.close();

  // The same bettors and the same flood against the server as configured (the catalogue cache and the per-client
  // read limit), then with the limit off: what the cache alone does when the limit is set generously.
  const runs: Array<{
    name: string;
    quiet: ReturnType<typeof summary>;
    loaded: ReturnType<typeof summary>;
    ratio: number;
    flood: Flood;
  }> = [];
  let funded = false;
  for (const [name, env] of [
    ['cache and per-client read limit (as configured)', {}],
    ['cache alone (READ_LIMIT_IP=0, READ_LIMIT_MEMBER=0)', { READ_LIMIT_IP: '0', READ_LIMIT_MEMBER: '0' }],
  ] as const) {
    const server = await startMoneyServer(target, { SPORTS_FEED: 'none', ...env });
    console.log(`server: ${server.url} (pid ${server.pid}, ${target.database}), ${name}`);
    if (!funded) await fundMembers(server.url, await operatorToken(server.url), members);
    funded = true;

    // Warm-up: the server's caches, the members' open-bets accounts, the pages the flood will ask for.
    await bet(server.url, members, events, 2, `warm-${runs.length}`);
    await flood(server.url, 1);
    // The flood's address is past its limit for the rest of the limit's window: let it pass.
    await sleep(10_500);

    const quiet = summary('quiet', await bet(server.url, members, events, seconds, `quiet-${runs.length}`));
    // The flood starts first and ends last, so every measured bet meets it.
    const flooding = flood(server.url, seconds + 2);
    await sleep(1_000);
    const loaded = summary('flooded', await bet(server.url, members, events, seconds, `flood-${runs.length}`));
    const flooded = await flooding;
    await server.stop();
    runs.push({ name, quiet, loaded, ratio: loaded.p99 / Math.max(quiet.p99, 0.001), flood: flooded });
  }

  console.log('');
  printTable([
    [
      'server',
      'bets quiet',
      'p99 quiet',
      'bets flooded',
      'p50 flooded',
      'p99 flooded',
      'p99 vs quiet',
      'flood calls/s',
      '429',
    ],
    ...runs.map((run) => [
      run.name,
      String(run.quiet.bets),
      fixed(run.quiet.p99),
      String(run.loaded.bets),
      fixed(run.loaded.p50),
      fixed(run.loaded.p99),
      `${fixed(run.ratio, 2)}x`,
      fixed(run.flood.requests / (seconds + 2), 0),
      String(run.flood.non2xx),
    ]),
  ]);
  console.log('');
  const configured = runs[0]!;
  for (const run of runs)
    console.log(
      `${run.name}: the flood sent ${run.flood.requests} calls, ${run.flood['2xx']} answered, ${run.flood.non2xx} ` +
        `refused, ${run.flood.errors} errors, ${fixed(run.flood.bytes / Math.max(run.flood.requests, 1) / 1024, 1)} kB a call`,
    );
  verdict(
    `bet p99 under the flood <= ${TARGET_RATIO}x quiet (as configured)`,
    configured.ratio <= TARGET_RATIO,
    `${fixed(configured.ratio, 2)}x`,
  );
  console.log(`machine after the run: ${machine()}`);
  saveResults(`flood-${target.database}`, { seconds, runs });

  const refusals = runs.flatMap((run) => [...Object.keys(run.quiet.refused), ...Object.keys(run.loaded.refused)]);
  if (refusals.length)
    throw new BenchmarkInvalid(
      `bets were refused: ${JSON.stringify(runs.map((run) => [run.quiet.refused, run.loaded.refused]))}`,
    );
  if (runs.some((run) => run.quiet.bets < 20 || run.loaded.bets < 20))
    throw new BenchmarkInvalid('too few bets to read a p99 from');
}

runBenchmark(main);

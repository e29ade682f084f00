import { createHmac, randomUUID } from 'node:crypto';
import {
  SEAMLESS_WALLET_PATH,
  type SeamlessAction,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
} from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { resultRows } from '../apps/server/src/db/result-rows';
import { describeAnswers, type HookedOutcome, hookedLoad } from './lib/hooked-load';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import { CONNECTIONS } from './lib/money-load';
import {
  type BenchMember,
  fundMembers,
  insertMembers,
  openTarget,
  operatorToken,
  prepareTarget,
  SERVER_POOL_SIZE,
  startMoneyServer,
  waitForQuiet,
} from './lib/money-setup';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';

/**
 * Seamless wallet callbacks (issue 22): a vendor's signed calls to `POST /api/vendor/v1/live1/wallet/{action}`
 * (packages/contract/src/vendor-api.ts: `x-vendor-timestamp`, `x-vendor-signature: sha256=<HMAC-SHA256(secret,
 * "<timestamp>.<raw body>")>`, the vendor's txId as the idempotency key), from MEMBERS players in turn, autocannon
 * with 50 connections, each call signed as it is sent:
 *
 * - baseline: `balance` (the same route, signature check, player lookup and answer, no money moved), on the same
 *   server in the same run;
 * - `bet`: a debit of 1.0000 (main -> the vendor's house account, the bet recorded open);
 * - `win`: a credit of 1.9500 for each bet of the round before, in the order they were placed (settles the bet).
 *
 * In ROUNDS alternating rounds (balance, bet, win), BENCH_SECONDS each (win: until every bet of its round has its
 * win). Figures: callbacks/s and p99, and each as a ratio of `balance`. Every answer must be `OK`; the ledger check
 * must hold and the ledger must hold one vendor_bet and one vendor_win transfer per answered call.
 *
 * The server is started with VENDORS naming one seamless vendor, `live1`, with the bench's own secret (its base URL
 * is never called: a seamless vendor calls us). PGlite unless BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
const MEMBERS = 200;
const PLATFORM = 'live1';
const SECRET = `bench-${randomUUID()}`;
const ROUNDS = 2;
const BET = '1';
const WIN = '1.95';

function sign(body: string): Record<string, string> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    [VENDOR_TIMESTAMP_HEADER]: timestamp,
    [VENDOR_SIGNATURE_HEADER]: `sha256=${signature}`,
  };
}

const pathOf = (action: SeamlessAction) =>
  SEAMLESS_WALLET_PATH.replace(':platform', PLATFORM).replace(':action', action);

/** The protocol answers refusals inside a 200: the label is the `code`, or the HTTP status with it. */
function vendorLabel(status: number, body: string): string {
  let code = '';
  try {
    code = (JSON.parse(body) as { code?: string }).code ?? '';
  } catch {
    // Not the protocol's answer.
  }
  return status === 200 ? code || 'HTTP 200 without code' : `HTTP ${status} ${code}`.trim();
}

async function main() {
  // A PostgreSQL URL from either variable (the tests' name too); assigning undefined would set the text "undefined".
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!process.env.BENCH_DATABASE_URL && testUrl) process.env.BENCH_DATABASE_URL = testUrl;
  const seconds = envNumber('BENCH_SECONDS', 10, { min: 1, max: 120 });
  console.log(
    `seamless wallet: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of balance / bet / win, ${seconds} s ` +
      `each; ${MEMBERS} players of vendor ${PLATFORM}; server pool ${SERVER_POOL_SIZE}`,
  );
  console.log(`machine: ${machine()}`);

  const target = await prepareTarget();
  const handle = await openTarget(target);
  const benchMembers = await insertMembers(handle, MEMBERS);
  await handle.close();
  const vendors = [
    { platform: PLATFORM, name: 'bench live', wallet: 'seamless', baseUrl: 'http://127.0.0.1:9', secret: SECRET },
  ];
  const server = await startMoneyServer(target, {
    SPORTS_FEED: 'none',
    OVERLOAD_LATENCY_TARGET_MS: '0',
    VENDORS: JSON.stringify(vendors),
  });
  console.log(`server: ${server.url} (pid ${server.pid}, ${target.database})`);
  const operator = await operatorToken(server.url);
  await fundMembers(server.url, operator, benchMembers);

  const runTag = randomUUID().slice(0, 8);
  const player = (sequence: number) => `p${(benchMembers[sequence % MEMBERS] as BenchMember).memberId}`;
  const call = (action: SeamlessAction, fields: (sequence: number) => Record<string, string>) => (sequence: number) => {
    const body = JSON.stringify({ player: player(sequence), ...fields(sequence) });
    return { path: pathOf(action), headers: sign(body), body };
  };
  const load = (next: ReturnType<typeof call>, options: { seconds: number; amount?: number }) =>
    hookedLoad({
      baseUrl: server.url,
      method: 'POST',
      connections: CONNECTIONS,
      next,
      classify: vendorLabel,
      ...options,
    });

  const problems: string[] = [];
  const check = (label: string, outcome: HookedOutcome) => {
    const refused = Object.entries(outcome.answers).filter(([code]) => code !== 'OK');
    if (refused.length) problems.push(`${label}: ${describeAnswers(Object.fromEntries(refused))}`);
    if (outcome.errors) problems.push(`${label}: ${outcome.errors} errors/timeouts`);
    if (!outcome.requests) problems.push(`${label}: no call completed`);
  };
  const balance = call('balance', () => ({}));
  // Warm-up: every player's balance and one bet and win each (their first movements create nothing new, but warm
  // the caches and the JIT alike for all three).
  check('warm-up balance', await load(balance, { seconds: 60, amount: MEMBERS }));
  const warmBet = (n: number) => ({ txId: `wb-${runTag}-${n}`, amount: BET, round: `wr-${n}`, game: 'bench' });
  check('warm-up bet', await load(call('bet', warmBet), { seconds: 60, amount: MEMBERS }));
  check(
    'warm-up win',
    await load(
      call('win', (n) => ({ txId: `ww-${runTag}-${n}`, betTxId: `wb-${runTag}-${n}`, amount: WIN, round: `wr-${n}` })),
      { seconds: 60, amount: MEMBERS },
    ),
  );

  const runs: Record<'balance' | 'bet' | 'win', HookedOutcome[]> = { balance: [], bet: [], win: [] };
  let okBets = MEMBERS;
  let okWins = MEMBERS;
  for (let r = 0; r < ROUNDS; r++) {
    const base = await load(balance, { seconds });
    check(`balance ${r + 1}`, base);
    runs.balance.push(base);
    const tag = `${runTag}-${r}`;
    const bets = await load(
      call('bet', (n) => ({ txId: `b-${tag}-${n}`, amount: BET, round: `r-${tag}-${n}`, game: 'bench' })),
      { seconds },
    );
    check(`bet ${r + 1}`, bets);
    runs.bet.push(bets);
    okBets += bets.answers.OK ?? 0;
    // A win for each bet sent (those still in flight at the deadline were taken too: the wins come after).
    const wins = await load(
      call('win', (n) => ({ txId: `w-${tag}-${n}`, betTxId: `b-${tag}-${n}`, amount: WIN, round: `r-${tag}-${n}` })),
      { seconds: 4 * seconds, amount: bets.sent },
    );
    check(`win ${r + 1}`, wins);
    runs.win.push(wins);
    okWins += wins.answers.OK ?? 0;
    console.log(
      `  round ${r + 1}: balance ${fixed(base.requestsPerSecond, 0)}/s p99 ${base.p99Ms} ms; bet ` +
        `${fixed(bets.requestsPerSecond, 0)}/s p99 ${bets.p99Ms} ms; win ${fixed(wins.requestsPerSecond, 0)}/s ` +
        `p99 ${wins.p99Ms} ms (${wins.requests} of ${bets.sent} bets)`,
    );
  }
  const after = await waitForQuiet(server.url, operator);
  await server.stop();

  const count = await openTarget(target);
  const transfers = resultRows<{ code: string; n: number }>(
    await count.db.execute(sql`
      select code, count(*)::int as n from ledger_transfers where code in ('vendor_bet', 'vendor_win') group by code`),
  );
  await count.close();
  const stored = Object.fromEntries(transfers.map((row) => [row.code, row.n]));
  // autocannon may stop with a bet in flight per connection: the server still takes it (answered to nobody).
  const storedBets = stored.vendor_bet ?? 0;
  if (storedBets < okBets || storedBets > okBets + ROUNDS * CONNECTIONS)
    problems.push(`${okBets} bets answered OK, ${storedBets} vendor_bet transfers`);
  if ((stored.vendor_win ?? 0) !== okWins) problems.push(`${okWins} wins answered OK, ${stored.vendor_win} vendor_win`);

  const mean = (list: HookedOutcome[], key: 'requestsPerSecond' | 'p99Ms') =>
    list.reduce((sum, outcome) => sum + outcome[key], 0) / list.length;
  const baseRate = mean(runs.balance, 'requestsPerSecond');
  const baseP99 = mean(runs.balance, 'p99Ms');
  const row = (label: string, list: HookedOutcome[]) => [
    label,
    fixed(mean(list, 'requestsPerSecond'), 0),
    fixed(mean(list, 'p99Ms'), 1),
    `${fixed((mean(list, 'requestsPerSecond') / baseRate) * 100, 0)}%`,
    `${fixed(mean(list, 'p99Ms') / Math.max(baseP99, 1), 1)}x`,
    String(list.reduce((sum, outcome) => sum + outcome.requests, 0)),
  ];
  console.log('');
  printTable([
    ['callback', 'calls/s', 'p99 ms', 'vs balance', 'p99 vs balance', 'calls'],
    row(`balance (baseline: signed, no money), ${MEMBERS} players`, runs.balance),
    row(`bet ${BET} (debit main)`, runs.bet),
    row(`win ${WIN} (credit main, settles the bet)`, runs.win),
  ]);
  console.log('');
  console.log(`ledger: ${storedBets} vendor_bet, ${stored.vendor_win ?? 0} vendor_win transfers`);
  verdict('every callback answered OK and stored once', problems.length === 0, `${okBets} bets, ${okWins} wins`);
  console.log(`ledger check after the load: ${JSON.stringify(after)}`);
  console.log(`machine after the run: ${machine()}`);
  saveResults(`seamless-${target.database}`, {
    members: MEMBERS,
    connections: CONNECTIONS,
    seconds,
    rounds: ROUNDS,
    runs,
    stored,
    ledgerCheck: after,
  });
  if (!after.ok) throw new BenchmarkInvalid(`ledger check failed after the load: ${JSON.stringify(after)}`);
  if (problems.length) throw new BenchmarkInvalid(`the figures are meaningless:\n  ${problems.join('\n  ')}`);
}

runBenchmark(main);

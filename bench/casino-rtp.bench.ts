import { createHmac, randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  type BaccaratOutcome,
  baccaratReturn,
  type DealOptions,
  type DragonTigerOutcome,
  deal,
  dragonTigerReturn,
  type Game,
  type HmacSha256,
  hashSeed,
  type Outcomes,
  parseBaccaratSpot,
  parseDragonTigerSpot,
  parseRouletteSpot,
  parseSicBoSpot,
  type RouletteOutcome,
  rouletteReturn,
  type SicBoOutcome,
  SpotError,
  settle,
  sha256Hex,
  sicBoReturn,
} from '@jinb/casino';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';

/**
 * Return to player of the house tables (issue 22): ROUNDS rounds of each game dealt by the production code
 * (`deal` from @jinb/casino, with seeds walked down a hash chain as the server's are) and settled by the production
 * return functions on a bet on every spot of the game, 1.0000 each. Per bet kind: the measured house edge beside the
 * exact theoretical one, the standard error, PASS/FAIL within 4 standard errors.
 *
 * The theoretical edges are computed here, independently of the package: each game's outcome space enumerated with
 * exact weights (baccarat: all 13^6 rank sequences of the six cards a coup can use, drawn without replacement from a
 * fresh 8-deck shoe, which is how every round deals; dragon tiger: 13 x 13 ranks likewise; sic bo: 216 rolls;
 * roulette: 37 pockets), with the third-card rule and the paytables written out again from the rules (README), not
 * imported. The standard published figures are printed beside them where there is one.
 *
 * Speed: rounds dealt per second with the pure TypeScript HMAC and with node:crypto's (the injectable one), measured in
 * the same run, alternating; then the long run on RTP_WORKERS worker threads (default 2, one per core here).
 */

const STAKE = 10_000n; // 1.0000 at scale 4: banker's 0.95 and the half-back of a tie are exact at this stake.
const STAKE_UNITS = 10_000;
const TOLERANCE_SE = 4;
/** Each single spot must be within this many of its own standard errors (about 200 spots: 4.5 keeps false alarms rare). */
const SPOT_TOLERANCE_SE = 4.5;
/** Every this many rounds a worker re-deals with the pure TS HMAC and settles with `settle` itself, and compares. */
const CROSS_CHECK_EVERY = 2_000;
const PROGRESS_EVERY = 250_000;

const TABLES: Record<Game, string> = {
  baccarat: 'BAC1',
  baccarat_no_commission: 'BAC2',
  dragon_tiger: 'DT1',
  sic_bo: 'SB1',
  roulette: 'RL1',
};
const GAME_LIST = Object.keys(TABLES) as Game[];

const TSX_API = import.meta.resolve('tsx/esm/api');

const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

// ---------------------------------------------------------------------------------------------------------------
// Spots and the independent theory
// ---------------------------------------------------------------------------------------------------------------

/** A bet kind: spots whose edges are equal by the rules, measured together and each on its own. */
type Group = { label: string; spots: string[]; standard?: string };

/** Return multiple (stake included) of each spot for one outcome, by the rules as written in the README. */
type Theory = {
  groups: Group[];
  /** Per spot: probability-weighted mean and mean square of its return multiple. */
  moments: Map<string, { mean: number; meanSquare: number }>;
};

function momentsFrom(
  outcomes: Iterable<{ weight: number; returns: (spot: string) => number }>,
  spots: string[],
): Map<string, { mean: number; meanSquare: number }> {
  const sums = new Map(spots.map((spot) => [spot, { w: 0, r: 0, r2: 0 }]));
  let total = 0;
  for (const outcome of outcomes) {
    total += outcome.weight;
    for (const spot of spots) {
      const r = outcome.returns(spot);
      const sum = sums.get(spot)!;
      sum.r += outcome.weight * r;
      sum.r2 += outcome.weight * r * r;
    }
  }
  return new Map(
    spots.map((spot) => [spot, { mean: sums.get(spot)!.r / total, meanSquare: sums.get(spot)!.r2 / total }]),
  );
}

const DECKS = 8;
const PER_RANK = 4 * DECKS; // 32 cards of each of the 13 ranks in a fresh 8-deck shoe
const baccaratValue = (rank: number) => (rank >= 10 ? 0 : rank);

/** The banker's third-card rule (README table), written out again. */
function bankerDrawsRule(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/**
 * Every sequence of six ranks (13^6 = 4.8 million) with its exact weight, drawing without replacement from 416 cards:
 * the product of the cards left of each rank. Weights are integers below 416*415*...*411 = 4.9e15 < 2^53, and so are
 * their sums per class, so the class probabilities are exact up to the final division.
 * Classes: winner (0 player, 1 banker, 2 tie) x banker total is 6 x player pair x banker pair.
 */
function baccaratClasses(): Float64Array {
  const classes = new Float64Array(3 * 2 * 2 * 2);
  const left = new Array<number>(14).fill(PER_RANK);
  for (let c0 = 1; c0 <= 13; c0++) {
    const w0 = left[c0]!--;
    for (let c1 = 1; c1 <= 13; c1++) {
      const w1 = w0 * left[c1]!--;
      for (let c2 = 1; c2 <= 13; c2++) {
        const w2 = w1 * left[c2]!--;
        for (let c3 = 1; c3 <= 13; c3++) {
          const w3 = w2 * left[c3]!--;
          const player = (baccaratValue(c0) + baccaratValue(c2)) % 10;
          const banker0 = (baccaratValue(c1) + baccaratValue(c3)) % 10;
          const pairs = (c0 === c2 ? 2 : 0) + (c1 === c3 ? 1 : 0);
          for (let c4 = 1; c4 <= 13; c4++) {
            const w4 = w3 * left[c4]!--;
            for (let c5 = 1; c5 <= 13; c5++) {
              const w5 = w4 * left[c5]!;
              let p = player;
              let b = banker0;
              if (p < 8 && b < 8) {
                let playerThird: number | null = null;
                let next = c4;
                if (p <= 5) {
                  playerThird = baccaratValue(c4);
                  p = (p + playerThird) % 10;
                  next = c5;
                }
                if (bankerDrawsRule(b, playerThird)) b = (b + baccaratValue(next)) % 10;
              }
              const winner = p > b ? 0 : b > p ? 1 : 2;
              classes[winner * 8 + (b === 6 ? 4 : 0) + pairs]! += w5;
            }
            left[c4]!++;
          }
          left[c3]!++;
        }
        left[c2]!++;
      }
      left[c1]!++;
    }
    left[c0]!++;
  }
  return classes;
}

function baccaratTheory(noCommission: boolean, classes: Float64Array): Theory {
  const spots = ['banker', 'player', 'tie', 'player_pair', 'banker_pair'];
  const outcomes = Array.from(classes, (weight, index) => {
    const winner = Math.floor(index / 8);
    const bankerSix = (index & 4) !== 0;
    const playerPair = (index & 2) !== 0;
    const bankerPair = (index & 1) !== 0;
    const returns = (spot: string) => {
      switch (spot) {
        case 'player':
          return winner === 2 ? 1 : winner === 0 ? 2 : 0;
        case 'banker':
          if (winner === 2) return 1;
          if (winner !== 1) return 0;
          return noCommission ? (bankerSix ? 1.5 : 2) : 1.95;
        case 'tie':
          return winner === 2 ? 9 : 0;
        case 'player_pair':
          return playerPair ? 12 : 0;
        default:
          return bankerPair ? 12 : 0;
      }
    };
    return { weight, returns };
  });
  return {
    groups: [
      { label: 'banker', spots: ['banker'], standard: noCommission ? '1.46%' : '1.06%' },
      { label: 'player', spots: ['player'], standard: '1.24%' },
      { label: 'tie 8:1', spots: ['tie'], standard: '14.36%' },
      { label: 'player pair 11:1', spots: ['player_pair'], standard: '10.36%' },
      { label: 'banker pair 11:1', spots: ['banker_pair'], standard: '10.36%' },
    ],
    moments: momentsFrom(outcomes, spots),
  };
}

function dragonTigerTheory(): Theory {
  const outcomes: Array<{ weight: number; returns: (spot: string) => number }> = [];
  for (let dragon = 1; dragon <= 13; dragon++) {
    for (let tiger = 1; tiger <= 13; tiger++) {
      const weight = PER_RANK * (PER_RANK - (dragon === tiger ? 1 : 0));
      const winner = dragon > tiger ? 'dragon' : tiger > dragon ? 'tiger' : 'tie';
      outcomes.push({
        weight,
        returns: (spot) =>
          spot === 'tie' ? (winner === 'tie' ? 9 : 0) : winner === 'tie' ? 0.5 : winner === spot ? 2 : 0,
      });
    }
  }
  const spots = ['dragon', 'tiger', 'tie'];
  return {
    groups: [
      { label: 'dragon (half back on a tie)', spots: ['dragon'], standard: '3.73%' },
      { label: 'tiger (half back on a tie)', spots: ['tiger'], standard: '3.73%' },
      { label: 'tie 8:1', spots: ['tie'], standard: '32.77%' },
    ],
    moments: momentsFrom(outcomes, spots),
  };
}

const SIC_BO_TOTAL_PAYS: Record<number, number> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

function sicBoTheory(): Theory {
  const faces = [1, 2, 3, 4, 5, 6];
  const groups: Group[] = [
    { label: 'big', spots: ['big'], standard: '2.78%' },
    { label: 'small', spots: ['small'], standard: '2.78%' },
    { label: 'odd', spots: ['odd'], standard: '2.78%' },
    { label: 'even', spots: ['even'], standard: '2.78%' },
    ...[4, 5, 6, 7, 8, 9, 10].map((total) => ({
      label: `total ${total} / ${21 - total} (${SIC_BO_TOTAL_PAYS[total]}:1)`,
      spots: [`total:${total}`, `total:${21 - total}`],
    })),
    { label: 'triple N (180:1)', spots: faces.map((n) => `triple:${n}`) },
    { label: 'any triple (30:1)', spots: ['any_triple'] },
    { label: 'double N (10:1)', spots: faces.map((n) => `double:${n}`) },
    { label: 'single N (1/2/3:1)', spots: faces.map((n) => `single:${n}`) },
  ];
  const outcomes: Array<{ weight: number; returns: (spot: string) => number }> = [];
  for (const a of faces)
    for (const b of faces)
      for (const c of faces) {
        const total = a + b + c;
        const triple = a === b && b === c;
        const count = (n: number) => (a === n ? 1 : 0) + (b === n ? 1 : 0) + (c === n ? 1 : 0);
        outcomes.push({
          weight: 1,
          returns: (spot) => {
            const [kind, arg] = spot.split(':');
            const n = Number(arg);
            const win = (pays: number, won: boolean) => (won ? pays + 1 : 0);
            switch (kind) {
              case 'big':
                return win(1, !triple && total >= 11);
              case 'small':
                return win(1, !triple && total <= 10);
              case 'odd':
                return win(1, !triple && total % 2 === 1);
              case 'even':
                return win(1, !triple && total % 2 === 0);
              case 'total':
                return win(SIC_BO_TOTAL_PAYS[n]!, total === n);
              case 'triple':
                return win(180, count(n) === 3);
              case 'any_triple':
                return win(30, triple);
              case 'double':
                return win(10, count(n) >= 2);
              default:
                return win(count(n), count(n) > 0);
            }
          },
        });
      }
  return {
    groups,
    moments: momentsFrom(
      outcomes,
      groups.flatMap((group) => group.spots),
    ),
  };
}

/** Every roulette spot, built from the layout's geometry (rows of three, 0 above the first row), with its numbers. */
function rouletteSpots(): Array<{ spot: string; numbers: number[]; pays: number; group: string }> {
  const out: Array<{ spot: string; numbers: number[]; pays: number; group: string }> = [];
  const red = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  for (let n = 0; n <= 36; n++) out.push({ spot: `straight:${n}`, numbers: [n], pays: 35, group: 'straight' });
  for (const b of [1, 2, 3]) out.push({ spot: `split:0-${b}`, numbers: [0, b], pays: 17, group: 'split' });
  for (const a of all) {
    if (a % 3 !== 0) out.push({ spot: `split:${a}-${a + 1}`, numbers: [a, a + 1], pays: 17, group: 'split' });
    if (a <= 33) out.push({ spot: `split:${a}-${a + 3}`, numbers: [a, a + 3], pays: 17, group: 'split' });
  }
  for (let n = 1; n <= 34; n += 3)
    out.push({ spot: `street:${n}`, numbers: [n, n + 1, n + 2], pays: 11, group: 'street' });
  out.push({ spot: 'trio:0-1-2', numbers: [0, 1, 2], pays: 11, group: 'trio' });
  out.push({ spot: 'trio:0-2-3', numbers: [0, 2, 3], pays: 11, group: 'trio' });
  for (const a of all)
    if (a % 3 !== 0 && a <= 32)
      out.push({ spot: `corner:${a}-${a + 4}`, numbers: [a, a + 1, a + 3, a + 4], pays: 8, group: 'corner' });
  out.push({ spot: 'first_four', numbers: [0, 1, 2, 3], pays: 8, group: 'first four' });
  for (let n = 1; n <= 31; n += 3)
    out.push({ spot: `line:${n}`, numbers: Array.from({ length: 6 }, (_, i) => n + i), pays: 5, group: 'line' });
  for (const d of [1, 2, 3])
    out.push({
      spot: `dozen:${d}`,
      numbers: all.filter((n) => n > 12 * (d - 1) && n <= 12 * d),
      pays: 2,
      group: 'dozen',
    });
  for (const c of [1, 2, 3])
    out.push({ spot: `column:${c}`, numbers: all.filter((n) => n % 3 === c % 3), pays: 2, group: 'column' });
  const even: Array<[string, (n: number) => boolean]> = [
    ['red', (n) => red.has(n)],
    ['black', (n) => !red.has(n)],
    ['odd', (n) => n % 2 === 1],
    ['even', (n) => n % 2 === 0],
    ['low', (n) => n <= 18],
    ['high', (n) => n >= 19],
  ];
  for (const [spot, covers] of even) out.push({ spot, numbers: all.filter(covers), pays: 1, group: spot });
  return out;
}

function rouletteTheory(): Theory {
  const spots = rouletteSpots();
  const groupNames = [...new Set(spots.map((s) => s.group))];
  const groups = groupNames.map((name) => {
    const members = spots.filter((s) => s.group === name);
    return {
      label: `${name} (${members[0]!.pays}:1)`,
      spots: members.map((s) => s.spot),
      standard: '2.70%',
    };
  });
  const covers = new Map(spots.map((s) => [s.spot, s]));
  const outcomes = Array.from({ length: 37 }, (_, number) => ({
    weight: 1,
    returns: (spot: string) => {
      const s = covers.get(spot)!;
      return s.numbers.includes(number) ? s.pays + 1 : 0;
    },
  }));
  return {
    groups,
    moments: momentsFrom(
      outcomes,
      spots.map((s) => s.spot),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The production path: parse once, deal, return functions (what `settle` calls after parsing)
// ---------------------------------------------------------------------------------------------------------------

type Settler = (outcome: unknown) => bigint;

function settlersFor(game: Game, spots: string[]): Settler[] {
  return spots.map((spot) => {
    const fail = (error: SpotError): never => {
      throw new BenchmarkInvalid(`${game}: the package refuses the spot ${spot} (${error.code})`);
    };
    if (game === 'baccarat' || game === 'baccarat_no_commission') {
      const parsed = parseBaccaratSpot(spot);
      if (parsed instanceof SpotError) return fail(parsed);
      const noCommission = game === 'baccarat_no_commission';
      return (outcome) => baccaratReturn(parsed, outcome as BaccaratOutcome, STAKE, noCommission);
    }
    if (game === 'dragon_tiger') {
      const parsed = parseDragonTigerSpot(spot);
      if (parsed instanceof SpotError) return fail(parsed);
      return (outcome) => dragonTigerReturn(parsed, outcome as DragonTigerOutcome, STAKE);
    }
    if (game === 'sic_bo') {
      const parsed = parseSicBoSpot(spot);
      if (parsed instanceof SpotError) return fail(parsed);
      return (outcome) => sicBoReturn(parsed, outcome as SicBoOutcome, STAKE);
    }
    const parsed = parseRouletteSpot(spot);
    if (parsed instanceof SpotError) return fail(parsed);
    return (outcome) => rouletteReturn(parsed, outcome as RouletteOutcome, STAKE);
  });
}

function spotsOf(game: Game): { spots: string[]; groupOf: number[]; groups: Group[] } {
  const theory = theoryShapes[game];
  const spots = theory.flatMap((group) => group.spots);
  const groupOf = theory.flatMap((group, index) => group.spots.map(() => index));
  return { spots, groupOf, groups: theory };
}

/** The groups and spots of each game, without the moments (the workers need no enumeration). */
const theoryShapes: Record<Game, Group[]> = {
  baccarat: baccaratTheory(false, new Float64Array(24)).groups,
  baccarat_no_commission: baccaratTheory(true, new Float64Array(24)).groups,
  dragon_tiger: dragonTigerTheory().groups,
  sic_bo: sicBoTheory().groups,
  roulette: rouletteTheory().groups,
};

type WorkerInput = { rounds: number; hmac: 'node' | 'ts'; index: number };
type GameTally = {
  /** Per spot: the sum of its returns, in units of 0.0001 (exact: below 2^53). */
  spotReturns: number[];
  /** Per group: sum and sum of squares of (the round's return in stakes - the group's size x 1), for the variance. */
  groupSum: number[];
  groupSumSquares: number[];
  seconds: number;
};
type WorkerOutput = {
  rounds: number;
  tallies: Record<Game, GameTally>;
  crossChecks: number;
  terminalHash: string;
  seconds: number;
};

function runWorker(input: WorkerInput): WorkerOutput {
  const options: DealOptions = input.hmac === 'node' ? { hmac: nodeHmac } : {};
  const plans = GAME_LIST.map((game) => {
    const { spots, groupOf, groups } = spotsOf(game);
    const settlers = settlersFor(game, spots);
    const settleAll = (outcome: unknown) => settlers.map((settler) => Number(settler(outcome)));
    // Sic bo and roulette have 216 and 37 outcomes and 37 and 157 spots: a bet's return is a pure function of the
    // outcome, so each outcome's returns are computed by the production functions once and then looked up (the
    // cross-checks below still settle sampled rounds afresh with `settle`). Cards have too many outcomes to bother.
    const outcomeKey: ((outcome: unknown) => number) | undefined =
      game === 'sic_bo'
        ? (outcome) => {
            const [a, b, c] = (outcome as SicBoOutcome).dice;
            return a * 49 + b * 7 + c;
          }
        : game === 'roulette'
          ? (outcome) => (outcome as RouletteOutcome).number
          : undefined;
    const memo = new Map<number, number[]>();
    const returnsOf = outcomeKey
      ? (outcome: unknown) => {
          const key = outcomeKey(outcome);
          const known = memo.get(key);
          if (known) return known;
          const returns = settleAll(outcome);
          memo.set(key, returns);
          return returns;
        }
      : settleAll;
    return {
      game,
      spots,
      groupOf,
      settlers,
      returnsOf,
      // Centre each group's round total on its size (a fair game's return) so the sums of squares stay small.
      centre: groups.map((group) => group.spots.length),
      roundTotals: new Float64Array(groups.length),
      tally: {
        spotReturns: new Array<number>(spots.length).fill(0),
        groupSum: new Array<number>(groups.length).fill(0),
        groupSumSquares: new Array<number>(groups.length).fill(0),
        seconds: 0,
      } satisfies GameTally,
    };
  });
  // A chain of its own per worker, walked from seed(N) down to seed(1) as the server reveals it upwards.
  let seed = sha256Hex(`rtp-bench-${input.index}-${randomBytes(16).toString('hex')}`);
  let crossChecks = 0;
  const started = performance.now();
  for (let round = input.rounds; round >= 1; round--) {
    for (const plan of plans) {
      const begin = performance.now();
      const outcome = deal(plan.game, seed, TABLES[plan.game], round, options);
      const totals = plan.roundTotals;
      totals.fill(0);
      const { spotReturns } = plan.tally;
      const returns = plan.returnsOf(outcome);
      for (let i = 0; i < returns.length; i++) {
        const units = returns[i]!;
        spotReturns[i]! += units;
        totals[plan.groupOf[i]!]! += units;
      }
      for (let g = 0; g < totals.length; g++) {
        const d = totals[g]! / STAKE_UNITS - plan.centre[g]!;
        plan.tally.groupSum[g]! += d;
        plan.tally.groupSumSquares[g]! += d * d;
      }
      if (round % CROSS_CHECK_EVERY === 0) {
        crossChecks++;
        crossCheck(plan.game, seed, round, outcome, plan.spots, plan.settlers);
      }
      plan.tally.seconds += (performance.now() - begin) / 1000;
    }
    seed = hashSeed(seed);
    if (round % PROGRESS_EVERY === 0) parentPort?.postMessage({ progress: input.rounds - round + 1 });
  }
  return {
    rounds: input.rounds,
    tallies: Object.fromEntries(plans.map((plan) => [plan.game, plan.tally])) as Record<Game, GameTally>,
    crossChecks,
    terminalHash: seed,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The sampled round dealt again with the package's own HMAC, and settled by `settle` itself, must agree. */
function crossCheck(game: Game, seed: string, round: number, outcome: unknown, spots: string[], settlers: Settler[]) {
  const again = deal(game, seed, TABLES[game], round);
  if (JSON.stringify(again) !== JSON.stringify(outcome))
    throw new Error(
      `${game} round ${round}: the injected HMAC dealt ${JSON.stringify(outcome)}, pure TS ${JSON.stringify(again)}`,
    );
  const settled = settle(
    game,
    outcome as Outcomes[typeof game],
    spots.map((spot) => ({ spot, amount: STAKE })),
  );
  settled.forEach((bet, i) => {
    const fast = settlers[i]!(outcome);
    if (bet.payout !== fast) throw new Error(`${game} ${bet.spot}: settle ${bet.payout}, return function ${fast}`);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Main thread
// ---------------------------------------------------------------------------------------------------------------

/** Rounds dealt per second by `deal` alone, on this thread, for `seconds`. */
function dealRate(game: Game, options: DealOptions, seconds: number): number {
  let seed = sha256Hex(randomBytes(16).toString('hex'));
  const seeds = Array.from({ length: 1024 }, () => (seed = hashSeed(seed)));
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let n = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 256; i++, n++) deal(game, seeds[n & 1023]!, TABLES[game], n + 1, options);
  }
  return n / ((performance.now() - started) / 1000);
}

function startWorker(input: WorkerInput, onProgress: (rounds: number) => void): Promise<WorkerOutput> {
  return new Promise((resolve, reject) => {
    // A worker started on a .ts file fails on Node 20 even with `--import tsx` (the hooks are not in place before its
    // entry loads), so a one-line script registers tsx's loader in the worker first, then imports this file.
    const bootstrap = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: input });
    onCleanup(() => worker.terminate().then(() => undefined));
    worker.on('message', (message: { progress?: number; done?: WorkerOutput }) => {
      if (message.progress !== undefined) onProgress(message.progress);
      if (message.done) resolve(message.done);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker ${input.index} exited with ${code}`));
    });
  });
}

function percent(value: number, digits = 3): string {
  return `${fixed(value * 100, digits)}%`;
}

async function main() {
  const rounds = envNumber('ROUNDS', 10_000_000, { min: 1_000, max: 1_000_000_000 });
  const workers = envNumber('RTP_WORKERS', Math.min(2, cpus().length), { min: 1, max: 64 });
  const speedSeconds = envNumber('RTP_SPEED_SECONDS', 2, { min: 0.2, max: 60 });
  const hmac = (process.env.RTP_HMAC ?? 'node') as 'node' | 'ts';
  if (hmac !== 'node' && hmac !== 'ts') throw new Error(`RTP_HMAC is node or ts, got ${hmac}`);
  console.log(
    `casino RTP: ${rounds.toLocaleString('en')} rounds of each game on ${workers} worker threads, a bet on every ` +
      `spot (1.0000 each), HMAC: ${hmac === 'node' ? 'node:crypto (injected)' : 'pure TypeScript'}`,
  );
  console.log(`machine: ${machine()}`);

  // 1. Speed: pure TS against node:crypto, alternating, in this thread (nothing else of the bench runs meanwhile).
  const speed: Record<string, { ts: number; node: number }> = {};
  for (const game of GAME_LIST) {
    const ts: number[] = [];
    const native: number[] = [];
    for (let repeat = 0; repeat < 2; repeat++) {
      ts.push(dealRate(game, {}, speedSeconds / 2));
      native.push(dealRate(game, { hmac: nodeHmac }, speedSeconds / 2));
    }
    speed[game] = { ts: (ts[0]! + ts[1]!) / 2, node: (native[0]! + native[1]!) / 2 };
  }
  console.log('');
  console.log('rounds dealt per second, one thread (deal only, a fresh seed per round):');
  printTable([
    ['game', 'pure TS HMAC', 'node:crypto HMAC', 'node vs TS'],
    ...GAME_LIST.map((game) => [
      game,
      fixed(speed[game]!.ts, 0),
      fixed(speed[game]!.node, 0),
      `${fixed(speed[game]!.node / speed[game]!.ts, 2)}x`,
    ]),
  ]);

  // 2. The theory, enumerated (baccarat's 4.8 million six-card sequences take a few seconds).
  const enumerationStarted = performance.now();
  const classes = baccaratClasses();
  const theories: Record<Game, Theory> = {
    baccarat: baccaratTheory(false, classes),
    baccarat_no_commission: baccaratTheory(true, classes),
    dragon_tiger: dragonTigerTheory(),
    sic_bo: sicBoTheory(),
    roulette: rouletteTheory(),
  };
  console.log(`\ntheory enumerated in ${fixed((performance.now() - enumerationStarted) / 1000)} s`);

  // 3. The long run.
  const share = Array.from(
    { length: workers },
    (_, i) => Math.floor(rounds / workers) + (i < rounds % workers ? 1 : 0),
  );
  const done = new Array<number>(workers).fill(0);
  let reported = 0;
  const runStarted = performance.now();
  const outputs = await Promise.all(
    share.map((n, index) =>
      startWorker({ rounds: n, hmac, index }, (progress) => {
        done[index] = progress;
        const total = done.reduce((a, b) => a + b, 0);
        if (total - reported >= rounds / 10) {
          reported = total;
          const elapsed = (performance.now() - runStarted) / 1000;
          console.log(
            `  ${fixed((total / rounds) * 100, 0)}% (${total.toLocaleString('en')} seeds, ${fixed(elapsed, 0)} s, ` +
              `${fixed((total * GAME_LIST.length) / elapsed, 0)} rounds/s)`,
          );
        }
      }),
    ),
  );
  const wall = (performance.now() - runStarted) / 1000;

  // 4. Merge and judge.
  const rows: string[][] = [
    [
      'game / bet',
      'spots',
      'theory edge',
      'standard',
      'measured edge',
      'SE',
      'z',
      `±${TOLERANCE_SE} SE`,
      '',
      'worst spot z',
    ],
  ];
  const results: Record<string, unknown[]> = {};
  let failures = 0;
  let worstSpotOverall = { z: 0, label: '' };
  for (const game of GAME_LIST) {
    const theory = theories[game];
    const { spots, groups } = spotsOf(game);
    const spotReturns = new Array<number>(spots.length).fill(0);
    const groupSum = new Array<number>(groups.length).fill(0);
    const groupSumSquares = new Array<number>(groups.length).fill(0);
    for (const output of outputs) {
      const tally = output.tallies[game];
      for (let i = 0; i < spots.length; i++) spotReturns[i]! += tally.spotReturns[i]!;
      for (let g = 0; g < groups.length; g++) {
        groupSum[g]! += tally.groupSum[g]!;
        groupSumSquares[g]! += tally.groupSumSquares[g]!;
      }
    }
    results[game] = [];
    let spotIndex = 0;
    groups.forEach((group, g) => {
      const size = group.spots.length;
      const theoryReturn = group.spots.reduce((sum, spot) => sum + theory.moments.get(spot)!.mean, 0) / size;
      const theoryEdge = 1 - theoryReturn;
      const returned = group.spots.reduce((sum, _, i) => sum + spotReturns[spotIndex + i]!, 0) / STAKE_UNITS;
      const measuredEdge = 1 - returned / (rounds * size);
      // Variance of a round's group return (in stakes, over its `size` stakes), about the measured mean.
      const meanD = groupSum[g]! / rounds;
      const variance = Math.max(0, groupSumSquares[g]! / rounds - meanD * meanD);
      const se = Math.sqrt(variance / rounds) / size;
      // A group whose total never varies (all 37 straights return 36 every round) has no sampling error: exact match.
      const tolerance = Math.max(TOLERANCE_SE * se, 1e-9);
      const diff = measuredEdge - theoryEdge;
      const passed = Math.abs(diff) <= tolerance;
      if (!passed) failures++;
      let worst = { z: 0, spot: '' };
      group.spots.forEach((spot, i) => {
        const { mean, meanSquare } = theory.moments.get(spot)!;
        const spotSe = Math.sqrt((meanSquare - mean * mean) / rounds);
        const z = (spotReturns[spotIndex + i]! / STAKE_UNITS / rounds - mean) / spotSe;
        if (Math.abs(z) >= Math.abs(worst.z)) worst = { z, spot };
      });
      if (Math.abs(worst.z) >= Math.abs(worstSpotOverall.z))
        worstSpotOverall = { z: worst.z, label: `${game} ${worst.spot}` };
      spotIndex += size;
      rows.push([
        g === 0 ? `${game}: ${group.label}` : `  ${group.label}`,
        String(size),
        percent(theoryEdge),
        group.standard ?? '',
        percent(measuredEdge),
        se > 0 ? percent(se) : 'exact',
        se > 0 ? fixed(diff / se, 2) : '',
        se > 0 ? percent(tolerance) : '1e-9',
        passed ? 'PASS' : 'FAIL',
        size > 1 ? `${fixed(worst.z, 2)} (${worst.spot})` : '',
      ]);
      (results[game] as unknown[]).push({
        bet: group.label,
        spots: group.spots,
        theoryEdge,
        standard: group.standard,
        measuredEdge,
        standardError: se,
        tolerance,
        passed,
        worstSpot: worst,
      });
    });
  }
  const crossChecks = outputs.reduce((sum, output) => sum + output.crossChecks, 0);
  const dealSeconds = GAME_LIST.map((game) => outputs.reduce((sum, output) => sum + output.tallies[game].seconds, 0));

  console.log('');
  printTable(rows);
  console.log('');
  console.log(
    `${(rounds * GAME_LIST.length).toLocaleString('en')} rounds in ${fixed(wall, 1)} s on ${workers} threads: ` +
      `${fixed((rounds * GAME_LIST.length) / wall, 0)} rounds/s dealt and settled (${hmac} HMAC, every spot bet, ` +
      'plus one hash a seed for the chain)',
  );
  console.log(
    `per game, dealt and settled, one thread: ${GAME_LIST.map((game, i) => `${game} ${fixed(rounds / dealSeconds[i]!, 0)}/s`).join(', ')}`,
  );
  console.log(
    `cross-checks: ${crossChecks} sampled rounds re-dealt with the pure TS HMAC and settled with settle(): all equal`,
  );
  verdict(
    `every bet kind's edge within ${TOLERANCE_SE} SE of the exact theory`,
    failures === 0,
    `${failures} of ${rows.length - 1} outside`,
  );
  verdict(
    `every single spot within ${SPOT_TOLERANCE_SE} SE of its own theory`,
    Math.abs(worstSpotOverall.z) <= SPOT_TOLERANCE_SE,
    `worst z ${fixed(worstSpotOverall.z, 2)} (${worstSpotOverall.label})`,
  );
  console.log(`machine after the run: ${machine()}`);
  saveResults('casino-rtp', {
    rounds,
    workers,
    hmac,
    seconds: wall,
    roundsPerSecond: (rounds * GAME_LIST.length) / wall,
    dealRatePerThread: speed,
    crossChecks,
    bets: results,
  });
  if (failures > 0 || Math.abs(worstSpotOverall.z) > SPOT_TOLERANCE_SE) process.exitCode = 1;
}

if (isMainThread) {
  runBenchmark(main);
} else {
  const output = runWorker(workerData as WorkerInput);
  parentPort!.postMessage({ done: output });
}

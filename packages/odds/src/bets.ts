import { ODDS_ONE, type Odds } from './odds';

/**
 * A bet is one or more lines; each line is a combination of legs with its own stake (the stake the member types is the
 * stake per line). A single is one line of one leg, a parlay (串关) one line of all its legs, a system bet every
 * combination of the sizes it names: "2/3" is the 3 doubles of 3 legs, a Trixie the 3 doubles and the treble.
 */
export type BetType = 'single' | 'parlay' | 'system';

export const MIN_PARLAY_LEGS = 2;
export const MAX_PARLAY_LEGS = 10;
/** A system bet takes as many legs as a parlay; 10 legs of every size would be 1,023 lines. */
export const MAX_SYSTEM_LEGS = MAX_PARLAY_LEGS;

/** A system bet: how many legs it takes and which combination sizes it is made of. */
export interface SystemSpec {
  legs: number;
  sizes: readonly number[];
}

/** The named systems ("full cover" bets); 'k/n' covers the rest. */
export const NAMED_SYSTEMS = {
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
  superheinz: { legs: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { legs: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
} as const satisfies Record<string, SystemSpec>;
export type NamedSystem = keyof typeof NAMED_SYSTEMS;

export type ParseSystemResult = { ok: true; value: SystemSpec; name: string } | { ok: false; error: 'system' };

/**
 * Reads the `system` field of a bet: "k/n" (k legs in each line out of n, 2 <= k <= n <= 10) or a named system
 * ("trixie", "yankee", "lucky15" ...; case and spaces ignored, so "Lucky 15" reads too). `name` is the one way it is
 * stored and shown: "lucky15", "2/3" (so "02/3" and "2/03" are "2/3").
 */
export function parseSystem(input: unknown): ParseSystemResult {
  if (typeof input !== 'string') return { ok: false, error: 'system' };
  const text = input.trim().toLowerCase().replace(/\s+/g, '');
  // Own names only: "constructor" or "__proto__" are not systems, whatever an object inherits.
  if (Object.hasOwn(NAMED_SYSTEMS, text)) {
    return { ok: true, value: NAMED_SYSTEMS[text as NamedSystem], name: text };
  }
  const match = /^(\d{1,2})\/(\d{1,2})$/.exec(text);
  if (!match) return { ok: false, error: 'system' };
  const size = Number(match[1]);
  const legs = Number(match[2]);
  if (size < 2 || size > legs || legs > MAX_SYSTEM_LEGS) return { ok: false, error: 'system' };
  return { ok: true, value: { legs, sizes: [size] }, name: `${size}/${legs}` };
}

/** Every way to choose k of the leg indexes 0..n-1, each in increasing order, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  if (k >= 0 && k <= n) walk(0);
  return out;
}

/** n choose k, for line counts without building the lines. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

export type BetShape = { type: 'single' } | { type: 'parlay'; legs: number } | { type: 'system'; system: SystemSpec };

export type BetLinesError = 'legs' | 'system';
export type BetLinesResult = { ok: true; lines: number[][] } | { ok: false; error: BetLinesError };

/**
 * The lines of a bet as lists of leg indexes, for the number of legs the member picked. A single takes 1 leg, a parlay
 * 2 to 10, a system exactly the legs it names; anything else is a `legs` error.
 */
export function betLines(type: BetType, legCount: number, system?: unknown): BetLinesResult {
  if (!Number.isInteger(legCount)) return { ok: false, error: 'legs' };
  if (type === 'single') return legCount === 1 ? { ok: true, lines: [[0]] } : { ok: false, error: 'legs' };
  if (type === 'parlay') {
    if (legCount < MIN_PARLAY_LEGS || legCount > MAX_PARLAY_LEGS) return { ok: false, error: 'legs' };
    return { ok: true, lines: [Array.from({ length: legCount }, (_, i) => i)] };
  }
  const spec = parseSystem(system);
  if (!spec.ok) return spec;
  if (spec.value.legs !== legCount) return { ok: false, error: 'legs' };
  return { ok: true, lines: spec.value.sizes.flatMap((size) => combinations(legCount, size)) };
}

/** How many lines a system has: a Trixie 4, a Yankee 11, a Lucky 15 15, "2/3" 3, "3/4" 4. */
export function systemLineCount(spec: SystemSpec): number {
  return spec.sizes.reduce((sum, size) => sum + choose(spec.legs, size), 0);
}

/** What the member pays: the stake per line times the number of lines. */
export function totalStake(stakePerLine: bigint, lineCount: number): bigint {
  return stakePerLine * BigInt(lineCount);
}

/**
 * What one line pays if every leg wins: stake x the product of the odds, exact, then truncated to scale 4 once (the
 * house keeps the fraction of 0.0001, never more than 0.0001 per line). Stake and result are scale-4 amounts, odds
 * scale-4 decimals: 10.0000 on 2.05 x 1.90 is 100000n x 20500n x 19000n / 10000n^2 = 389500n, 38.9500.
 */
export function linePotentialPayout(stake: bigint, odds: readonly Odds[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (const price of odds) {
    numerator *= price;
    denominator *= ODDS_ONE;
  }
  return numerator / denominator;
}

/**
 * What a bet pays if every leg wins: the sum of its lines' potential payouts, each line truncated on its own (each line
 * is a bet of its own and settles so). `legOdds` are the odds of legs 0..n-1, `lines` from betLines.
 */
export function potentialPayout(stakePerLine: bigint, legOdds: readonly Odds[], lines: readonly number[][]): bigint {
  let total = 0n;
  for (const line of lines)
    total += linePotentialPayout(
      stakePerLine,
      line.map((leg) => oddsAt(legOdds, leg)),
    );
  return total;
}

function oddsAt(legOdds: readonly Odds[], index: number): Odds {
  const odds = legOdds[index];
  if (odds === undefined) throw new RangeError(`no leg ${index}`);
  return odds;
}

/**
 * What each leg stands to pay: the stake and the potential payout of the lines it is part of (a single's or a
 * parlay's one line: the whole bet; a system's combinations with this leg). The book's liability per selection is
 * the sum of these over its open bets, so a 2/3 on A, B, C counts the doubles AB and AC on A, not BC.
 */
export function legExposure(
  stakePerLine: bigint,
  legOdds: readonly Odds[],
  lines: readonly number[][],
): Array<{ stake: bigint; payout: bigint }> {
  const legs = legOdds.map(() => ({ stake: 0n, payout: 0n }));
  for (const line of lines) {
    const payout = linePotentialPayout(
      stakePerLine,
      line.map((leg) => oddsAt(legOdds, leg)),
    );
    for (const leg of line) {
      const exposure = legs[leg];
      if (!exposure) throw new RangeError(`no leg ${leg}`);
      exposure.stake += stakePerLine;
      exposure.payout += payout;
    }
  }
  return legs;
}

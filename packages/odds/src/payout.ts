import { ODDS_ONE, type Odds } from './odds';

/** How a selection settled, from the bettor's side. The half results only happen on quarter lines. */
export const OUTCOMES = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface SettledLeg {
  odds: Odds;
  outcome: Outcome;
}

/**
 * Every leg's factor is an exact fraction with denominator LEG_FACTOR_DENOMINATOR (2 x 10000): the 2 makes halves
 * exact, the 10000 is the odds' scale.
 */
export const LEG_FACTOR_DENOMINATOR = 2n * ODDS_ONE;

/**
 * What 1 staked on a leg returns, as a numerator over LEG_FACTOR_DENOMINATOR:
 * - win: the odds (2 x odds);
 * - lose: nothing (0);
 * - void: the stake back, odds 1 (2 x 10000);
 * - half_win: half the stake at the odds and half back, (odds + 1) / 2 (odds + 10000);
 * - half_lose: half the stake back, 1/2 (10000).
 * At odds 1.95: win 39000, lose 0, void 20000, half win 29500 (1.475), half lose 10000 (0.5), all over 20000.
 */
export function legFactor(leg: SettledLeg): bigint {
  switch (leg.outcome) {
    case 'win':
      return 2n * leg.odds;
    case 'lose':
      return 0n;
    case 'void':
      return 2n * ODDS_ONE;
    case 'half_win':
      return leg.odds + ODDS_ONE;
    case 'half_lose':
      return ODDS_ONE;
  }
}

/**
 * The payout of one settled line (a single, a parlay, or one combination of a system bet): the stake times every leg's
 * factor, multiplied exactly as integers, divided by the denominators once and truncated once to scale 4, in the
 * house's favour by less than 0.0001. Never a rounding per leg.
 *
 * Examples, stake 10.0000 (100000n):
 * - single 1.95 won: 100000 x 39000 / 20000 = 195000, 19.5000;
 * - parlay 2.00 won x 1.95 void: 100000 x 40000 x 20000 / 20000^2 = 200000, 20.0000 (the void leg counts as 1);
 * - parlay 1.93 half won x 1.87 half lost: 100000 x 29300 x 10000 / 20000^2 = 73250, 7.3250;
 * - parlay 1.91 half won x 2.03 x 1.77 won: 100000 x 29100 x 40600 x 35400 / 20000^3 = 522796.05 -> 522796, 52.2796.
 * A line with any lost leg pays 0; a line whose legs are all void pays the stake back.
 */
export function linePayout(stake: bigint, legs: readonly SettledLeg[]): bigint {
  if (legs.length === 0) throw new RangeError('a line has at least one leg');
  let numerator = stake;
  let denominator = 1n;
  for (const leg of legs) {
    numerator *= legFactor(leg);
    denominator *= LEG_FACTOR_DENOMINATOR;
  }
  return numerator / denominator;
}

/**
 * The payout of a whole bet: each line settled on its own with linePayout (each truncated once), then added up.
 * `legs` are the bet's legs 0..n-1, `lines` the leg indexes of each line (from betLines).
 */
export function betPayout(
  stakePerLine: bigint,
  legs: readonly SettledLeg[],
  lines: readonly number[][],
): { lines: bigint[]; total: bigint } {
  const payouts = lines.map((line) =>
    linePayout(
      stakePerLine,
      line.map((index) => {
        const leg = legs[index];
        if (!leg) throw new RangeError(`no leg ${index}`);
        return leg;
      }),
    ),
  );
  return { lines: payouts, total: payouts.reduce((sum, payout) => sum + payout, 0n) };
}

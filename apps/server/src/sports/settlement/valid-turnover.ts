import { ODDS_ONE, type Odds, type SettledLeg } from '@jinb/odds';

/** The default minimum combined odds of a line that counts toward turnover: 1.50 (scale 4). */
export const DEFAULT_MIN_TURNOVER_ODDS: Odds = 15_000n;

/**
 * The valid turnover of one settled line (a single, a parlay, or one combination of a system bet): what it adds to
 * the member's turnover requirement.
 *
 * - Void legs are left out: the line counts as the line of its other legs (a parlay of 3 with one void leg counts as
 *   the double of the other two). A line with only void legs counts nothing: its stake came back.
 * - A line whose combined odds (the product of its non-void legs' odds, exact) are below `minOdds` counts nothing,
 *   so backing near-certainties cannot unlock a withdrawal.
 * - Otherwise the stake counts, halved for each half-won or half-lost leg (half the stake was in play on a quarter
 *   line; in a parlay the halves multiply), truncated to scale 4. A win or a loss counts in full.
 */
export function lineTurnover(stake: bigint, legs: readonly SettledLeg[], minOdds: Odds): bigint {
  let product = 1n;
  let scale = 1n;
  let halves = 0n;
  let counted = 0;
  for (const leg of legs) {
    if (leg.outcome === 'void') continue;
    counted++;
    product *= leg.odds;
    scale *= ODDS_ONE;
    if (leg.outcome === 'half_win' || leg.outcome === 'half_lose') halves++;
  }
  if (counted === 0) return 0n;
  // product / ODDS_ONE^counted >= minOdds / ODDS_ONE, kept in integers.
  if (product * ODDS_ONE < minOdds * scale) return 0n;
  return stake >> halves;
}

/** The valid turnover of a settled bet: each line's (`lines` from betLines, `stake` per line), added up. */
export function betTurnover(
  stake: bigint,
  legs: readonly SettledLeg[],
  lines: readonly number[][],
  minOdds: Odds,
): bigint {
  let total = 0n;
  for (const line of lines) {
    total += lineTurnover(
      stake,
      line.map((index) => {
        const leg = legs[index];
        if (!leg) throw new RangeError(`no leg ${index}`);
        return leg;
      }),
      minOdds,
    );
  }
  return total;
}

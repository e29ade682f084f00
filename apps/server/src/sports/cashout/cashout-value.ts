import { LEG_FACTOR_DENOMINATOR, legFactor, ODDS_ONE, type Outcome } from '@jinb/odds';

/**
 * What a bet is worth now, in exact integers like the payouts it stands for (scale 4 money, scale 4 odds): no float
 * ever decides an amount. Cash out's margin and tolerance are basis points (0.05 = 500).
 */

export const BASIS_POINTS = 10_000n;

/**
 * A leg as cash out sees it: decided (its market settled or void: the outcome counts like settlement's factor), or
 * still to play, with the leg's selection's price now and the prices now of every selection of its market.
 */
export type CashoutLeg =
  | { decided: true; odds: bigint; outcome: Outcome }
  | { decided: false; odds: bigint; price: bigint; marketPrices: readonly bigint[] };

/** A probability as an exact fraction. */
export type Share = { numerator: bigint; denominator: bigint };

/**
 * The chance the market gives a selection, with its overround taken out: 1/price over the sum of 1/price of every
 * selection of the market. Kept exact by multiplying through by the product P of the market's prices: the
 * numerator is P / price (the other prices multiplied), the denominator the sum of P / price_k (the scale cancels).
 *
 * Example: 1x2 at 1.80 / 3.50 / 4.50, home: 1/1.8 + 1/3.5 + 1/4.5 = 1.0635 (6.35% overround);
 * numerator 35000 x 45000 = 1575000000, denominator 35000 x 45000 + 18000 x 45000 + 18000 x 35000 = 3015000000,
 * 0.522388..., where 1/1.80 alone would say 0.5556.
 */
export function fairShare(price: bigint, marketPrices: readonly bigint[]): Share {
  if (price <= 0n || !marketPrices.includes(price)) throw new RangeError('the price must be one of its market');
  const product = marketPrices.reduce((all, each) => {
    if (each <= 0n) throw new RangeError('prices are positive');
    return all * each;
  }, 1n);
  const denominator = marketPrices.reduce((sum, each) => sum + product / each, 0n);
  return { numerator: product / price, denominator };
}

/**
 * The cash-out value of `stake` (per line; a single or a parlay has one line) on these legs: what the line pays if
 * every leg still to play wins, times the chance that they all do, less the margin, truncated to scale 4 once.
 *
 *   value = stake x (decided factors / 20000 each) x (odds_i / 10000 x share_i for each leg to play) x (1 - margin)
 *
 * A decided leg counts as settlement counts it (win: its odds, void: 1, half win: (odds + 1) / 2, half lose: 1/2);
 * a lost leg makes the value 0. Never above the potential payout (every share is at most 1).
 *
 * Examples, margin 5% (500 bp):
 * - single 100.0000 at 2.10 on home, 1x2 now 1.80 / 3.50 / 4.50: 1000000 x 21000 x 1575000000 x 9500 /
 *   (10000 x 3015000000 x 10000) = 1042164.17 -> 104.2164 (fair 109.7014: 210 x 0.522388);
 * - the same single with the price unchanged, 1x2 2.10 / 3.30 / 3.40: share 0.443653..., fair 93.1672,
 *   value 88.5088 (the member who cashes at once gets back less than the stake: the book's margin and overround);
 * - parlay 10.0000 on 2.00 (won) x 1.95, the second market now 1.95 / 1.90: 100000 x 40000 / 20000 x 19500 / 10000
 *   x 19000 / 38500 x 9500 / 10000 = 182844.15 -> 18.2844 (39.00 if it wins, a 49.35% chance).
 */
export function cashoutValue(stake: bigint, legs: readonly CashoutLeg[], marginBp: bigint): bigint {
  if (legs.length === 0) throw new RangeError('a bet has at least one leg');
  if (marginBp < 0n || marginBp > BASIS_POINTS) throw new RangeError('the margin is between 0 and 10000 bp');
  let numerator = stake * (BASIS_POINTS - marginBp);
  let denominator = BASIS_POINTS;
  for (const leg of legs) {
    if (leg.decided) {
      numerator *= legFactor({ odds: leg.odds, outcome: leg.outcome });
      denominator *= LEG_FACTOR_DENOMINATOR;
    } else {
      const share = fairShare(leg.price, leg.marketPrices);
      numerator *= leg.odds * share.numerator;
      denominator *= ODDS_ONE * share.denominator;
    }
  }
  return numerator / denominator;
}

/**
 * Whether a value priced again at acceptance is close enough to the quote the member accepted: within `toleranceBp`
 * of the quote either way (a quote that moved up a lot means something happened in the match too). 2% of 100.0000
 * allows 98.0000 to 102.0000.
 */
export function withinTolerance(quoted: bigint, fresh: bigint, toleranceBp: bigint): boolean {
  const difference = fresh > quoted ? fresh - quoted : quoted - fresh;
  return difference * BASIS_POINTS <= quoted * toleranceBp;
}

/**
 * A setting's fraction (0.05) as basis points (500n). Settings are checked to be whole basis points when saved, so
 * rounding here only removes the binary float's noise (0.07 x 10000 = 700.0000000000001).
 */
export function basisPoints(fraction: number): bigint {
  return BigInt(Math.round(fraction * 10_000));
}

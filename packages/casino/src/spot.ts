/**
 * Spot errors, with stable codes the API and the site show:
 * - UNKNOWN_SPOT: not a spot of this game at all ("banker" at roulette, "straight:x");
 * - SPOT_OUT_OF_RANGE: a known kind with a number the table does not have ("straight:37", "total:3", "dozen:4");
 * - SPOT_NOT_ADJACENT: a split or corner whose numbers do not touch on the layout ("split:1-5", "corner:3-7");
 * - SPOT_NOT_CANONICAL: a real spot written another way than its one name ("split:20-17", "straight:07"), refused so
 *   that the same bet is always stored, limited and reported under one name.
 */
export type SpotErrorCode = 'UNKNOWN_SPOT' | 'SPOT_OUT_OF_RANGE' | 'SPOT_NOT_ADJACENT' | 'SPOT_NOT_CANONICAL';

export class SpotError extends Error {
  constructor(
    readonly code: SpotErrorCode,
    readonly spot: string,
  ) {
    super(`${code}: ${spot}`);
    this.name = 'SpotError';
  }
}

/**
 * The integer after `kind:` in a spot, or a SpotError: UNKNOWN_SPOT when it is not digits, SPOT_NOT_CANONICAL with a
 * leading zero ("07").
 */
export function spotNumber(spot: string, text: string): number | SpotError {
  if (!/^\d{1,3}$/.test(text)) return new SpotError('UNKNOWN_SPOT', spot);
  const value = Number(text);
  return String(value) === text ? value : new SpotError('SPOT_NOT_CANONICAL', spot);
}

/**
 * What a winning bet returns, stake included: amount x numerator / denominator, truncated once toward zero (amounts
 * are positive, so down, in the house's favour by less than 0.0001).
 * Example: banker 0.95:1 returns 1.95 = 195/100; stake 10.0001 (100001n) returns 195001.95 -> 195001, 19.5001.
 */
export function returnOf(amount: bigint, numerator: bigint, denominator = 1n): bigint {
  return (amount * numerator) / denominator;
}

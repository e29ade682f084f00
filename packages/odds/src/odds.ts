/**
 * Decimal odds are a bigint at scale 4, like money: 2.05 is 20500n, 1.9375 is 19375n. The decimal price is the one
 * the book bets and pays with; every other format (display.ts) is derived from it for display only.
 */
export type Odds = bigint;

export const ODDS_SCALE = 4;
/** Odds of exactly 1: what a void leg counts as, and the unit every product of odds is divided by. */
export const ODDS_ONE: Odds = 10_000n;
/** The shortest price the book offers or accepts: 1.01. */
export const MIN_ODDS: Odds = 10_100n;
/** The longest price the book offers or accepts: 1000.00. */
export const MAX_ODDS: Odds = 10_000_000n;

export type ParseOddsError = 'format' | 'precision' | 'range';
export type ParseOddsResult = { ok: true; value: Odds } | { ok: false; error: ParseOddsError };

const DECIMAL = /^(\d{1,7})(?:\.(\d{1,4}))?$/;

/**
 * Reads decimal odds from their wire form ("2.05", "2", "1.9375") digit by digit, never through a float.
 * Only strings: a JSON number such as 2.05 has already been rounded by the time it arrives. More than 4 decimals is a
 * precision error rather than rounded, and anything outside MIN_ODDS..MAX_ODDS a range error.
 */
export function parseOdds(input: unknown): ParseOddsResult {
  if (typeof input !== 'string') return { ok: false, error: 'format' };
  const text = input.trim();
  if (/^\d+\.\d{5,}$/.test(text)) return { ok: false, error: 'precision' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, error: /^\d{8,}(\.\d*)?$/.test(text) ? 'range' : 'format' };
  const [, whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * ODDS_ONE + BigInt(fraction.padEnd(ODDS_SCALE, '0'));
  if (!isOfferableOdds(value)) return { ok: false, error: 'range' };
  return { ok: true, value };
}

/** True for odds the book can offer and accept: between 1.01 and 1000 inclusive. */
export function isOfferableOdds(value: Odds): boolean {
  return value >= MIN_ODDS && value <= MAX_ODDS;
}

/**
 * The wire and display form of decimal odds: at least 2 decimals, and the 3rd and 4th only when they are not zero
 * (20500n -> "2.05", 20000n -> "2.00", 19375n -> "1.9375", 19550n -> "1.955"). parseOdds reads it back exactly.
 */
export function formatOdds(value: Odds): string {
  if (value < 0n) throw new RangeError('odds are never negative');
  const whole = value / ODDS_ONE;
  const fraction = (value % ODDS_ONE)
    .toString()
    .padStart(ODDS_SCALE, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}

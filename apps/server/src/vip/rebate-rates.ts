/**
 * Rebate rates are stored in millionths of the valid turnover (4000 = 0.4%) so a rebate is integer arithmetic;
 * operators and members read and type them as percents.
 */

/** Millionths as a percent: 4000 -> "0.4", 10000 -> "1". */
export function ratePercent(millionths: number): string {
  const whole = Math.trunc(millionths / 10_000);
  const rest = String(millionths % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** A percent as operators type it ("0.4") to millionths (4000); null when it is not a percent of at most 100. */
export function rateMillionths(percent: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent);
  if (!match) return null;
  const value = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return value <= 1_000_000 ? value : null;
}

/** The rebate of one category: valid turnover x rate, truncated to scale 4 (123.4567 at 0.4% -> 0.4938). */
export function rebateOf(valid: bigint, rateMillionths: number): bigint {
  return (valid * BigInt(rateMillionths)) / 1_000_000n;
}

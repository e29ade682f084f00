/**
 * Percentages and multiples with two decimals, as integers: "1.5" -> 150. The site and the server read the
 * operator's fee rate and flow multiple through this one function, so what a page promises is what is charged.
 */
export function hundredths(text: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return 0n;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0').slice(0, 2));
}

/**
 * The withdrawal fee: the fixed part plus amount x rate, the rate given in hundredths of a percent and its part
 * truncated at scale 4 (integer division). Amounts are scale-4 units.
 */
export function withdrawalFee(amount: bigint, rateHundredthsOfPercent: bigint, fixed: bigint): bigint {
  return fixed + (amount * rateHundredthsOfPercent) / 10_000n;
}

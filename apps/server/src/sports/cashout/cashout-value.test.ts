import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPoints, type CashoutLeg, cashoutValue, fairShare, withinTolerance } from './cashout-value';

const open = (odds: bigint, price: bigint, marketPrices: bigint[]): CashoutLeg => ({
  decided: false,
  odds,
  price,
  marketPrices,
});

describe('the cash-out value', () => {
  it('takes the overround out of the market before using a price as a chance', () => {
    const share = fairShare(18000n, [18000n, 35000n, 45000n]);
    expect(share).toEqual({ numerator: 1_575_000_000n, denominator: 3_015_000_000n });
    // Two even prices are an even chance whatever their margin.
    const even = fairShare(19000n, [19000n, 19000n]);
    expect(even.numerator * 2n).toBe(even.denominator);
  });

  it('is the potential payout times the chance, less the margin, truncated once (the worked examples)', () => {
    const home = (price: bigint, market: bigint[]) => [open(21000n, price, market)];
    expect(cashoutValue(1_000_000n, home(18000n, [18000n, 35000n, 45000n]), 500n)).toBe(1_042_164n);
    expect(cashoutValue(1_000_000n, home(18000n, [18000n, 35000n, 45000n]), 0n)).toBe(1_097_014n);
    expect(cashoutValue(1_000_000n, home(21000n, [21000n, 33000n, 34000n]), 500n)).toBe(885_088n);
    const parlay = [{ decided: true, odds: 20000n, outcome: 'win' } as const, open(19500n, 19500n, [19500n, 19000n])];
    expect(cashoutValue(100_000n, parlay, 500n)).toBe(182_844n);
  });

  it('counts a decided leg as settlement does: void is 1, half won (odds + 1) / 2, half lost 1/2, lost nothing', () => {
    const rest = open(20000n, 19000n, [19000n, 19000n]);
    // 100.0000 x 2.00 x 0.5 (even chance), no margin: 100.0000 before the decided leg's factor.
    const value = (outcome: 'win' | 'void' | 'half_win' | 'half_lose' | 'lose') =>
      cashoutValue(1_000_000n, [{ decided: true, odds: 19500n, outcome }, rest], 0n);
    expect(value('void')).toBe(1_000_000n);
    expect(value('win')).toBe(1_950_000n);
    expect(value('half_win')).toBe(1_475_000n);
    expect(value('half_lose')).toBe(500_000n);
    expect(value('lose')).toBe(0n);
  });

  it('never offers more than the bet can pay, and a bigger margin never offers more', () => {
    const price = fc.integer({ min: 10_100, max: 200_000 }).map(BigInt);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(price, fc.array(price, { minLength: 1, maxLength: 5 })), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 100, max: 10_000_000 }).map(BigInt),
        fc.integer({ min: 0, max: 5_000 }).map(BigInt),
        (legs, stake, margin) => {
          const priced = legs.map(([odds, others]) => open(odds, odds, [odds, ...others]));
          // The potential payout, truncated once as placement computes it.
          const potential = legs.reduce((payout, [odds]) => payout * odds, stake) / 10_000n ** BigInt(legs.length);
          const value = cashoutValue(stake, priced, margin);
          expect(value).toBeGreaterThanOrEqual(0n);
          expect(value).toBeLessThanOrEqual(potential);
          expect(cashoutValue(stake, priced, margin + 100n)).toBeLessThanOrEqual(value);
        },
      ),
    );
  });

  it('accepts a re-priced value within the tolerance either way, to the 0.0001', () => {
    expect(withinTolerance(1_000_000n, 980_000n, 200n)).toBe(true);
    expect(withinTolerance(1_000_000n, 1_020_000n, 200n)).toBe(true);
    expect(withinTolerance(1_000_000n, 979_999n, 200n)).toBe(false);
    expect(withinTolerance(1_000_000n, 1_020_001n, 200n)).toBe(false);
    expect(withinTolerance(1_000_000n, 1_000_001n, 0n)).toBe(false);
  });

  it('reads a setting fraction as whole basis points without the float noise', () => {
    expect(basisPoints(0.05)).toBe(500n);
    expect(basisPoints(0.07)).toBe(700n);
    expect(basisPoints(0.0001)).toBe(1n);
    expect(basisPoints(0)).toBe(0n);
  });
});

import { describe, expect, it } from 'vitest';
import { hundredths, withdrawalFee } from './rates';

describe('hundredths', () => {
  it('reads a percent or multiple with up to two decimals as an integer, and anything else as zero', () => {
    expect(hundredths('1.5')).toBe(150n);
    expect(hundredths('0.05')).toBe(5n);
    expect(hundredths('12')).toBe(1200n);
    expect(hundredths(' 2.345 ')).toBe(234n);
    expect(hundredths('-1')).toBe(0n);
    expect(hundredths('abc')).toBe(0n);
  });
});

describe('withdrawalFee', () => {
  it('adds the fixed part to the rate part, truncating the rate part at scale 4', () => {
    // 1,000.0000 at 1.5% plus 2.0000 fixed.
    expect(withdrawalFee(10_000_000n, 150n, 20_000n)).toBe(170_000n);
    // 0.0333 at 1%: 0.000333 truncates to 0.0003.
    expect(withdrawalFee(333n, 100n, 0n)).toBe(3n);
    expect(withdrawalFee(10_000_000n, 0n, 0n)).toBe(0n);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayOdds, ODDS_FORMATS, type OddsFormat } from './display';
import { MAX_ODDS, MIN_ODDS, parseOdds } from './odds';

const odds = (text: string) => {
  const parsed = parseOdds(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};
const all = (text: string) =>
  Object.fromEntries(ODDS_FORMATS.map((format) => [format, displayOdds(odds(text), format)]));

describe('displayOdds', () => {
  it('converts known prices into each format', () => {
    expect(all('1.80')).toEqual({ eu: '1.80', hk: '0.80', malay: '0.80', indo: '-1.25' });
    expect(all('2.50')).toEqual({ eu: '2.50', hk: '1.50', malay: '-0.67', indo: '1.50' });
    expect(all('2.00')).toEqual({ eu: '2.00', hk: '1.00', malay: '1.00', indo: '1.00' });
    expect(all('1.50')).toEqual({ eu: '1.50', hk: '0.50', malay: '0.50', indo: '-2.00' });
    expect(all('3.00')).toEqual({ eu: '3.00', hk: '2.00', malay: '-0.50', indo: '2.00' });
    expect(all('1.95')).toEqual({ eu: '1.95', hk: '0.95', malay: '0.95', indo: '-1.06' });
    expect(all('2.10')).toEqual({ eu: '2.10', hk: '1.10', malay: '-0.91', indo: '1.10' });
    expect(all('1.01')).toEqual({ eu: '1.01', hk: '0.01', malay: '0.01', indo: '-100.00' });
    expect(all('1000')).toEqual({ eu: '1000.00', hk: '999.00', malay: '-0.01', indo: '999.00' });
  });

  it('rounds down, so a price with more decimals than shown never shows higher', () => {
    expect(displayOdds(odds('1.9375'), 'eu')).toBe('1.93');
    expect(displayOdds(odds('1.9375'), 'eu', 4)).toBe('1.9375');
    expect(displayOdds(odds('2.505'), 'hk')).toBe('1.50');
    expect(displayOdds(odds('1.9999'), 'eu', 0)).toBe('1');
    // -1 / 1.2 = -0.8333...: down is -0.84, the stake that wins 1 shown a little higher than it is.
    expect(displayOdds(odds('2.20'), 'malay')).toBe('-0.84');
    expect(displayOdds(odds('2.20'), 'malay', 4)).toBe('-0.8334');
  });

  it('refuses odds of 1 or less and impossible decimals', () => {
    expect(() => displayOdds(10_000n, 'eu')).toThrow(RangeError);
    expect(() => displayOdds(20_000n, 'eu', 5)).toThrow(RangeError);
  });

  it('never shows a price that would pay more than the decimal odds, and is within one step of it', () => {
    // The decimal odds a shown price stands for, as an exact fraction: shown is the price x 10^decimals, signed.
    const implied = (shown: bigint, format: OddsFormat, scale: bigint): [bigint, bigint] => {
      if (format === 'eu') return [shown, scale];
      if (shown > 0n) return [shown + scale, scale];
      return [scale - shown, -shown]; // 1 + 1 / |v|
    };
    const atMost = ([numerator, denominator]: [bigint, bigint], price: bigint) =>
      numerator * 10_000n <= price * denominator;
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }),
        fc.constantFrom(...ODDS_FORMATS),
        fc.integer({ min: 2, max: 4 }),
        (price, format, decimals) => {
          const scale = 10n ** BigInt(decimals);
          const shown = BigInt(displayOdds(price, format, decimals).replace('.', ''));
          expect(atMost(implied(shown, format, scale), price)).toBe(true);
          // One step higher would already stand for odds above the real ones (or exactly them).
          const up = shown + 1n;
          if (up === 0n) return;
          const [numerator, denominator] = implied(up, format, scale);
          expect(numerator * 10_000n).toBeGreaterThanOrEqual(price * denominator);
        },
      ),
    );
  });
});

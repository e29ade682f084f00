import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { impliedProbabilities, oddsFromImplied, priceMarket } from './margin';
import { expectOverround } from './pricing-checks';

const fairMarket = fc
  .array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 2, maxLength: 12 })
  .map((weights) => {
    const sum = weights.reduce((total, weight) => total + weight, 0);
    return weights.map((weight) => weight / sum);
  });

describe('impliedProbabilities', () => {
  it('adds the overround proportionally', () => {
    const implied = impliedProbabilities([0.5, 0.3, 0.2], 0.05, 'proportional');
    for (const [i, p] of [0.525, 0.315, 0.21].entries()) expect(implied[i]).toBeCloseTo(p, 12);
  });

  it('sums to 1 + overround with either method', () => {
    fc.assert(
      fc.property(
        fairMarket,
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.constantFrom('proportional' as const, 'power' as const),
        (fair, overround, method) => {
          const implied = impliedProbabilities(fair, overround, method);
          expect(implied.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1 + overround, 9);
        },
      ),
    );
  });

  it('with the power method takes relatively more from long shots than from favourites', () => {
    const [favourite, , longShot] = impliedProbabilities([0.7, 0.2, 0.1], 0.06, 'power');
    expect(longShot! / 0.1).toBeGreaterThan(favourite! / 0.7);
    expect(favourite! / 0.7).toBeGreaterThan(1);
  });

  it('refuses an overround the market cannot carry', () => {
    expect(() => impliedProbabilities([0.5, 0.5], 1, 'power')).toThrow(RangeError);
    expect(() => impliedProbabilities([0.5, 0.5], -0.01, 'proportional')).toThrow(RangeError);
  });
});

describe('oddsFromImplied', () => {
  it('rounds the price down to 0.01', () => {
    expect(oddsFromImplied(0.5)).toBe(20_000n);
    expect(oddsFromImplied(1 / 1.95)).toBe(19_500n);
    expect(oddsFromImplied(1 / 1.959)).toBe(19_500n);
    expect(oddsFromImplied(0.3)).toBe(33_300n);
  });

  it('refuses prices below 1.01 and caps long shots at 1000', () => {
    expect(oddsFromImplied(0.995)).toBeNull();
    expect(oddsFromImplied(1 / 1.01)).toBe(10_100n);
    expect(oddsFromImplied(0.0001)).toBe(10_000_000n);
    expect(oddsFromImplied(0)).toBe(10_000_000n);
  });
});

describe('priceMarket', () => {
  it('prices at the configured overround, within the rounding', () => {
    fc.assert(
      fc.property(
        fairMarket,
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        fc.constantFrom('proportional' as const, 'power' as const),
        (fair, overround, method) => {
          const config = { overround, method };
          const priced = priceMarket(
            {
              type: 'cs',
              period: 'ft',
              line: null,
              selections: fair.map((probability, i) => ({ side: `${i}-0`, probability })),
            },
            config,
          );
          if (priced) expectOverround([priced], config);
          else expect(Math.max(...impliedProbabilities(fair, overround, method))).toBeGreaterThan(1 / 1.01);
        },
      ),
    );
  });

  it('does not offer a market with a price below 1.01', () => {
    const market = {
      type: 'ah' as const,
      period: 'ft' as const,
      line: -4,
      selections: [
        { side: 'home', probability: 0.99 },
        { side: 'away', probability: 0.01 },
      ],
    };
    expect(priceMarket(market, { overround: 0.05, method: 'proportional' })).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betLines, linePotentialPayout } from './bets';
import { MAX_ODDS, MIN_ODDS } from './odds';
import { betPayout, LEG_FACTOR_DENOMINATOR, legFactor, linePayout, OUTCOMES, type SettledLeg } from './payout';

const stake = 100_000n; // 10.0000

describe('legFactor', () => {
  it('is the odds, nothing, 1, (odds + 1) / 2 or 1/2, over 20000', () => {
    const at = (outcome: SettledLeg['outcome']) => legFactor({ odds: 19_500n, outcome });
    expect(OUTCOMES.map(at)).toEqual([39_000n, 0n, 20_000n, 29_500n, 10_000n]);
    expect(LEG_FACTOR_DENOMINATOR).toBe(20_000n);
  });
});

describe('linePayout', () => {
  it('pays a single by its outcome', () => {
    const single = (outcome: SettledLeg['outcome']) => linePayout(stake, [{ odds: 19_500n, outcome }]);
    expect(single('win')).toBe(195_000n);
    expect(single('lose')).toBe(0n);
    expect(single('void')).toBe(100_000n);
    // Half at 1.95 (9.7500) and half back (5.0000).
    expect(single('half_win')).toBe(147_500n);
    expect(single('half_lose')).toBe(50_000n);
  });

  it('counts a void leg of a parlay as odds 1', () => {
    expect(
      linePayout(stake, [
        { odds: 20_000n, outcome: 'win' },
        { odds: 19_500n, outcome: 'void' },
      ]),
    ).toBe(200_000n);
  });

  it('counts half-won and half-lost legs as their halves, multiplied before one truncation', () => {
    // 1.465 x 0.5 = 0.7325.
    expect(
      linePayout(stake, [
        { odds: 19_300n, outcome: 'half_win' },
        { odds: 18_700n, outcome: 'half_lose' },
      ]),
    ).toBe(73_250n);
    // 1.455 x 2.03 x 1.77 = 5.22796005: 52.2796005 truncates to 52.2796.
    expect(
      linePayout(stake, [
        { odds: 19_100n, outcome: 'half_win' },
        { odds: 20_300n, outcome: 'win' },
        { odds: 17_700n, outcome: 'win' },
      ]),
    ).toBe(522_796n);
    // 0.0001 on a half win at 2.00 is 0.00015: the house keeps the 0.00005.
    expect(linePayout(1n, [{ odds: 20_000n, outcome: 'half_win' }])).toBe(1n);
  });

  it('pays nothing when any leg lost and the stake when every leg is void', () => {
    expect(
      linePayout(stake, [
        { odds: 50_000n, outcome: 'win' },
        { odds: 19_500n, outcome: 'lose' },
        { odds: 20_000n, outcome: 'half_win' },
      ]),
    ).toBe(0n);
    expect(
      linePayout(stake, [
        { odds: 50_000n, outcome: 'void' },
        { odds: 19_500n, outcome: 'void' },
      ]),
    ).toBe(stake);
    expect(() => linePayout(stake, [])).toThrow(RangeError);
  });

  const leg = fc.record({
    odds: fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }),
    outcome: fc.constantFrom(...OUTCOMES),
  });
  const stakes = fc.bigInt({ min: 1n, max: 10n ** 15n });

  it('pays what the slip promised when every leg wins', () => {
    fc.assert(
      fc.property(
        stakes,
        fc.array(fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }), { minLength: 1, maxLength: 10 }),
        (amount, odds) => {
          expect(
            linePayout(
              amount,
              odds.map((price) => ({ odds: price, outcome: 'win' as const })),
            ),
          ).toBe(linePotentialPayout(amount, odds));
        },
      ),
    );
  });

  it('pays the same with a void leg as without it', () => {
    fc.assert(
      fc.property(stakes, fc.array(leg, { minLength: 1, maxLength: 9 }), fc.nat(9), (amount, legs, at) => {
        const withVoid = [...legs];
        withVoid.splice(at % (legs.length + 1), 0, { odds: 30_000n, outcome: 'void' });
        expect(linePayout(amount, withVoid)).toBe(linePayout(amount, legs));
      }),
    );
  });

  it('pays a half result as half the stake on the win or loss and half on a void, before truncating', () => {
    fc.assert(
      fc.property(
        stakes,
        fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }),
        fc.array(leg, { maxLength: 8 }),
        (amount, odds, rest) => {
          // Half the stake on the win (or loss) and half on a void, as exact fractions, truncated once at the end.
          const numerator = (outcome: SettledLeg['outcome']) =>
            rest.reduce((product, item) => product * legFactor(item), amount * legFactor({ odds, outcome }));
          const denominator = LEG_FACTOR_DENOMINATOR ** BigInt(rest.length + 1);
          const halfWin = linePayout(amount, [{ odds, outcome: 'half_win' }, ...rest]);
          const halfLose = linePayout(amount, [{ odds, outcome: 'half_lose' }, ...rest]);
          expect(halfWin).toBe((numerator('win') + numerator('void')) / 2n / denominator);
          expect(halfLose).toBe((numerator('lose') + numerator('void')) / 2n / denominator);
        },
      ),
    );
  });

  it('never pays more than the exact amount, nor 0.0001 less', () => {
    fc.assert(
      fc.property(stakes, fc.array(leg, { minLength: 1, maxLength: 10 }), (amount, legs) => {
        const payout = linePayout(amount, legs);
        const numerator = legs.reduce((product, item) => product * legFactor(item), amount);
        const denominator = LEG_FACTOR_DENOMINATOR ** BigInt(legs.length);
        expect(payout * denominator).toBeLessThanOrEqual(numerator);
        expect((payout + 1n) * denominator).toBeGreaterThan(numerator);
      }),
    );
  });
});

describe('betPayout', () => {
  it('settles each line of a system on its own', () => {
    const trixie = betLines('system', 3, 'trixie');
    if (!trixie.ok) throw new Error(trixie.error);
    const legs: SettledLeg[] = [
      { odds: 20_000n, outcome: 'win' },
      { odds: 15_000n, outcome: 'lose' },
      { odds: 30_000n, outcome: 'half_win' },
    ];
    // Lines 0+1 and 0+1+2 lose; 0+2 pays 10 x 2.00 x 2.00 = 40; 1+2 loses.
    expect(betPayout(stake, legs, trixie.lines)).toEqual({ lines: [0n, 400_000n, 0n, 0n], total: 400_000n });
  });

  it('refuses a line that names a leg the bet does not have', () => {
    expect(() => betPayout(stake, [{ odds: 20_000n, outcome: 'win' }], [[0, 1]])).toThrow(RangeError);
  });
});

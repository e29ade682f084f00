import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betLines,
  choose,
  combinations,
  legExposure,
  linePotentialPayout,
  NAMED_SYSTEMS,
  parseSystem,
  potentialPayout,
  systemLineCount,
  totalStake,
} from './bets';
import { MAX_ODDS, MIN_ODDS } from './odds';

const lines = (...args: Parameters<typeof betLines>) => {
  const result = betLines(...args);
  if (!result.ok) throw new Error(result.error);
  return result.lines;
};

describe('parseSystem', () => {
  it('reads k/n and the named systems, ignoring case and spaces', () => {
    expect(parseSystem('2/3')).toEqual({ ok: true, value: { legs: 3, sizes: [2] }, name: '2/3' });
    expect(parseSystem('3/4')).toEqual({ ok: true, value: { legs: 4, sizes: [3] }, name: '3/4' });
    expect(parseSystem('10/10')).toEqual({ ok: true, value: { legs: 10, sizes: [10] }, name: '10/10' });
    expect(parseSystem('Trixie')).toEqual({ ok: true, value: { legs: 3, sizes: [2, 3] }, name: 'trixie' });
    expect(parseSystem('Lucky 15')).toEqual({ ok: true, value: { legs: 4, sizes: [1, 2, 3, 4] }, name: 'lucky15' });
    expect(parseSystem('YANKEE')).toEqual({ ok: true, value: { legs: 4, sizes: [2, 3, 4] }, name: 'yankee' });
  });

  it('names a system one way however it was typed', () => {
    for (const typed of ['02/3', '2/03', '02/03', ' 2 / 3 ']) expect(parseSystem(typed)).toMatchObject({ name: '2/3' });
  });

  it('refuses sizes below 2, above the legs, more than 10 legs and unknown names', () => {
    for (const bad of ['1/3', '4/3', '2/11', '0/0', '2-3', '2/3/4', 'trixie2', '', 'x', 23, null]) {
      expect(parseSystem(bad)).toEqual({ ok: false, error: 'system' });
    }
  });

  it('does not take what every object inherits for a named system', () => {
    for (const inherited of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(parseSystem(inherited)).toEqual({ ok: false, error: 'system' });
      expect(betLines('system', 3, inherited)).toEqual({ ok: false, error: 'system' });
    }
  });
});

describe('legExposure', () => {
  it('puts a single or a parlay whole on every leg', () => {
    const parlay = legExposure(100_000n, [20_000n, 15_000n], [[0, 1]]);
    expect(parlay).toEqual([
      { stake: 100_000n, payout: 300_000n },
      { stake: 100_000n, payout: 300_000n },
    ]);
  });

  it('puts only the combinations with a leg on it for a system bet', () => {
    // 2/3 at 10.00 a line on 2.00, 3.00, 4.00: AB pays 60, AC 80, BC 120.
    const exposure = legExposure(
      100_000n,
      [20_000n, 30_000n, 40_000n],
      [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
    );
    expect(exposure).toEqual([
      { stake: 200_000n, payout: 1_400_000n },
      { stake: 200_000n, payout: 1_800_000n },
      { stake: 200_000n, payout: 2_000_000n },
    ]);
  });
});

describe('betLines', () => {
  it('makes a single one line of its one leg', () => {
    expect(lines('single', 1)).toEqual([[0]]);
    expect(betLines('single', 2)).toEqual({ ok: false, error: 'legs' });
    expect(betLines('single', 0)).toEqual({ ok: false, error: 'legs' });
  });

  it('makes a parlay of 2 to 10 legs one line of them all', () => {
    expect(lines('parlay', 2)).toEqual([[0, 1]]);
    expect(lines('parlay', 10)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(betLines('parlay', 1)).toEqual({ ok: false, error: 'legs' });
    expect(betLines('parlay', 11)).toEqual({ ok: false, error: 'legs' });
    expect(betLines('parlay', 2.5)).toEqual({ ok: false, error: 'legs' });
  });

  it('makes a system every combination of its sizes', () => {
    expect(lines('system', 3, '2/3')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(lines('system', 3, 'trixie')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(lines('system', 4, '3/4')).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('counts the lines of the named systems as the trade knows them', () => {
    const counts = Object.fromEntries(
      Object.entries(NAMED_SYSTEMS).map(([name, spec]) => [name, lines('system', spec.legs, name).length]),
    );
    expect(counts).toEqual({
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
      superheinz: 120,
      goliath: 247,
    });
    for (const [name, spec] of Object.entries(NAMED_SYSTEMS)) expect(systemLineCount(spec)).toBe(counts[name]);
  });

  it('refuses a system given the wrong number of legs or no system', () => {
    expect(betLines('system', 4, '2/3')).toEqual({ ok: false, error: 'legs' });
    expect(betLines('system', 3, 'yankee')).toEqual({ ok: false, error: 'legs' });
    expect(betLines('system', 3)).toEqual({ ok: false, error: 'system' });
  });

  it('gives k/n exactly the n-choose-k distinct, ordered combinations of k legs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }).chain((n) => fc.tuple(fc.integer({ min: 2, max: n }), fc.constant(n))),
        ([k, n]) => {
          const result = lines('system', n, `${k}/${n}`);
          expect(result.length).toBe(choose(n, k));
          expect(systemLineCount({ legs: n, sizes: [k] })).toBe(choose(n, k));
          expect(new Set(result.map((line) => line.join())).size).toBe(result.length);
          for (const line of result) {
            expect(line.length).toBe(k);
            expect(line.every((leg, i) => leg >= 0 && leg < n && (i === 0 || leg > line[i - 1]!))).toBe(true);
          }
        },
      ),
    );
  });

  it('has combinations for the edge sizes', () => {
    expect(combinations(3, 0)).toEqual([[]]);
    expect(combinations(3, 4)).toEqual([]);
    expect(choose(10, 5)).toBe(252);
  });
});

describe('stakes and potential payouts', () => {
  it('charges the stake per line times the lines', () => {
    expect(totalStake(100_000n, 11)).toBe(1_100_000n);
  });

  it('multiplies the stake by every price and truncates once', () => {
    // 10.0000 on 2.05 x 1.90 = 38.9500.
    expect(linePotentialPayout(100_000n, [20_500n, 19_000n])).toBe(389_500n);
    // 1.0000 on 1.3333 x 1.3333 = 1.77768889: 1.7776, not 1.7777 (and not 1.3333 x 1.3333 rounded first).
    expect(linePotentialPayout(10_000n, [13_333n, 13_333n])).toBe(17_776n);
    // 0.0001 on 1.50 = 0.00015: truncated to 0.0001.
    expect(linePotentialPayout(1n, [15_000n])).toBe(1n);
  });

  it('adds up the lines of a system, each truncated on its own', () => {
    // 2/3 at 10.0000 a line on 2.00, 1.50, 3.00: 30 + 60 + 45.
    expect(potentialPayout(100_000n, [20_000n, 15_000n, 30_000n], lines('system', 3, '2/3'))).toBe(1_350_000n);
    // Trixie adds the treble, 90.
    expect(potentialPayout(100_000n, [20_000n, 15_000n, 30_000n], lines('system', 3, 'trixie'))).toBe(2_250_000n);
    // Two lines of 0.0001 x 1.5 pay 0.0001 each, not 0.0003 for the pair.
    expect(potentialPayout(1n, [15_000n, 15_000n, 15_000n], [[0], [1]])).toBe(2n);
  });

  it('is the exact product rounded down by less than 0.0001', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.array(fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }), { minLength: 1, maxLength: 10 }),
        (stake, odds) => {
          const payout = linePotentialPayout(stake, odds);
          const exact = odds.reduce((product, price) => product * price, stake);
          const denominator = 10_000n ** BigInt(odds.length);
          expect(payout * denominator).toBeLessThanOrEqual(exact);
          expect((payout + 1n) * denominator).toBeGreaterThan(exact);
        },
      ),
    );
  });
});

import { type Line, lineKind, linePayout, MAX_LINE, type Outcome, splitLine } from '@jinb/odds';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXED_SIDES, type MarketSpec, type MarketType, type Period } from '../market-types';
import type { EventResult } from './event-result';
import { handicapOutcome, settleMarket } from './outcome';

/** An outcome as the bettor's net result per unit at even money: what averaging two half stakes means. */
const VALUE: Record<Outcome, number> = { win: 1, half_win: 0.5, void: 0, half_lose: -0.5, lose: -1 };
const MIRROR: Record<Outcome, Outcome> = {
  win: 'lose',
  half_win: 'half_lose',
  void: 'void',
  half_lose: 'half_win',
  lose: 'win',
};

const goals = fc.integer({ min: 0, max: 12 });
const footballResult: fc.Arbitrary<EventResult> = fc
  .tuple(goals, goals, goals, goals)
  .map(([htHome, htAway, moreHome, moreAway]) => ({
    sport: 'football',
    ht: { home: htHome, away: htAway },
    ft: { home: htHome + moreHome, away: htAway + moreAway },
  }));
const period = fc.constantFrom<Period>('ft', '1h');
const anyLine = fc.integer({ min: -40, max: 40 });
const totalLine = fc.integer({ min: 1, max: 60 });

function outcomes(
  type: Exclude<MarketType, 'cs'>,
  line: Line | null,
  at: Period,
  result: EventResult,
): Record<string, Outcome> {
  const spec: MarketSpec = {
    sport: 'football',
    type,
    period: at,
    line,
    sides: [...FIXED_SIDES[type]],
  };
  const settled = settleMarket(spec, result);
  if (!settled.ok) throw new Error(settled.error);
  return settled.outcomes;
}

const scoreOf = (result: EventResult, at: Period) => {
  if (result.sport === 'tennis') throw new Error('football only');
  return at === 'ft' ? result.ft : result.ht!;
};

describe('settlement properties', () => {
  it('1x2: for any score exactly the right side wins and the other two lose', () => {
    fc.assert(
      fc.property(footballResult, period, (result, at) => {
        const { home, away } = scoreOf(result, at);
        const settled = outcomes('1x2', null, at, result);
        const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
        expect(Object.entries(settled).filter(([, outcome]) => outcome === 'win')).toEqual([[winner, 'win']]);
        expect(Object.values(settled).filter((outcome) => outcome === 'lose')).toHaveLength(2);
      }),
    );
  });

  it('ah: home and away at the same line are mirror images (what one wins the other loses)', () => {
    fc.assert(
      fc.property(footballResult, period, anyLine, (result, at, line) => {
        const settled = outcomes('ah', line, at, result);
        expect(settled.away).toBe(MIRROR[settled.home!]);
      }),
    );
  });

  it('ou: over and under at the same line are mirror images', () => {
    fc.assert(
      fc.property(footballResult, period, totalLine, (result, at, line) => {
        const settled = outcomes('ou', line, at, result);
        expect(settled.under).toBe(MIRROR[settled.over!]);
      }),
    );
  });

  it('btts and oe: exactly one side wins', () => {
    fc.assert(
      fc.property(footballResult, period, (result, at) => {
        for (const type of ['btts', 'oe'] as const) {
          expect(Object.values(outcomes(type, null, at, result)).sort()).toEqual(['lose', 'win']);
        }
      }),
    );
  });

  it('cs: with "other" listed, exactly one side wins for any score', () => {
    const listed = fc.uniqueArray(fc.tuple(fc.nat(5), fc.nat(5)), {
      minLength: 1,
      maxLength: 20,
      selector: ([home, away]) => `${home}-${away}`,
    });
    fc.assert(
      fc.property(footballResult, period, listed, (result, at, scores) => {
        const sides = [...scores.map(([home, away]) => `${home}-${away}`), 'other'];
        const settled = settleMarket({ sport: 'football', type: 'cs', period: at, line: null, sides }, result);
        if (!settled.ok) throw new Error(settled.error);
        expect(Object.values(settled.outcomes).filter((outcome) => outcome === 'win')).toHaveLength(1);
        expect(Object.keys(settled.outcomes)).toEqual(sides);
      }),
    );
  });

  it('a quarter line settles as the average of its two half lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -MAX_LINE, max: MAX_LINE }), (margin, line) => {
        const halves = splitLine(line);
        const average = halves.reduce((sum, half) => sum + VALUE[handicapOutcome(margin, half)], 0) / halves.length;
        expect(VALUE[handicapOutcome(margin, line)]).toBe(average);
        if (lineKind(line) !== 'quarter') expect(['win', 'lose', 'void']).toContain(handicapOutcome(margin, line));
        if (lineKind(line) === 'half') expect(handicapOutcome(margin, line)).not.toBe('void');
      }),
    );
  });

  it('a quarter-line single pays what half the stake on each half line pays', () => {
    // Whole-yuan stakes keep each half's payout exact, so the sum must match to the 0.0001.
    fc.assert(
      fc.property(
        fc.integer({ min: -12, max: 12 }),
        fc.integer({ min: -40, max: 40 }).map((whole) => whole * 4 + 1),
        fc.bigInt({ min: 10_100n, max: 100_000n }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        (margin, line, odds, yuan) => {
          const half = yuan * 10_000n;
          const quarter = linePayout(2n * half, [{ odds, outcome: handicapOutcome(margin, line) }]);
          const [low, high] = splitLine(line);
          const split =
            linePayout(half, [{ odds, outcome: handicapOutcome(margin, low!) }]) +
            linePayout(half, [{ odds, outcome: handicapOutcome(margin, high!) }]);
          expect(quarter).toBe(split);
        },
      ),
    );
  });

  it('ml is the handicap at 0: a level score gives both sides their stake back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 150 }), (home, away) => {
        const settled = settleMarket(
          { sport: 'basketball', type: 'ml', period: '1h', line: null, sides: ['home', 'away'] },
          { sport: 'basketball', ft: { home: home + 50, away: away + 50 }, ht: { home, away } },
        );
        if (!settled.ok) throw new Error(settled.error);
        expect(settled.outcomes.home).toBe(handicapOutcome(home - away, 0));
        expect(settled.outcomes.away).toBe(MIRROR[settled.outcomes.home!]);
      }),
    );
  });

  it('a first-half market settles on the half-time score alone', () => {
    fc.assert(
      fc.property(footballResult, goals, goals, anyLine, (result, extraHome, extraAway, line) => {
        if (result.sport === 'tennis') return;
        const later = { ...result, ft: { home: result.ft.home + extraHome, away: result.ft.away + extraAway } };
        expect(outcomes('ah', line, '1h', later)).toEqual(outcomes('ah', line, '1h', result));
      }),
    );
  });
});

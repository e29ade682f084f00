import { describe, expect, it } from 'vitest';
import { validateResult } from '../settlement/event-result';
import { probabilityOf, total, twoWay } from './distribution';
import { DEFAULT_MARGIN } from './margin';
import { expectFairMarkets, expectOverround } from './pricing-checks';
import { createRandom } from './random';
import {
  DEFAULT_TENNIS_LINES,
  holdProbability,
  priceTennis,
  sampleTennisResult,
  serveFromRatings,
  setScores,
  tennisDistributions,
  tennisFairMarkets,
  tiebreakProbability,
} from './tennis';

describe('tennis games and tie-breaks', () => {
  it('holds serve with the textbook probabilities', () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 12);
    expect(holdProbability(0.6)).toBeCloseTo(0.7357, 4);
    expect(holdProbability(0.7)).toBeCloseTo(0.9008, 4);
    expect(holdProbability(0.4)).toBeCloseTo(1 - holdProbability(0.6), 12);
  });

  it('makes a tie-break between equal servers even, whoever serves first', () => {
    expect(tiebreakProbability(0.65, 0.65)).toBeCloseTo(0.5, 12);
    expect(tiebreakProbability(0.7, 0.6)).toBeGreaterThan(0.5);
    // Who serves first hardly matters: A's chance is the same either way round, to a few thousandths.
    expect(tiebreakProbability(0.7, 0.6)).toBeCloseTo(1 - tiebreakProbability(0.6, 0.7), 2);
  });

  it('ends sets only on real set scores, with probabilities summing to 1', () => {
    const serve = { home: 0.66, away: 0.61 };
    for (const first of [true, false]) {
      const scores = setScores(serve, first);
      expect(scores.reduce((sum, score) => sum + score.p, 0)).toBeCloseTo(1, 12);
      for (const { home, away } of scores) {
        const winner = Math.max(home, away);
        const loser = Math.min(home, away);
        expect((winner === 6 && loser <= 4) || (winner === 7 && loser >= 5)).toBe(true);
      }
      // 6-0 to 6-4, 7-5 and 7-6, either way.
      expect(scores).toHaveLength(14);
    }
  });
});

describe('tennis matches', () => {
  it('are a coin flip between equal players, and favour the better server more over five sets', () => {
    const even = tennisDistributions({ home: 0.64, away: 0.64 }, 3);
    expect(even.homeWins).toBeCloseTo(0.5, 12);
    const serve = serveFromRatings(0.04, 0);
    const three = tennisDistributions(serve, 3);
    const five = tennisDistributions(serve, 5);
    expect(three.homeWins).toBeGreaterThan(0.5);
    expect(five.homeWins).toBeGreaterThan(three.homeWins);
  });

  it('have set margins and total games that are distributions over what can happen', () => {
    const three = tennisDistributions(serveFromRatings(0.03, 0), 3);
    expect(total(three.setMargin)).toBeCloseTo(1, 12);
    expect(total(three.totalGames)).toBeCloseTo(1, 12);
    expect(probabilityOf(three.setMargin, 0)).toBe(0);
    expect(three.totalGames.p.slice(0, 12).every((p) => p === 0)).toBe(true);
    expect(probabilityOf(three.totalGames, 12)).toBeGreaterThan(0);
    expect(probabilityOf(three.totalGames, 39)).toBeGreaterThan(0);
    expect(three.totalGames.p.length).toBe(40);
    // Set handicap -1.5 is a straight-sets win; the money line the two winning scores.
    expect(twoWay(three.setMargin, -6).first).toBeCloseTo(probabilityOf(three.setMargin, 2), 12);
    expect(three.homeWins).toBeCloseTo(probabilityOf(three.setMargin, 2) + probabilityOf(three.setMargin, 1), 12);
  });

  it('offer the match, set handicaps and total games with fair probabilities summing to 1, priced at the overround', () => {
    for (const bestOf of [3, 5] as const) {
      const serve = serveFromRatings(0.02, 0);
      const fair = tennisFairMarkets(tennisDistributions(serve, bestOf), bestOf);
      expectFairMarkets(fair);
      expect(fair.filter((market) => market.type === 'ah')).toHaveLength(bestOf === 3 ? 2 : 4);
      expect(fair.filter((market) => market.type === 'ou')).toHaveLength(2 * DEFAULT_TENNIS_LINES.alternates + 1);
      const priced = priceTennis(serve, bestOf, { margin: DEFAULT_MARGIN, lines: DEFAULT_TENNIS_LINES });
      expectOverround(priced, DEFAULT_MARGIN);
      const ml = priced.find((market) => market.type === 'ml')!;
      expect(ml.selections[0]!.odds).toBeLessThan(ml.selections[1]!.odds);
    }
  });
});

describe('sampled tennis matches', () => {
  it('are valid results that follow the priced distribution', () => {
    const random = createRandom('tennis');
    const serve = serveFromRatings(0.03, 0);
    const distributions = tennisDistributions(serve, 3);
    const n = 10_000;
    let homeWins = 0;
    let games = 0;
    for (let i = 0; i < n; i++) {
      const result = sampleTennisResult(serve, 3, random);
      if (result.sport !== 'tennis') throw new Error('tennis');
      expect(validateResult(result)).toEqual({ ok: true });
      if (result.sets.filter((set) => set.home > set.away).length === 2) homeWins++;
      games += result.sets.reduce((sum, set) => sum + set.home + set.away, 0);
    }
    const p = distributions.homeWins;
    expect(Math.abs(homeWins / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    const expectedGames = distributions.totalGames.p.reduce((sum, q, i) => sum + q * i, 0);
    expect(Math.abs(games / n - expectedGames)).toBeLessThan(0.3);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateResult } from '../settlement/event-result';
import { mean, twoWay } from './distribution';
import {
  DEFAULT_FOOTBALL_LINES,
  DEFAULT_FOOTBALL_MODEL,
  expectedGoals,
  type FootballTeam,
  firstHalfMatrix,
  footballFairMarkets,
  goalMargin,
  goalTotal,
  priceFootball,
  sampleFootballResult,
  scoreMatrix,
} from './football';
import { DEFAULT_MARGIN, type FairMarket, type MarginConfig, type PricedMarket } from './margin';
import { expectFairMarkets, expectOverround } from './pricing-checks';
import { createRandom } from './random';

const model = DEFAULT_FOOTBALL_MODEL;
const strong: FootballTeam = { attack: 0.3, defence: 0.2 };
const average: FootballTeam = { attack: 0, defence: 0 };
const weak: FootballTeam = { attack: -0.2, defence: -0.25 };

const matrixSum = (matrix: number[][]) => matrix.flat().reduce((sum, p) => sum + p, 0);
const find = <T extends FairMarket | PricedMarket>(
  markets: T[],
  type: string,
  period: string,
  line: number | null = null,
) => {
  const market = markets.find((item) => item.type === type && item.period === period && item.line === line);
  if (!market) throw new Error(`no ${type} ${period} ${line}`);
  return market;
};
const side = <T extends { side: string }>(market: { selections: T[] }, name: string) => {
  const selection = market.selections.find((item) => item.side === name);
  if (!selection) throw new Error(`no side ${name}`);
  return selection;
};

describe('the score matrix', () => {
  it('is a distribution, and plain Poisson with rho 0', () => {
    const goals = { home: 1.6, away: 1.1 };
    const poisson = scoreMatrix(goals, { rho: 0, maxGoals: 12 });
    expect(matrixSum(poisson)).toBeCloseTo(1, 12);
    const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
    const p = (lambda: number, k: number) => (Math.exp(-lambda) * lambda ** k) / factorial(k);
    expect(poisson[2]![1]).toBeCloseTo(p(1.6, 2) * p(1.1, 1), 8);
    expect(mean(goalTotal(poisson))).toBeCloseTo(2.7, 6);
  });

  it('with a negative rho makes 0-0 and 1-1 likelier and 1-0, 0-1 less likely, and still sums to 1', () => {
    const goals = { home: 1.4, away: 1.2 };
    const poisson = scoreMatrix(goals, { rho: 0, maxGoals: 12 });
    const dixonColes = scoreMatrix(goals, { rho: -0.1, maxGoals: 12 });
    expect(matrixSum(dixonColes)).toBeCloseTo(1, 12);
    expect(dixonColes[0]![0]).toBeGreaterThan(poisson[0]![0]!);
    expect(dixonColes[1]![1]).toBeGreaterThan(poisson[1]![1]!);
    expect(dixonColes[1]![0]).toBeLessThan(poisson[1]![0]!);
    expect(dixonColes[0]![1]).toBeLessThan(poisson[0]![1]!);
    expect(dixonColes[2]![1]).toBeCloseTo(poisson[2]![1]!, 12);
  });

  it('refuses a rho that would make a probability negative', () => {
    expect(() => scoreMatrix({ home: 3, away: 3 }, { rho: 0.2, maxGoals: 10 })).toThrow(RangeError);
  });

  it('gives the first half the configured share of every side goal expectancy', () => {
    const fullTime = scoreMatrix(expectedGoals(strong, weak, model), model);
    const half = firstHalfMatrix(fullTime, 0.45);
    expect(matrixSum(half)).toBeCloseTo(1, 12);
    const homeGoals = (matrix: number[][]) =>
      matrix.reduce((sum, row, h) => sum + h * row.reduce((a, b) => a + b, 0), 0);
    expect(homeGoals(half)).toBeCloseTo(0.45 * homeGoals(fullTime), 10);
    expect(mean(goalTotal(half))).toBeCloseTo(0.45 * mean(goalTotal(fullTime)), 10);
  });
});

describe('football markets', () => {
  const fullTime = scoreMatrix(expectedGoals(strong, average, model), model);
  const half = firstHalfMatrix(fullTime, model.firstHalfShare);
  const fair = [...footballFairMarkets(fullTime, 'ft'), ...footballFairMarkets(half, '1h')];

  it('offers every type for both periods, with handicap and total lines around the even one', () => {
    const keys = new Set(fair.map((market) => `${market.type} ${market.period}`));
    for (const type of ['1x2', 'ah', 'ou', 'btts', 'oe', 'cs']) {
      expect(keys.has(`${type} ft`) && keys.has(`${type} 1h`)).toBe(true);
    }
    for (const [type, period] of [
      ['ah', 'ft'],
      ['ou', 'ft'],
      ['ah', '1h'],
      ['ou', '1h'],
    ] as const) {
      const lines = fair.filter((market) => market.type === type && market.period === period);
      expect(lines).toHaveLength(2 * DEFAULT_FOOTBALL_LINES.alternates + 1);
      const shares = lines.map((market) => market.selections[0]!.probability);
      const main = shares[DEFAULT_FOOTBALL_LINES.alternates]!;
      expect(shares.every((share) => Math.abs(main - 0.5) <= Math.abs(share - 0.5))).toBe(true);
    }
    expect(find(fair, 'cs', 'ft').selections).toHaveLength(26);
    expect(find(fair, 'cs', '1h').selections).toHaveLength(10);
  });

  it('has fair probabilities that sum to 1 in every market', () => {
    expectFairMarkets(fair);
  });

  it('keeps handicaps and totals consistent with 1x2', () => {
    const full = footballFairMarkets(fullTime, 'ft', { alternates: 20, correctScoreMax: { ft: 4, '1h': 2 } });
    const oneXTwo = find(full, '1x2', 'ft');
    const [home, draw, away] = ['home', 'draw', 'away'].map((name) => side(oneXTwo, name).probability) as [
      number,
      number,
      number,
    ];
    const margin = goalMargin(fullTime);
    const handicap = (line: number) => twoWay(margin, line).first;
    // Level handicap: the draw is stake back, so home's share is home / (home + away).
    expect(handicap(0)).toBeCloseTo(home / (home + away), 12);
    // -0.5 is the home win; +0.5 home or draw.
    expect(handicap(-2)).toBeCloseTo(home, 12);
    expect(handicap(2)).toBeCloseTo(home + draw, 12);
    // -0.25: half on 0 (draw back) and half on -0.5 (draw loses): the draw costs half.
    expect(handicap(-1)).toBeCloseTo(home / (home + away + draw / 2), 12);
    // The offered markets are these very numbers.
    expect(side(find(full, 'ah', 'ft', 0), 'home').probability).toBeCloseTo(home / (home + away), 12);
    // Over 2.5 is three goals or more.
    const totals = goalTotal(fullTime);
    const threePlus = totals.p.slice(3).reduce((sum, p) => sum + p, 0);
    expect(side(find(full, 'ou', 'ft', 10), 'over').probability).toBeCloseTo(threePlus, 12);
    // The total's even line moves up as the goal expectancy does.
    expect(mean(totals)).toBeGreaterThan(2.5);
  });

  it('prices every market at the configured overround, within the rounding', () => {
    for (const margin of [
      DEFAULT_MARGIN,
      { overround: 0.08, method: 'proportional' } satisfies MarginConfig,
      { overround: 0.03, byType: { cs: 0.2, '1x2': 0.04 }, method: 'power' } satisfies MarginConfig,
    ]) {
      const priced = priceFootball(strong, weak, { model, margin, lines: DEFAULT_FOOTBALL_LINES });
      expect(priced.length).toBeGreaterThan(20);
      expectOverround(priced, margin);
    }
  });

  it('gives the stronger side the shorter price, and more attack shorter overs', () => {
    const team = fc.record({
      attack: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
      defence: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
    });
    const boost = fc.double({ min: 0.05, max: 0.5, noNaN: true });
    const fairOf = (home: FootballTeam, away: FootballTeam) =>
      footballFairMarkets(scoreMatrix(expectedGoals(home, away, model), model), 'ft', {
        alternates: 40,
        correctScoreMax: { ft: 4, '1h': 2 },
      });
    fc.assert(
      fc.property(team, team, boost, (home, away, extra) => {
        const before = fairOf(home, away);
        const better = fairOf({ ...home, attack: home.attack + extra }, away);
        const homeWin = (markets: FairMarket[]) => side(find(markets, '1x2', 'ft'), 'home').probability;
        const awayWin = (markets: FairMarket[]) => side(find(markets, '1x2', 'ft'), 'away').probability;
        expect(homeWin(better)).toBeGreaterThan(homeWin(before));
        expect(awayWin(better)).toBeLessThan(awayWin(before));
        const over = (markets: FairMarket[]) => side(find(markets, 'ou', 'ft', 10), 'over').probability;
        expect(over(better)).toBeGreaterThan(over(before));
        // A better defence shortens the home price too, and lengthens the over.
        const tighter = fairOf({ ...home, defence: home.defence + extra }, away);
        expect(homeWin(tighter)).toBeGreaterThan(homeWin(before));
        expect(over(tighter)).toBeLessThan(over(before));
      }),
      { numRuns: 40 },
    );
    const priced = (home: FootballTeam, away: FootballTeam) =>
      side(
        find(priceFootball(home, away, { model, margin: DEFAULT_MARGIN, lines: DEFAULT_FOOTBALL_LINES }), '1x2', 'ft'),
        'home',
      ).odds;
    expect(priced(strong, average)).toBeLessThan(priced(average, average));
    expect(priced(average, average)).toBeLessThan(priced(weak, average));
  });
});

describe('sampled football results', () => {
  it('are valid results, repeatable from the seed', () => {
    const draw = (seed: string) => {
      const random = createRandom(seed);
      const matrix = scoreMatrix(expectedGoals(strong, weak, model), model);
      return Array.from({ length: 50 }, () => sampleFootballResult(matrix, model.firstHalfShare, random));
    };
    const results = draw('a');
    expect(draw('a')).toEqual(results);
    expect(draw('b')).not.toEqual(results);
    for (const result of results) expect(validateResult(result)).toEqual({ ok: true });
  });

  it('follow the distribution the prices come from, full time and first half', () => {
    const random = createRandom('football-frequencies');
    const n = 20_000;
    const fullTime = scoreMatrix(expectedGoals(strong, weak, model), model);
    const half = firstHalfMatrix(fullTime, model.firstHalfShare);
    const fair = [...footballFairMarkets(fullTime, 'ft'), ...footballFairMarkets(half, '1h')];
    let homeWins = 0;
    let halfDraws = 0;
    let goals = 0;
    for (let i = 0; i < n; i++) {
      const result = sampleFootballResult(fullTime, model.firstHalfShare, random);
      if (result.sport !== 'football' || !result.ht) throw new Error('football with a half-time score');
      if (result.ft.home > result.ft.away) homeWins++;
      if (result.ht.home === result.ht.away) halfDraws++;
      goals += result.ft.home + result.ft.away;
    }
    // Within 4 standard errors of the model's probabilities.
    const close = (observed: number, p: number) =>
      expect(Math.abs(observed / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    close(homeWins, side(find(fair, '1x2', 'ft'), 'home').probability);
    close(halfDraws, side(find(fair, '1x2', '1h'), 'draw').probability);
    expect(goals / n).toBeCloseTo(mean(goalTotal(fullTime)), 1);
  });
});

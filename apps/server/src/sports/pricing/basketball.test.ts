import { describe, expect, it } from 'vitest';
import { validateResult } from '../settlement/event-result';
import {
  type BasketballTeam,
  basketballDistributions,
  basketballFairMarkets,
  DEFAULT_BASKETBALL_LINES,
  DEFAULT_BASKETBALL_MODEL,
  expectedPoints,
  priceBasketball,
  sampleBasketballResult,
} from './basketball';
import { mean, probabilityOf, total, twoWay } from './distribution';
import { DEFAULT_MARGIN, type FairMarket, type MarginConfig } from './margin';
import { expectFairMarkets, expectOverround } from './pricing-checks';
import { createRandom } from './random';

const model = DEFAULT_BASKETBALL_MODEL;
const strong: BasketballTeam = { offence: 4, defence: 3 };
const average: BasketballTeam = { offence: 0, defence: 0 };

const homeShare = (markets: FairMarket[], type: string, period: string) => {
  const market = markets.find((item) => item.type === type && item.period === period);
  return market!.selections[0]!.probability;
};

describe('basketball distributions', () => {
  const distributions = basketballDistributions(strong, average, model);
  const points = expectedPoints(strong, average, model);

  it('are distributions, full time and first half', () => {
    for (const distribution of [
      distributions.fullTime.margin,
      distributions.fullTime.total,
      distributions.firstHalf.margin,
      distributions.firstHalf.total,
    ]) {
      expect(total(distribution)).toBeCloseTo(1, 10);
    }
  });

  it('never end level at full time, overtime deciding every tie', () => {
    expect(probabilityOf(distributions.fullTime.margin, 0)).toBe(0);
    expect(probabilityOf(distributions.firstHalf.margin, 0)).toBeGreaterThan(0.01);
  });

  it('centre on the expected points: the margin on the home edge, the total a little above for overtime', () => {
    expect(mean(distributions.firstHalf.margin)).toBeCloseTo((points.home - points.away) / 2, 1);
    expect(mean(distributions.firstHalf.total)).toBeCloseTo((points.home + points.away) / 2, 1);
    const regulation = points.home + points.away;
    expect(mean(distributions.fullTime.total)).toBeGreaterThan(regulation);
    expect(mean(distributions.fullTime.total)).toBeLessThan(regulation + 1);
  });

  it('give evenly matched sides on neutral ground an even money line', () => {
    const neutral = basketballDistributions(average, average, { ...model, homeAdvantage: 0 });
    expect(twoWay(neutral.fullTime.margin, 0).first).toBeCloseTo(0.5, 10);
  });
});

describe('basketball markets', () => {
  const fair = basketballFairMarkets(basketballDistributions(strong, average, model));

  it('offer ml, handicaps and totals for the game and the first half, with fair probabilities summing to 1', () => {
    const keys = fair.map((market) => `${market.type} ${market.period}`);
    for (const key of ['ml ft', 'ah ft', 'ou ft', 'ml 1h', 'ah 1h', 'ou 1h']) expect(keys).toContain(key);
    expect(fair.filter((market) => market.type === 'ah' && market.period === 'ft')).toHaveLength(
      2 * DEFAULT_BASKETBALL_LINES.alternates + 1,
    );
    expectFairMarkets(fair);
  });

  it('put the main handicap near the expected margin, and the money line with the handicap at -0.5', () => {
    const main = fair.filter((market) => market.type === 'ah' && market.period === 'ft')[
      DEFAULT_BASKETBALL_LINES.alternates
    ]!;
    const points = expectedPoints(strong, average, model);
    expect(Math.abs(-main.line! / 4 - (points.home - points.away))).toBeLessThan(1.5);
    const distributions = basketballDistributions(strong, average, model);
    // No draws at full time: the money line is the -0.5 handicap.
    expect(twoWay(distributions.fullTime.margin, -2).first).toBeCloseTo(homeShare(fair, 'ml', 'ft'), 12);
  });

  it('give the stronger side the shorter money line', () => {
    const share = (home: BasketballTeam, away: BasketballTeam) =>
      homeShare(basketballFairMarkets(basketballDistributions(home, away, model)), 'ml', 'ft');
    expect(share(strong, average)).toBeGreaterThan(share(average, average));
    expect(share(average, average)).toBeGreaterThan(0.5);
    expect(share(average, strong)).toBeLessThan(0.5);
  });

  it('price at the configured overround, within the rounding', () => {
    for (const margin of [DEFAULT_MARGIN, { overround: 0.045, method: 'proportional' } satisfies MarginConfig]) {
      const priced = priceBasketball(strong, average, { model, margin, lines: DEFAULT_BASKETBALL_LINES });
      expect(priced.length).toBe(fair.length);
      expectOverround(priced, margin);
    }
  });
});

describe('sampled basketball results', () => {
  it('are valid, never level at full time, and follow the priced distribution', () => {
    const random = createRandom('basketball');
    const n = 10_000;
    const distributions = basketballDistributions(strong, average, model);
    let homeWins = 0;
    let totalPoints = 0;
    for (let i = 0; i < n; i++) {
      const result = sampleBasketballResult(distributions, random);
      if (result.sport !== 'basketball' || !result.ht) throw new Error('basketball with a half-time score');
      expect(validateResult(result)).toEqual({ ok: true });
      expect(result.ft.home).not.toBe(result.ft.away);
      if (result.ft.home > result.ft.away) homeWins++;
      totalPoints += result.ft.home + result.ft.away;
    }
    const p = twoWay(distributions.fullTime.margin, 0).first;
    expect(Math.abs(homeWins / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    const sd = Math.sqrt(2) * model.sd;
    expect(Math.abs(totalPoints / n - mean(distributions.fullTime.total))).toBeLessThan((4 * sd) / Math.sqrt(n));
  });
});

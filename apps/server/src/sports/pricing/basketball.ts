import type { Line } from '@jinb/odds';
import type { EventResult } from '../settlement/event-result';
import {
  difference,
  discreteNormal,
  type IntDistribution,
  linesAround,
  mix,
  probabilityOf,
  sample,
  sum,
  twoWay,
} from './distribution';
import { type FairMarket, type MarginConfig, type PricedMarket, priceMarkets } from './margin';
import type { Random } from './random';

/**
 * Basketball: each side's points in each half are a normal distribution put on whole numbers, independent of the
 * other side's; a side's game is its two halves added. A game level after regulation goes to overtime, modelled as
 * one five-minute period (points at 5/48 of the game's rate) drawn until it has a winner. Margin and total, with and
 * without overtime, are exact sums of those distributions, and results are drawn from the same ones.
 */
export interface BasketballTeam {
  /** Points above a league-average side's scoring, and points below the average that it concedes. */
  offence: number;
  defence: number;
}

export interface BasketballModel {
  /** Points an average side scores in a game against an average side. */
  leaguePoints: number;
  /** Points the home side gains on the margin (half of it added to home, half taken from away). */
  homeAdvantage: number;
  /** Standard deviation of one side's points in a whole game. */
  sd: number;
  /** An overtime period's length as a share of the game: 5 of 48 minutes. */
  overtimeShare: number;
}

export const DEFAULT_BASKETBALL_MODEL: BasketballModel = {
  leaguePoints: 112,
  homeAdvantage: 2.5,
  sd: 11,
  overtimeShare: 5 / 48,
};

export function expectedPoints(home: BasketballTeam, away: BasketballTeam, model: BasketballModel) {
  return {
    home: model.leaguePoints + home.offence - away.defence + model.homeAdvantage / 2,
    away: model.leaguePoints + away.offence - home.defence - model.homeAdvantage / 2,
  };
}

/** The distributions every market and every drawn result come from. */
export interface BasketballDistributions {
  /** One side's points in one half. */
  half: { home: IntDistribution; away: IntDistribution };
  /** One side's points in one overtime period. */
  overtime: { home: IntDistribution; away: IntDistribution };
  firstHalf: { margin: IntDistribution; total: IntDistribution };
  /** The final margin and total, overtime included. */
  fullTime: { margin: IntDistribution; total: IntDistribution };
}

/** The distribution of (X - Y, X + Y) restricted to X = Y or to X != Y, as margin and total parts. */
function splitByTie(x: IntDistribution, y: IntDistribution) {
  const tiedTotal: number[] = [];
  const tiedMin = 2 * Math.max(x.min, y.min);
  let tie = 0;
  for (let k = Math.max(x.min, y.min); k <= Math.min(x.min + x.p.length, y.min + y.p.length) - 1; k++) {
    const p = probabilityOf(x, k) * probabilityOf(y, k);
    tie += p;
    tiedTotal[2 * k - tiedMin] = p;
  }
  const tiedTotals: IntDistribution = { min: tiedMin, p: Array.from(tiedTotal, (p) => p ?? 0) };
  return { tie, tiedTotals };
}

export function basketballDistributions(
  home: BasketballTeam,
  away: BasketballTeam,
  model: BasketballModel,
): BasketballDistributions {
  const points = expectedPoints(home, away, model);
  const halfSd = model.sd / Math.SQRT2;
  const half = { home: discreteNormal(points.home / 2, halfSd), away: discreteNormal(points.away / 2, halfSd) };
  const overtimeSd = model.sd * Math.sqrt(model.overtimeShare);
  const overtime = {
    home: discreteNormal(points.home * model.overtimeShare, overtimeSd),
    away: discreteNormal(points.away * model.overtimeShare, overtimeSd),
  };
  const regulation = { home: sum(half.home, half.home), away: sum(half.away, half.away) };

  const regulationMargin = difference(regulation.home, regulation.away);
  const regulationTotal = sum(regulation.home, regulation.away);
  const { tie, tiedTotals } = splitByTie(regulation.home, regulation.away);

  // One overtime, conditioned on not ending level (drawing again until it does).
  const overtimeMargin = difference(overtime.home, overtime.away);
  const overtimeTies = splitByTie(overtime.home, overtime.away);
  const decided = 1 - overtimeTies.tie;
  const overtimeDecidedMargin: IntDistribution = {
    min: overtimeMargin.min,
    p: overtimeMargin.p.map((p, i) => (overtimeMargin.min + i === 0 ? 0 : p / decided)),
  };
  const overtimeTotal = sum(overtime.home, overtime.away);
  const overtimeDecidedTotal: IntDistribution = {
    min: overtimeTotal.min,
    p: overtimeTotal.p.map((p, i) => (p - probabilityOf(overtimeTies.tiedTotals, overtimeTotal.min + i)) / decided),
  };

  const decidedInRegulation: IntDistribution = {
    min: regulationMargin.min,
    p: regulationMargin.p.map((p, i) => (regulationMargin.min + i === 0 ? 0 : p)),
  };
  const fullTimeMargin = mix([
    { weight: 1, distribution: decidedInRegulation },
    { weight: tie, distribution: overtimeDecidedMargin },
  ]);
  const untiedTotals: IntDistribution = {
    min: regulationTotal.min,
    p: regulationTotal.p.map((p, i) => p - probabilityOf(tiedTotals, regulationTotal.min + i)),
  };
  const fullTimeTotal = mix([
    { weight: 1, distribution: untiedTotals },
    { weight: 1, distribution: sum(tiedTotals, overtimeDecidedTotal) },
  ]);
  return {
    half,
    overtime,
    firstHalf: { margin: difference(half.home, half.away), total: sum(half.home, half.away) },
    fullTime: { margin: fullTimeMargin, total: fullTimeTotal },
  };
}

export interface BasketballLines {
  /** Handicap and total lines either side of the main one, a point apart. */
  alternates: number;
}

export const DEFAULT_BASKETBALL_LINES: BasketballLines = { alternates: 2 };

/** Half-point lines only (no pushes): handicaps to 40.5 points either way, totals from 100.5 to 300.5. */
const halfLines = (from: number, to: number): Line[] =>
  Array.from({ length: to - from + 1 }, (_, i) => (from + i) * 4 + 2);
const HANDICAP_LINES = halfLines(-41, 40);

export function periodMarkets(
  period: 'ft' | '1h',
  margin: IntDistribution,
  total: IntDistribution,
  lines: BasketballLines,
): FairMarket[] {
  const moneyLine = twoWay(margin, 0);
  const markets: FairMarket[] = [
    {
      type: 'ml',
      period,
      line: null,
      selections: [
        { side: 'home', probability: moneyLine.first },
        { side: 'away', probability: moneyLine.second },
      ],
    },
  ];
  for (const line of linesAround(HANDICAP_LINES, (at) => twoWay(margin, at).first, lines.alternates)) {
    const split = twoWay(margin, line);
    markets.push({
      type: 'ah',
      period,
      line,
      selections: [
        { side: 'home', probability: split.first },
        { side: 'away', probability: split.second },
      ],
    });
  }
  const totalLines = period === 'ft' ? halfLines(100, 300) : halfLines(50, 150);
  for (const line of linesAround(totalLines, (at) => twoWay(total, -at).first, lines.alternates)) {
    const split = twoWay(total, -line);
    markets.push({
      type: 'ou',
      period,
      line,
      selections: [
        { side: 'over', probability: split.first },
        { side: 'under', probability: split.second },
      ],
    });
  }
  return markets;
}

export function basketballFairMarkets(
  distributions: BasketballDistributions,
  lines: BasketballLines = DEFAULT_BASKETBALL_LINES,
): FairMarket[] {
  return [
    ...periodMarkets('ft', distributions.fullTime.margin, distributions.fullTime.total, lines),
    ...periodMarkets('1h', distributions.firstHalf.margin, distributions.firstHalf.total, lines),
  ];
}

export interface BasketballPricing {
  model: BasketballModel;
  margin: MarginConfig;
  lines: BasketballLines;
}

export function priceBasketball(
  home: BasketballTeam,
  away: BasketballTeam,
  { model, margin, lines }: BasketballPricing,
): PricedMarket[] {
  return priceMarkets(basketballFairMarkets(basketballDistributions(home, away, model), lines), margin);
}

/**
 * A result drawn from the distributions the prices came from (compute them once per match with
 * basketballDistributions): four halves, and overtimes until the game has a winner.
 */
export function sampleBasketballResult(distributions: BasketballDistributions, random: Random): EventResult {
  const { half, overtime } = distributions;
  const ht = { home: sample(half.home, random.next()), away: sample(half.away, random.next()) };
  const ft = { home: ht.home + sample(half.home, random.next()), away: ht.away + sample(half.away, random.next()) };
  if (ft.home === ft.away) {
    for (;;) {
      const extra = { home: sample(overtime.home, random.next()), away: sample(overtime.away, random.next()) };
      if (extra.home === extra.away) continue;
      ft.home += extra.home;
      ft.away += extra.away;
      break;
    }
  }
  return { sport: 'basketball', ht, ft };
}

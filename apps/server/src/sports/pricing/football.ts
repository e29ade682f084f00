import type { Line } from '@jinb/odds';
import type { Period } from '../market-types';
import type { EventResult, Score } from '../settlement/event-result';
import { type IntDistribution, linesAround, twoWay } from './distribution';
import { type FairMarket, type MarginConfig, type PricedMarket, priceMarkets } from './margin';
import type { Random } from './random';

/**
 * Football: goals from team strengths (Dixon and Coles, 1997). Each side's goals are Poisson with an expectancy from
 * its attack against the other's defence, and a correction `rho` moves probability between 0-0, 1-1 and 1-0, 0-1,
 * where real matches differ from independent Poisson. Every market is read off the one score matrix, so 1x2, the
 * handicaps and the totals agree with each other, and results are drawn from that same matrix.
 */
export interface FootballTeam {
  /** Log-scale ratings around 0 (a league-average side); higher is better on both. */
  attack: number;
  defence: number;
}

export interface FootballModel {
  /** Goals an average side scores against an average side on neutral ground. */
  baseGoals: number;
  /** Log-scale boost of the home side's goal expectancy. */
  homeAdvantage: number;
  /** The Dixon-Coles low-score correction; 0 is plain Poisson, real leagues fit small negatives. */
  rho: number;
  /** The share of each side's goals scored before half time. */
  firstHalfShare: number;
  /** The matrix covers 0..maxGoals for each side; the mass beyond (well below 1e-6) is normalised away. */
  maxGoals: number;
}

export const DEFAULT_FOOTBALL_MODEL: FootballModel = {
  baseGoals: 1.35,
  homeAdvantage: 0.2,
  rho: -0.05,
  firstHalfShare: 0.45,
  maxGoals: 12,
};

/** matrix[h][a] is the probability of the score h-a. */
export type ScoreMatrix = number[][];

export function expectedGoals(home: FootballTeam, away: FootballTeam, model: FootballModel): Score {
  return {
    home: model.baseGoals * Math.exp(home.attack - away.defence + model.homeAdvantage),
    away: model.baseGoals * Math.exp(away.attack - home.defence),
  };
}

function poisson(lambda: number, max: number): number[] {
  const p = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) p.push((p[k - 1]! * lambda) / k);
  return p;
}

/**
 * The full-time score matrix: independent Poisson goals with the Dixon-Coles factor on the four low scores (which
 * leaves the total at 1), cut at maxGoals and normalised. rho must keep every factor non-negative.
 */
export function scoreMatrix(goals: Score, model: Pick<FootballModel, 'rho' | 'maxGoals'>): ScoreMatrix {
  const { home: lambda, away: mu } = goals;
  const { rho, maxGoals } = model;
  if (1 - lambda * mu * rho < 0 || 1 + lambda * rho < 0 || 1 + mu * rho < 0 || 1 - rho < 0) {
    throw new RangeError(`rho ${rho} is out of range for expectancies ${lambda} and ${mu}`);
  }
  const ph = poisson(lambda, maxGoals);
  const pa = poisson(mu, maxGoals);
  const tau = (h: number, a: number) => {
    if (h === 0 && a === 0) return 1 - lambda * mu * rho;
    if (h === 0 && a === 1) return 1 + lambda * rho;
    if (h === 1 && a === 0) return 1 + mu * rho;
    if (h === 1 && a === 1) return 1 - rho;
    return 1;
  };
  const matrix = ph.map((x, h) => pa.map((y, a) => x * y * tau(h, a)));
  const sum = matrix.flat().reduce((total, p) => total + p, 0);
  return matrix.map((row) => row.map((p) => p / sum));
}

function binomialRow(n: number, share: number): number[] {
  const row = [(1 - share) ** n];
  for (let k = 1; k <= n; k++) row.push((row[k - 1]! * (n - k + 1) * share) / (k * (1 - share)));
  return row;
}

/**
 * The first-half matrix: each full-time goal independently scored before half time with probability `share`
 * (binomial thinning). Plain Poisson goals stay Poisson at share x the expectancy, and results drawn as a full-time
 * score and then thinned follow both matrices exactly.
 */
export function firstHalfMatrix(fullTime: ScoreMatrix, share: number): ScoreMatrix {
  if (!(share > 0 && share < 1)) throw new RangeError(`first-half share ${share} is not between 0 and 1`);
  const size = fullTime.length;
  const half: ScoreMatrix = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const rows = Array.from({ length: size }, (_, n) => binomialRow(n, share));
  fullTime.forEach((row, h) => {
    row.forEach((p, a) => {
      if (p === 0) return;
      rows[h]!.forEach((ph, i) => {
        rows[a]!.forEach((pa, j) => {
          half[i]![j]! += p * ph * pa;
        });
      });
    });
  });
  return half;
}

/** The distribution of home goals minus away goals. */
export function goalMargin(matrix: ScoreMatrix): IntDistribution {
  const max = matrix.length - 1;
  const p = new Array<number>(2 * max + 1).fill(0);
  matrix.forEach((row, h) => {
    row.forEach((value, a) => {
      p[h - a + max]! += value;
    });
  });
  return { min: -max, p };
}

/** The distribution of total goals. */
export function goalTotal(matrix: ScoreMatrix): IntDistribution {
  const max = matrix.length - 1;
  const p = new Array<number>(2 * max + 1).fill(0);
  matrix.forEach((row, h) => {
    row.forEach((value, a) => {
      p[h + a]! += value;
    });
  });
  return { min: 0, p };
}

export interface FootballLines {
  /** Handicap and total lines either side of the main one (in quarter steps). */
  alternates: number;
  /** Correct scores listed up to this many goals a side (the rest is "other"). */
  correctScoreMax: Record<Period, number>;
}

export const DEFAULT_FOOTBALL_LINES: FootballLines = { alternates: 2, correctScoreMax: { ft: 4, '1h': 2 } };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Handicaps from -5 to +5 goals and totals from 0.25 to 8, every quarter. */
const HANDICAP_LINES: Line[] = range(-20, 20);
const TOTAL_LINES: Line[] = range(1, 32);

/** Every football market of a period with its fair probabilities, read off that period's score matrix. */
export function footballFairMarkets(
  matrix: ScoreMatrix,
  period: Period,
  lines: FootballLines = DEFAULT_FOOTBALL_LINES,
): FairMarket[] {
  const margin = goalMargin(matrix);
  const totals = goalTotal(matrix);
  let home = 0;
  let draw = 0;
  let both = 0;
  let odd = 0;
  matrix.forEach((row, h) => {
    row.forEach((p, a) => {
      if (h > a) home += p;
      if (h === a) draw += p;
      if (h > 0 && a > 0) both += p;
      if ((h + a) % 2 === 1) odd += p;
    });
  });
  const markets: FairMarket[] = [
    {
      type: '1x2',
      period,
      line: null,
      selections: [
        { side: 'home', probability: home },
        { side: 'draw', probability: draw },
        { side: 'away', probability: 1 - home - draw },
      ],
    },
  ];
  const handicapHome = (line: Line) => twoWay(margin, line).first;
  for (const line of linesAround(HANDICAP_LINES, handicapHome, lines.alternates)) {
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
  const over = (line: Line) => twoWay(totals, -line).first;
  for (const line of linesAround(TOTAL_LINES, over, lines.alternates)) {
    const split = twoWay(totals, -line);
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
  markets.push(
    {
      type: 'btts',
      period,
      line: null,
      selections: [
        { side: 'yes', probability: both },
        { side: 'no', probability: 1 - both },
      ],
    },
    {
      type: 'oe',
      period,
      line: null,
      selections: [
        { side: 'odd', probability: odd },
        { side: 'even', probability: 1 - odd },
      ],
    },
  );
  const max = lines.correctScoreMax[period];
  const scores = range(0, max).flatMap((h) =>
    range(0, max).map((a) => ({ side: `${h}-${a}`, probability: matrix[h]?.[a] ?? 0 })),
  );
  const listed = scores.reduce((total, score) => total + score.probability, 0);
  markets.push({ type: 'cs', period, line: null, selections: [...scores, { side: 'other', probability: 1 - listed }] });
  return markets;
}

export interface FootballPricing {
  model: FootballModel;
  margin: MarginConfig;
  lines: FootballLines;
}

/** Every offerable football market of a match, full time and first half, priced. */
export function priceFootball(
  home: FootballTeam,
  away: FootballTeam,
  { model, margin, lines }: FootballPricing,
): PricedMarket[] {
  const fullTime = scoreMatrix(expectedGoals(home, away, model), model);
  const half = firstHalfMatrix(fullTime, model.firstHalfShare);
  return priceMarkets(
    [...footballFairMarkets(fullTime, 'ft', lines), ...footballFairMarkets(half, '1h', lines)],
    margin,
  );
}

/**
 * A result drawn from the distribution the prices came from: the full-time score from the matrix (compute it once
 * per match with scoreMatrix), then each goal before half time with the first-half share, as firstHalfMatrix assumes.
 */
export function sampleFootballResult(matrix: ScoreMatrix, firstHalfShare: number, random: Random): EventResult {
  const size = matrix.length;
  const cell = random.pick(matrix.flat());
  const ft = { home: Math.floor(cell / size), away: cell % size };
  const firstHalf = (goals: number) => {
    let scored = 0;
    for (let i = 0; i < goals; i++) if (random.next() < firstHalfShare) scored++;
    return scored;
  };
  return { sport: 'football', ft, ht: { home: firstHalf(ft.home), away: firstHalf(ft.away) } };
}

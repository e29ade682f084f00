import type { Line } from '@jinb/odds';
import type { EventResult, Score } from '../settlement/event-result';
import { type IntDistribution, linesAround, twoWay } from './distribution';
import { type FairMarket, type MarginConfig, type PricedMarket, priceMarkets } from './margin';
import type { Random } from './random';

/**
 * Tennis: each player wins a point on their own serve with a fixed probability (the classic independent-points
 * model). That gives the chance to hold a service game and to win a tie-break; sets are played game by game with
 * the serve alternating (a tie-break counts as one game, and the player who received first in it serves first in the
 * next set), and the match is best of 3 or 5 sets after a coin toss for the first serve. The match winner, the set
 * handicap and the total games all come from that one chain, and results are drawn game by game from it.
 */
export interface TennisServe {
  /** Probability that each player wins a point on their own serve. */
  home: number;
  away: number;
}

/**
 * Serve-point probabilities from two ratings: a tour-average serve (`base`) moved up by half the rating gap for the
 * stronger player and down by half for the other, kept inside 0.3..0.9.
 */
export function serveFromRatings(homeRating: number, awayRating: number, base = 0.63): TennisServe {
  const clamp = (p: number) => Math.min(0.9, Math.max(0.3, p));
  const gap = (homeRating - awayRating) / 2;
  return { home: clamp(base + gap), away: clamp(base - gap) };
}

/** The chance the server holds a game, winning each point with p (deuce summed as a geometric series). */
export function holdProbability(p: number): number {
  const q = 1 - p;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + (20 * p ** 3 * q ** 3 * p * p) / (1 - 2 * p * q);
}

/**
 * The chance that player A wins a tie-break to 7 (by 2) when A serves its first point: A, then B twice, A twice ...
 * Worked point by point to 6-6; from there every pair of points is one serve each, so A wins with
 * a / (a + b), a and b the chances of taking both points of a pair.
 */
export function tiebreakProbability(serveA: number, serveB: number): number {
  const winsPoint = (index: number) => (((index + 1) >> 1) % 2 === 0 ? serveA : 1 - serveB);
  const both = serveA * (1 - serveB);
  const neither = (1 - serveA) * serveB;
  const fromSixAll = both / (both + neither);
  let win = 0;
  const states = new Map<string, number>([['0-0', 1]]);
  for (let index = 0; index < 12; index++) {
    const next = new Map<string, number>();
    for (const [key, p] of states) {
      const [a, b] = key.split('-').map(Number) as [number, number];
      const point = winsPoint(index);
      for (const [na, nb, q] of [
        [a + 1, b, point],
        [a, b + 1, 1 - point],
      ] as const) {
        if (na === 7) win += p * q;
        else if (nb !== 7) next.set(`${na}-${nb}`, (next.get(`${na}-${nb}`) ?? 0) + p * q);
      }
    }
    states.clear();
    for (const [key, p] of next) states.set(key, p);
  }
  return win + (states.get('6-6') ?? 0) * fromSixAll;
}

/** The final scores of a set (home games, away games) with their probabilities, given who serves first. */
export function setScores(serve: TennisServe, homeServesFirst: boolean): Array<Score & { p: number }> {
  const hold = { home: holdProbability(serve.home), away: holdProbability(serve.away) };
  const out: Array<Score & { p: number }> = [];
  let states = new Map<string, number>([['0-0', 1]]);
  while (states.size > 0) {
    const next = new Map<string, number>();
    for (const [key, p] of states) {
      const [h, a] = key.split('-').map(Number) as [number, number];
      if (h === 6 && a === 6) {
        // The tie-break's first server is the set's first server (12 games played).
        const homeWins = homeServesFirst
          ? tiebreakProbability(serve.home, serve.away)
          : 1 - tiebreakProbability(serve.away, serve.home);
        out.push({ home: 7, away: 6, p: p * homeWins }, { home: 6, away: 7, p: p * (1 - homeWins) });
        continue;
      }
      const homeServes = ((h + a) % 2 === 0) === homeServesFirst;
      const homeGame = homeServes ? hold.home : 1 - hold.away;
      for (const [nh, na, q] of [
        [h + 1, a, homeGame],
        [h, a + 1, 1 - homeGame],
      ] as const) {
        const done = (nh >= 6 && nh - na >= 2) || (na >= 6 && na - nh >= 2);
        if (done) out.push({ home: nh, away: na, p: p * q });
        else next.set(`${nh}-${na}`, (next.get(`${nh}-${na}`) ?? 0) + p * q);
      }
    }
    states = next;
  }
  return out;
}

export interface TennisDistributions {
  homeWins: number;
  /** Sets won by home minus sets won by away. */
  setMargin: IntDistribution;
  totalGames: IntDistribution;
}

/** The match as a chain of sets, averaged over the coin toss for the first serve. */
export function tennisDistributions(serve: TennisServe, bestOf: 3 | 5): TennisDistributions {
  const needed = (bestOf + 1) / 2;
  const sets = { true: setScores(serve, true), false: setScores(serve, false) };
  const maxGames = 13 * bestOf;
  const margin = new Array<number>(2 * needed + 1).fill(0);
  const games = new Array<number>(maxGames + 1).fill(0);
  // State: sets won by each, who serves the next set's first game, games so far.
  let states = new Map<string, number>();
  states.set('0-0-true-0', 0.5);
  states.set('0-0-false-0', 0.5);
  while (states.size > 0) {
    const next = new Map<string, number>();
    for (const [key, p] of states) {
      const [home, away, homeFirst, played] = key.split('-');
      for (const set of sets[homeFirst as 'true' | 'false']) {
        const h = Number(home) + (set.home > set.away ? 1 : 0);
        const a = Number(away) + (set.away > set.home ? 1 : 0);
        const total = Number(played) + set.home + set.away;
        const q = p * set.p;
        if (h === needed || a === needed) {
          margin[h - a + needed]! += q;
          games[total]! += q;
          continue;
        }
        // An odd number of games hands the first serve of the next set to the other player.
        const nextFirst = (set.home + set.away) % 2 === 0 ? homeFirst === 'true' : homeFirst !== 'true';
        const nextKey = `${h}-${a}-${nextFirst}-${total}`;
        next.set(nextKey, (next.get(nextKey) ?? 0) + q);
      }
    }
    states = next;
  }
  const homeWins = margin.reduce((sum, p, i) => sum + (i > needed ? p : 0), 0);
  return { homeWins, setMargin: { min: -needed, p: margin }, totalGames: { min: 0, p: games } };
}

export interface TennisLines {
  /** Total-games lines either side of the main one, a game apart. */
  alternates: number;
}

export const DEFAULT_TENNIS_LINES: TennisLines = { alternates: 2 };

export function tennisFairMarkets(
  distributions: TennisDistributions,
  bestOf: 3 | 5,
  lines: TennisLines = DEFAULT_TENNIS_LINES,
): FairMarket[] {
  const markets: FairMarket[] = [
    {
      type: 'ml',
      period: 'ft',
      line: null,
      selections: [
        { side: 'home', probability: distributions.homeWins },
        { side: 'away', probability: 1 - distributions.homeWins },
      ],
    },
  ];
  // Set handicaps on half sets: +-1.5, and +-2.5 in a best of 5.
  const setLines: Line[] = bestOf === 3 ? [-6, 6] : [-10, -6, 6, 10];
  for (const line of setLines) {
    const split = twoWay(distributions.setMargin, line);
    markets.push({
      type: 'ah',
      period: 'ft',
      line,
      selections: [
        { side: 'home', probability: split.first },
        { side: 'away', probability: split.second },
      ],
    });
  }
  const candidates = Array.from({ length: 13 * bestOf }, (_, i) => (6 * ((bestOf + 1) / 2) + i) * 4 + 2);
  for (const line of linesAround(candidates, (at) => twoWay(distributions.totalGames, -at).first, lines.alternates)) {
    const split = twoWay(distributions.totalGames, -line);
    markets.push({
      type: 'ou',
      period: 'ft',
      line,
      selections: [
        { side: 'over', probability: split.first },
        { side: 'under', probability: split.second },
      ],
    });
  }
  return markets;
}

export interface TennisPricing {
  margin: MarginConfig;
  lines: TennisLines;
}

export function priceTennis(serve: TennisServe, bestOf: 3 | 5, { margin, lines }: TennisPricing): PricedMarket[] {
  return priceMarkets(tennisFairMarkets(tennisDistributions(serve, bestOf), bestOf, lines), margin);
}

/** A match drawn game by game from the same model: coin toss, holds and breaks, tie-breaks at 6-6. */
export function sampleTennisResult(serve: TennisServe, bestOf: 3 | 5, random: Random): EventResult {
  const hold = { home: holdProbability(serve.home), away: holdProbability(serve.away) };
  const needed = (bestOf + 1) / 2;
  let homeServesFirst = random.next() < 0.5;
  const sets: Score[] = [];
  let won = { home: 0, away: 0 };
  while (won.home < needed && won.away < needed) {
    let h = 0;
    let a = 0;
    for (;;) {
      if (h === 6 && a === 6) {
        const homeWins = homeServesFirst
          ? tiebreakProbability(serve.home, serve.away)
          : 1 - tiebreakProbability(serve.away, serve.home);
        if (random.next() < homeWins) h++;
        else a++;
        break;
      }
      const homeServes = ((h + a) % 2 === 0) === homeServesFirst;
      const homeGame = homeServes ? hold.home : 1 - hold.away;
      if (random.next() < homeGame) h++;
      else a++;
      if ((h >= 6 && h - a >= 2) || (a >= 6 && a - h >= 2)) break;
    }
    sets.push({ home: h, away: a });
    won = h > a ? { ...won, home: won.home + 1 } : { ...won, away: won.away + 1 };
    if ((h + a) % 2 === 1) homeServesFirst = !homeServesFirst;
  }
  return { sport: 'tennis', bestOf, sets };
}

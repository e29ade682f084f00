import type { Score } from '../settlement/event-result';
import { type BasketballLines, type BasketballModel, periodMarkets } from './basketball';
import { difference, discreteNormal, type IntDistribution, normalise, sum } from './distribution';
import { type FootballLines, type FootballModel, footballFairMarkets, type ScoreMatrix, scoreMatrix } from './football';
import type { FairMarket } from './margin';
import { setScores, type TennisServe } from './tennis';

/**
 * In-play prices (issue 21) from the same models as the pre-match ones: what is still to come is the model's
 * expectation scaled to the time left, added to what already happened. So a price follows the score and the clock,
 * and a goal moves every market of the match at once, consistently.
 */

/** The matrix of final scores: the score so far plus each possible number of goals still to come. */
function shifted(rest: ScoreMatrix, score: Score): ScoreMatrix {
  const matrix: ScoreMatrix = Array.from({ length: score.home + rest.length }, () =>
    new Array<number>(score.away + (rest[0]?.length ?? 1)).fill(0),
  );
  rest.forEach((row, h) => {
    row.forEach((p, a) => {
      (matrix[score.home + h] as number[])[score.away + a] = p;
    });
  });
  return matrix;
}

/**
 * Football at `minute` (0 to 90 of play) with `score`: goals still to come are the match's expectancies times the
 * share of the match left, the first half weighted by the model's first-half share. `ft` markets always; `1h`
 * markets only before half time (`halfTime` false), from the first half's goals still to come.
 *
 * Example: expectancies 1.5 and 1.0, minute 60, score 1-0. Left: the second half's 0.55 share times 15/45 of it,
 * so 0.275 and 0.183 goals: home wins unless away scores at least once more than home, about 0.85.
 */
export function footballInPlayMarkets(
  goals: Score,
  model: Pick<FootballModel, 'rho' | 'maxGoals' | 'firstHalfShare'>,
  state: { score: Score; minute: number; halfTime: boolean },
  lines: FootballLines,
): FairMarket[] {
  const minute = Math.min(90, Math.max(0, state.minute));
  const firstLeft = state.halfTime ? 0 : Math.max(0, 45 - minute) / 45;
  const secondLeft = minute <= 45 ? 1 : Math.max(0, 90 - minute) / 45;
  const left = model.firstHalfShare * firstLeft + (1 - model.firstHalfShare) * secondLeft;
  const rest = scoreMatrix({ home: goals.home * left, away: goals.away * left }, model);
  const markets = footballFairMarkets(shifted(rest, state.score), 'ft', lines);
  if (!state.halfTime && minute < 45) {
    const half = model.firstHalfShare * firstLeft;
    const restOfHalf = scoreMatrix({ home: goals.home * half, away: goals.away * half }, model);
    markets.push(...footballFairMarkets(shifted(restOfHalf, state.score), '1h', lines));
  }
  return markets;
}

const shift = (distribution: IntDistribution, by: number): IntDistribution => ({
  min: distribution.min + by,
  p: distribution.p,
});

/**
 * Basketball with `played` (0 to 1) of regulation gone and `score`: each side's points still to come are normal with
 * the match's expectation and variance times the share left. A level game goes to overtime, which either side wins
 * about as often: the level share of the margin is split between home by one and away by one, so the money line and
 * the handicaps never price a tie the result cannot have.
 */
export function basketballInPlayMarkets(
  points: Score,
  model: Pick<BasketballModel, 'sd'>,
  state: { score: Score; played: number; halfTime: boolean },
  lines: BasketballLines,
): FairMarket[] {
  const left = Math.min(1, Math.max(0, 1 - state.played));
  const rest = (share: number) => {
    const sd = Math.max(0.5, model.sd * Math.sqrt(share));
    const home = discreteNormal(points.home * share, sd);
    const away = discreteNormal(points.away * share, sd);
    return { margin: difference(home, away), total: sum(home, away) };
  };
  const untied = (margin: IntDistribution): IntDistribution => {
    const zero = -margin.min;
    const tie = margin.p[zero] ?? 0;
    if (tie === 0) return margin;
    const p = [...margin.p];
    p[zero] = 0;
    if (zero - 1 >= 0) p[zero - 1] = (p[zero - 1] ?? 0) + tie / 2;
    if (zero + 1 < p.length) p[zero + 1] = (p[zero + 1] ?? 0) + tie / 2;
    return normalise({ min: margin.min, p });
  };
  const full = rest(left);
  const markets = periodMarkets(
    'ft',
    untied(shift(full.margin, state.score.home - state.score.away)),
    shift(full.total, state.score.home + state.score.away),
    lines,
  );
  if (!state.halfTime && state.played < 0.5) {
    const half = rest(0.5 - state.played);
    markets.push(
      ...periodMarkets(
        '1h',
        shift(half.margin, state.score.home - state.score.away),
        shift(half.total, state.score.home + state.score.away),
        lines,
      ),
    );
  }
  return markets;
}

/**
 * Tennis: the match winner from the sets won so far, each set still to play won with the probability the serve model
 * gives a whole set (the set in progress counted as a fresh one: the games of a set in progress move the price at
 * the set's end). The set handicap and total games are not priced in play; the feed suspends them.
 */
export function tennisInPlayMarkets(serve: TennisServe, bestOf: 3 | 5, sets: Score): FairMarket[] {
  const setWin = setScores(serve, true)
    .filter((score) => score.home > score.away)
    .reduce((total, score) => total + score.p, 0);
  const needed = (bestOf + 1) / 2;
  const memo = new Map<string, number>();
  const win = (home: number, away: number): number => {
    if (home >= needed) return 1;
    if (away >= needed) return 0;
    const key = `${home}-${away}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const p = setWin * win(home + 1, away) + (1 - setWin) * win(home, away + 1);
    memo.set(key, p);
    return p;
  };
  const home = win(sets.home, sets.away);
  return [
    {
      type: 'ml',
      period: 'ft',
      line: null,
      selections: [
        { side: 'home', probability: home },
        { side: 'away', probability: 1 - home },
      ],
    },
  ];
}

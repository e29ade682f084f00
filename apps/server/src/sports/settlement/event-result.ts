import type { Period } from '../market-types';

export interface Score {
  home: number;
  away: number;
}

/**
 * A finished event's result as the book settles it. Football and basketball: the full-time score (basketball with
 * overtime) and the half-time score when known; first-half markets wait until it is. Tennis: the games of each set in
 * order (a tie-break set is 7-6) and whether the match was best of 3 or 5. A retired or abandoned match is not a
 * result: the event is cancelled and its bets void.
 */
export type EventResult =
  | { sport: 'football' | 'basketball'; ft: Score; ht?: Score }
  | { sport: 'tennis'; bestOf: 3 | 5; sets: readonly Score[] };

export type ResultError = 'sport' | 'score' | 'half_time' | 'sets';

const MAX_SCORE = 999;

function isScore(score: Score): boolean {
  return [score.home, score.away].every((value) => Number.isInteger(value) && value >= 0 && value <= MAX_SCORE);
}

/** A finished tennis set: 6 games against at most 4, or 7 against 5 or 6 (the tie-break). */
function isSet({ home, away }: Score): boolean {
  const [won, lost] = home > away ? [home, away] : [away, home];
  return (won === 6 && lost <= 4) || (won === 7 && (lost === 5 || lost === 6));
}

/**
 * Whether a result can settle markets: whole, non-negative scores; a half-time score no higher than the full time for
 * either side; in tennis, real set scores and a match that ends as soon as one player has won the sets it needs.
 */
export function validateResult(result: EventResult): { ok: true } | { ok: false; error: ResultError } {
  if (result.sport === 'tennis') {
    if (result.bestOf !== 3 && result.bestOf !== 5) return { ok: false, error: 'sets' };
    if (!result.sets.every((set) => isScore(set) && isSet(set))) return { ok: false, error: 'sets' };
    const needed = (result.bestOf + 1) / 2;
    let home = 0;
    let away = 0;
    for (const set of result.sets) {
      if (home === needed || away === needed) return { ok: false, error: 'sets' };
      if (set.home > set.away) home++;
      else away++;
    }
    return home === needed || away === needed ? { ok: true } : { ok: false, error: 'sets' };
  }
  if (result.sport !== 'football' && result.sport !== 'basketball') return { ok: false, error: 'sport' };
  if (!isScore(result.ft)) return { ok: false, error: 'score' };
  if (result.ht && (!isScore(result.ht) || result.ht.home > result.ft.home || result.ht.away > result.ft.away)) {
    return { ok: false, error: 'half_time' };
  }
  return { ok: true };
}

/** Sets won by each player. */
export function setsWon(sets: readonly Score[]): Score {
  const home = sets.filter((set) => set.home > set.away).length;
  return { home, away: sets.length - home };
}

/** Games played in the match, a tie-break counting as one. */
export function totalGames(sets: readonly Score[]): number {
  return sets.reduce((sum, set) => sum + set.home + set.away, 0);
}

/**
 * The score a market of this period is decided on, or null when the result does not have it yet (a first half
 * without a half-time score). Tennis: sets won for the match winner and the set handicap.
 */
export function periodScore(result: EventResult, period: Period): Score | null {
  if (result.sport === 'tennis') return period === 'ft' ? setsWon(result.sets) : null;
  return period === 'ft' ? result.ft : (result.ht ?? null);
}

/** The total an over/under or odd/even market is decided on: goals or points in the period; in tennis, games. */
export function periodTotal(result: EventResult, period: Period): number | null {
  if (result.sport === 'tennis') return period === 'ft' ? totalGames(result.sets) : null;
  const score = periodScore(result, period);
  return score ? score.home + score.away : null;
}

import { type Line, type Outcome, splitLine } from '@jinb/odds';
import { CS_OTHER, type MarketError, type MarketSpec, parseScoreSide, validateMarket } from '../market-types';
import { type EventResult, periodScore, periodTotal, type ResultError, validateResult } from './event-result';

/**
 * How a stake on a line settles when the side it backs finishes `margin` ahead (whole goals, points, sets or games;
 * negative when behind). The line is in quarters and added to the margin: the side wins when margin + line > 0,
 * loses below 0, and gets the stake back at exactly 0 (a whole line's push). A quarter line is half the stake on each
 * of its two half lines (splitLine), so one half can push while the other wins or loses:
 * - home -0.25 at 0-0: -0.5 loses, 0 pushes: half_lose;
 * - home -0.75 at 1-0: -0.5 wins, -1 pushes: half_win;
 * - over 2.25 (margin = goals, line -2.25) at 2 goals: 2 pushes, 2.5 loses: half_lose;
 * - over 2.75 at 3 goals: 2.5 wins, 3 pushes: half_win.
 * The two halves are half a unit apart, so they never go opposite ways.
 */
export function handicapOutcome(margin: number, line: Line): Outcome {
  const halves = splitLine(line).map((half) => Math.sign(margin * 4 + half));
  const [first = 0, second] = halves;
  if (second === undefined) return first > 0 ? 'win' : first < 0 ? 'lose' : 'void';
  const sum = first + second;
  if (sum === 2) return 'win';
  if (sum === -2) return 'lose';
  if (sum === 1) return 'half_win';
  if (sum === -1) return 'half_lose';
  return 'void';
}

export type SettleError = MarketError | ResultError | 'side' | 'mismatch' | 'pending';
export type SettleMarketResult = { ok: true; outcomes: Record<string, Outcome> } | { ok: false; error: SettleError };

/**
 * Every side of a market settled against an event's result, so a settlement run decides a market once and pays each
 * selection from the same map. Refuses a market that could not have been offered, a result that is not one, a result
 * of another sport (`mismatch`) and a first-half market before the half-time score is known (`pending`: settle later).
 */
export function settleMarket(market: MarketSpec, result: EventResult): SettleMarketResult {
  const valid = validateMarket(market);
  if (!valid.ok) return valid;
  const validResult = validateResult(result);
  if (!validResult.ok) return validResult;
  if (market.sport !== result.sport) return { ok: false, error: 'mismatch' };
  const score = periodScore(result, market.period);
  const total = periodTotal(result, market.period);
  if (!score || total === null) return { ok: false, error: 'pending' };
  const margin = score.home - score.away;
  const line = market.line ?? 0;
  const outcomes: Record<string, Outcome> = {};
  const won = (yes: boolean): Outcome => (yes ? 'win' : 'lose');
  switch (market.type) {
    case '1x2':
      outcomes.home = won(margin > 0);
      outcomes.draw = won(margin === 0);
      outcomes.away = won(margin < 0);
      break;
    case 'ml':
      // Two-way: a draw (a first half, or a basketball game without overtime) gives both sides their stake back.
      outcomes.home = handicapOutcome(margin, 0);
      outcomes.away = handicapOutcome(-margin, 0);
      break;
    case 'ah':
      outcomes.home = handicapOutcome(margin, line);
      outcomes.away = handicapOutcome(-margin, -line);
      break;
    case 'ou':
      outcomes.over = handicapOutcome(total, -line);
      outcomes.under = handicapOutcome(-total, line);
      break;
    case 'btts':
      outcomes.yes = won(score.home > 0 && score.away > 0);
      outcomes.no = won(!(score.home > 0 && score.away > 0));
      break;
    case 'oe':
      outcomes.odd = won(total % 2 === 1);
      outcomes.even = won(total % 2 === 0);
      break;
    case 'cs': {
      const listed = market.sides.some((side) => {
        const listedScore = parseScoreSide(side);
        return listedScore?.home === score.home && listedScore.away === score.away;
      });
      for (const side of market.sides) {
        const sideScore = parseScoreSide(side);
        outcomes[side] =
          side === CS_OTHER ? won(!listed) : won(sideScore?.home === score.home && sideScore.away === score.away);
      }
      break;
    }
  }
  return { ok: true, outcomes };
}

/** One selection's outcome: its market settled as above, then the side looked up (`side` if the market lacks it). */
export function settleSelection(
  market: MarketSpec,
  side: string,
  result: EventResult,
): { ok: true; outcome: Outcome } | { ok: false; error: SettleError } {
  const settled = settleMarket(market, result);
  if (!settled.ok) return settled;
  const outcome = market.sides.includes(side) ? settled.outcomes[side] : undefined;
  return outcome ? { ok: true, outcome } : { ok: false, error: 'side' };
}

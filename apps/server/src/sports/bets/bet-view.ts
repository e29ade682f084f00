import { formatOrderNo } from '@jinb/contract';
import type { BetDetail, BetLegView, BetView } from '@jinb/contract/sports';
import { formatAmount } from '@jinb/money';
import {
  betLines,
  formatLine,
  formatOdds,
  linePayout,
  linePotentialPayout,
  ODDS_ONE,
  type Outcome,
  type SettledLeg,
} from '@jinb/odds';
import { periodScore } from '../settlement/event-result';
import type { BetRow, LegRow } from './bets.repository';

/** What a leg view needs, whether read back from the tables or just priced by placement. */
export type LegSource = Omit<LegRow, 'betId' | 'legNo'>;

export function toLegView(leg: LegSource): BetLegView {
  // The score the leg was decided on: only once it has an outcome (a correction may still be on its way).
  const score = leg.outcome && leg.result ? periodScore(leg.result, leg.period) : null;
  return {
    selectionId: leg.selectionId.toString(),
    eventId: leg.eventId.toString(),
    sport: leg.sport,
    competition: leg.competition,
    home: leg.home,
    away: leg.away,
    startTime: leg.startAt.toISOString(),
    marketId: leg.marketId.toString(),
    type: leg.type,
    period: leg.period,
    line: leg.line === null ? null : formatLine(leg.line),
    side: leg.side,
    odds: formatOdds(leg.odds),
    outcome: leg.outcome,
    score: score ? { home: score.home, away: score.away } : null,
  };
}

/** A bet as members see it; its order number (S + the platform day it was placed + its id) is the one records show. */
export function toBetView(bet: BetRow, legs: readonly LegSource[], timeZone: string): BetView {
  return {
    id: bet.id.toString(),
    orderNo: formatOrderNo('bet', bet.id, bet.placedAt, timeZone),
    type: bet.type,
    system: bet.system,
    status: bet.status,
    stake: formatAmount(bet.stake),
    lineCount: bet.lineCount,
    totalStake: formatAmount(bet.totalStake),
    potentialPayout: formatAmount(bet.potentialPayout),
    payout: bet.payout === null ? null : formatAmount(bet.payout),
    placedAt: bet.placedAt.toISOString(),
    settledAt: bet.settledAt?.toISOString() ?? null,
    decideAt: bet.decideAt?.toISOString() ?? null,
    legs: legs.map(toLegView),
  };
}

/** The product of a line's odds at scale 4, truncated once (what the detail shows; payouts multiply exactly). */
function combinedOdds(odds: readonly bigint[]): bigint {
  return linePotentialPayout(ODDS_ONE, odds);
}

/**
 * The detail page: the bet with every line spelled out (its legs, combined odds, potential payout and, once the bet
 * is settled, what it paid), so the member can follow the arithmetic. Line payouts come from the legs' settled
 * outcomes with the settlement's own function and add up to the bet's payout.
 */
export function toBetDetail(bet: BetRow, legs: readonly LegSource[], timeZone: string): BetDetail {
  const lines = betLines(bet.type, legs.length, bet.system ?? undefined);
  if (!lines.ok) throw new Error(`bet ${bet.id} has ${legs.length} legs that make no ${bet.type} bet`);
  const settled = bet.status === 'settled' && legs.every((leg) => leg.outcome !== null);
  return {
    ...toBetView(bet, legs, timeZone),
    lines: lines.lines.map((line) => {
      const odds = line.map((index) => legAt(legs, index).odds);
      const payout = settled
        ? linePayout(
            bet.stake,
            line.map((index): SettledLeg => {
              const leg = legAt(legs, index);
              return { odds: leg.odds, outcome: leg.outcome as Outcome };
            }),
          )
        : null;
      return {
        legs: line,
        stake: formatAmount(bet.stake),
        odds: formatOdds(combinedOdds(odds)),
        potentialPayout: formatAmount(linePotentialPayout(bet.stake, odds)),
        payout: payout === null ? null : formatAmount(payout),
      };
    }),
    turnover: formatAmount(bet.turnover),
    resettled: Math.max(0, bet.settleCount - 1),
  };
}

function legAt(legs: readonly LegSource[], index: number): LegSource {
  const leg = legs[index];
  if (!leg) throw new Error(`no leg ${index}`);
  return leg;
}

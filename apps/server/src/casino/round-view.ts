import type { RoundView } from '@jinb/contract';
import type { RoundRow } from './casino-rounds.repository';
import { winnerOf } from './round-outcome';

/** Whether a round is over, so its seed may be shown: settled, or refunded (nothing of it is paid any more). */
export const finished = (round: Pick<RoundRow, 'phase'>) => round.phase === 'settled' || round.phase === 'refunded';

/**
 * A round as everyone sees it: the outcome from the close on, the seed (and the one it must hash to) only once it is
 * over. Before that the seed would tell the outcome, so it never leaves the server.
 */
export function roundView(round: RoundRow): RoundView {
  const outcome = round.phase === 'betting' ? null : round.outcome;
  const over = finished(round);
  return {
    id: String(round.id),
    table: round.table,
    game: round.game,
    number: round.number,
    phase: round.phase,
    opensAt: round.opensAt.toISOString(),
    closesAt: round.closesAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
    chainId: String(round.chainId),
    outcome,
    winner: winnerOf(outcome),
    seed: over ? round.seed : null,
    previousSeed: over ? round.previousSeed : null,
  };
}

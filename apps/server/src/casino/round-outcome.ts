import { deal, isSeed, outcomeView } from '@jinb/casino';
import type { CasinoGame, RoundOutcome } from '@jinb/contract';

/** Deals round `number` of a table from its seed: the package's outcome and its wire form. */
export function dealRound(game: CasinoGame, seed: string, table: string, number: number) {
  // Anything but a chain's seed (64 lowercase hex characters) is a damaged row: it is refunded, never dealt.
  if (!isSeed(seed)) throw new RangeError('not a seed of a chain');
  const dealt = deal(game, seed, table, number);
  const view: RoundOutcome = outcomeView(game, dealt);
  return { dealt, view };
}

/** Baccarat and dragon tiger name a winner; the other games do not. */
export function winnerOf(outcome: RoundOutcome | null): string | null {
  return outcome && 'winner' in outcome ? outcome.winner : null;
}

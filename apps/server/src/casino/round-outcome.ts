import { cardCode, deal, isSeed, type Outcomes } from '@jinb/casino';
import type { CasinoGame, RoundOutcome } from '@jinb/contract';

/**
 * The outcome as the wire shows it (cards as codes like "Ah"), from what `@jinb/casino` dealt. The same function
 * turns a re-deal into the stored form, so a verification compares like with like.
 */
export function outcomeView(game: CasinoGame, outcome: Outcomes[CasinoGame]): RoundOutcome {
  switch (game) {
    case 'baccarat':
    case 'baccarat_no_commission': {
      const dealt = outcome as Outcomes['baccarat'];
      return {
        game,
        winner: dealt.winner,
        player: dealt.player.map(cardCode),
        banker: dealt.banker.map(cardCode),
        playerTotal: dealt.playerTotal,
        bankerTotal: dealt.bankerTotal,
        playerPair: dealt.playerPair,
        bankerPair: dealt.bankerPair,
        natural: dealt.natural,
      };
    }
    case 'dragon_tiger': {
      const dealt = outcome as Outcomes['dragon_tiger'];
      return { game, winner: dealt.winner, dragon: cardCode(dealt.dragon), tiger: cardCode(dealt.tiger) };
    }
    case 'sic_bo': {
      const dealt = outcome as Outcomes['sic_bo'];
      return { game, dice: [...dealt.dice], total: dealt.total };
    }
    case 'roulette': {
      const dealt = outcome as Outcomes['roulette'];
      return { game, number: dealt.number, color: dealt.color };
    }
  }
}

/** Deals round `number` of a table from its seed: the package's outcome and its wire form. */
export function dealRound(game: CasinoGame, seed: string, table: string, number: number) {
  // Anything but a chain's seed (64 lowercase hex characters) is a damaged row: it is refunded, never dealt.
  if (!isSeed(seed)) throw new RangeError('not a seed of a chain');
  const dealt = deal(game, seed, table, number);
  return { dealt, view: outcomeView(game, dealt) };
}

/** Baccarat and dragon tiger name a winner; the other games do not. */
export function winnerOf(outcome: RoundOutcome | null): string | null {
  return outcome && 'winner' in outcome ? outcome.winner : null;
}

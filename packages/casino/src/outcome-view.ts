import { cardCode } from './cards';
import type { Game, Outcomes } from './settle';

/**
 * An outcome as the API shows it and stores it: cards as codes like "Ah", plain arrays and numbers. The server turns
 * what it dealt into this and the verification page turns its re-deal into this, so the two compare like with like
 * (one function: a difference in the conversion could never pass for a difference in the deal).
 */
export type OutcomeView =
  | {
      game: 'baccarat' | 'baccarat_no_commission';
      winner: 'player' | 'banker' | 'tie';
      player: string[];
      banker: string[];
      playerTotal: number;
      bankerTotal: number;
      playerPair: boolean;
      bankerPair: boolean;
      natural: boolean;
    }
  | { game: 'dragon_tiger'; winner: 'dragon' | 'tiger' | 'tie'; dragon: string; tiger: string }
  | { game: 'sic_bo'; dice: number[]; total: number }
  | { game: 'roulette'; number: number; color: 'red' | 'black' | 'green' };

export function outcomeView(game: Game, outcome: Outcomes[Game]): OutcomeView {
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

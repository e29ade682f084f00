import { type Game, type Outcomes, parseCard, settle } from '@jinb/casino';
import type { RoundOutcome } from '@jinb/contract';
import { units } from './casino-format';

/** The shared package's outcome from the wire's (cards as codes there, as objects here). */
export function packageOutcome(outcome: RoundOutcome): Outcomes[Game] {
  switch (outcome.game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return { ...outcome, player: outcome.player.map(parseCard), banker: outcome.banker.map(parseCard) };
    case 'dragon_tiger':
      return { dragon: parseCard(outcome.dragon), tiger: parseCard(outcome.tiger), winner: outcome.winner };
    case 'sic_bo': {
      const [a = 0, b = 0, c = 0] = outcome.dice;
      return { dice: [a, b, c], total: outcome.total, triple: a === b && b === c };
    }
    case 'roulette':
      return { number: outcome.number, color: outcome.color };
  }
}

/**
 * What the member's bets of a round return (stake included) by the same rules the server pays with, so the table can
 * say "you won" the moment the result arrives; the records and the balance push are the money's word.
 */
export function memberReturn(
  outcome: RoundOutcome,
  bets: ReadonlyArray<{ spot: string; amount: string }>,
): { stake: bigint; payout: bigint } {
  const stakes = bets.map((bet) => ({ spot: bet.spot, amount: units(bet.amount) })).filter((bet) => bet.amount > 0n);
  const settled = settle(outcome.game, packageOutcome(outcome), stakes);
  return {
    stake: stakes.reduce((sum, bet) => sum + bet.amount, 0n),
    payout: settled.reduce((sum, bet) => sum + bet.payout, 0n),
  };
}

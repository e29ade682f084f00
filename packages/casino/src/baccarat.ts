import { type Card, drawFromShoe } from './cards';
import { type DealOptions, RoundStream, roundContext } from './rng';
import { returnOf, SpotError } from './spot';

/** Decks in the shoe: the usual 8 (the house edges quoted in the README are for 8 decks). */
export const BACCARAT_DECKS = 8;

export type BaccaratWinner = 'player' | 'banker' | 'tie';

export interface BaccaratOutcome {
  /** The player's cards in the order dealt: two, or three with the third card. */
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  /** The first two cards of the hand are the same rank (K-K, not K-Q): suits do not matter. */
  playerPair: boolean;
  bankerPair: boolean;
  /** Either hand's first two cards total 8 or 9, so neither hand draws. */
  natural: boolean;
}

/** A card's baccarat value: ace 1, 2-9 their number, 10 and faces 0. */
export function baccaratValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

/** A hand's total: the last digit of the sum of its values (7 + 8 = 15 counts 5). */
export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;
}

/** The player draws a third card on 0-5 and stands on 6-7 (8-9 are naturals, dealt with before). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * Whether the banker draws, on the banker's two-card total and the value of the player's third card (null when the
 * player stood). When the player stood the banker plays like the player: draws on 0-5, stands on 6-7. Otherwise:
 *
 * | banker | draws when the player's third card is | stands when it is |
 * |--------|----------------------------------------|-------------------|
 * | 0-2    | anything                               | -                 |
 * | 3      | 0-7, 9                                 | 8                 |
 * | 4      | 2-7                                    | 0, 1, 8, 9        |
 * | 5      | 4-7                                    | 0-3, 8, 9         |
 * | 6      | 6-7                                    | 0-5, 8, 9         |
 * | 7      | -                                      | anything          |
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Plays a coup from cards in shoe order: player, banker, player, banker, then the player's third card if the player
 * draws, then the banker's third if the banker draws. Unused cards are ignored.
 * Example: 4s Kh 9d 5c -> player 4+9 = 3, banker 0+5 = 5; player draws next card 6h (total 9); banker on 5 against
 * a third card 6 draws 2c (total 7); player 9 beats 7.
 */
export function playBaccarat(shoe: readonly Card[]): BaccaratOutcome {
  const card = (i: number) => {
    const c = shoe[i];
    if (!c) throw new RangeError('not enough cards for the coup');
    return c;
  };
  const player = [card(0), card(2)];
  const banker = [card(1), card(3)];
  let next = 4;
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(handTotal(player))) {
      const third = card(next++);
      player.push(third);
      playerThird = baccaratValue(third);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(card(next++));
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
    natural,
  };
}

/** Deals a round: the six cards a coup can need, from a fresh 8-deck shoe drawn with the round's stream. */
export function dealBaccarat(
  seed: string,
  table: string,
  round: number,
  game = 'baccarat',
  options: DealOptions = {},
): BaccaratOutcome {
  const stream = new RoundStream(seed, roundContext(game, table, round), options.hmac);
  return playBaccarat(drawFromShoe(stream, BACCARAT_DECKS, 6));
}

export const BACCARAT_SPOTS = ['banker', 'player', 'tie', 'banker_pair', 'player_pair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];

export function parseBaccaratSpot(spot: string): BaccaratSpot | SpotError {
  return (BACCARAT_SPOTS as readonly string[]).includes(spot)
    ? (spot as BaccaratSpot)
    : new SpotError('UNKNOWN_SPOT', spot);
}

/**
 * What a baccarat bet returns, stake included.
 * - player wins 1:1 (returns 2x); banker wins 0.95:1 (1.95x, the 5% commission), or in the no-commission variant 1:1
 *   except a banker win on a total of 6, which pays 1:2 (1.5x); on a tie both push (the stake back);
 * - tie 8:1 (9x); player pair, banker pair 11:1 (12x), whatever the winner.
 * Examples, stake 10.0000: banker win 19.5000; banker stake 0.0001 wins 0.000195 -> 0.0001 (the stake: the
 * commission under 0.0001 is the house's); no-commission banker wins on 6: 15.0000; player on a tie: 10.0000.
 */
export function baccaratReturn(
  spot: BaccaratSpot,
  outcome: BaccaratOutcome,
  amount: bigint,
  noCommission = false,
): bigint {
  switch (spot) {
    case 'player':
      if (outcome.winner === 'tie') return amount;
      return outcome.winner === 'player' ? returnOf(amount, 2n) : 0n;
    case 'banker':
      if (outcome.winner === 'tie') return amount;
      if (outcome.winner !== 'banker') return 0n;
      if (!noCommission) return returnOf(amount, 195n, 100n);
      return outcome.bankerTotal === 6 ? returnOf(amount, 3n, 2n) : returnOf(amount, 2n);
    case 'tie':
      return outcome.winner === 'tie' ? returnOf(amount, 9n) : 0n;
    case 'player_pair':
      return outcome.playerPair ? returnOf(amount, 12n) : 0n;
    case 'banker_pair':
      return outcome.bankerPair ? returnOf(amount, 12n) : 0n;
  }
}

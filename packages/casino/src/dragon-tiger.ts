import { type Card, drawFromShoe } from './cards';
import { type DealOptions, RoundStream, roundContext } from './rng';
import { returnOf, SpotError } from './spot';

export const DRAGON_TIGER_DECKS = 8;

export interface DragonTigerOutcome {
  dragon: Card;
  tiger: Card;
  /** The higher rank wins: ace lowest (1) .. king highest (13); suits never count; the same rank is a tie. */
  winner: 'dragon' | 'tiger' | 'tie';
}

/** Plays a round from cards in shoe order: the first card to the dragon, the second to the tiger. */
export function playDragonTiger(shoe: readonly Card[]): DragonTigerOutcome {
  const [dragon, tiger] = shoe;
  if (!dragon || !tiger) throw new RangeError('not enough cards for the round');
  const winner = dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie';
  return { dragon, tiger, winner };
}

/** Deals a round: two cards from a fresh 8-deck shoe. */
export function dealDragonTiger(
  seed: string,
  table: string,
  round: number,
  options: DealOptions = {},
): DragonTigerOutcome {
  const stream = new RoundStream(seed, roundContext('dragon_tiger', table, round), options.hmac);
  return playDragonTiger(drawFromShoe(stream, DRAGON_TIGER_DECKS, 2));
}

export const DRAGON_TIGER_SPOTS = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerSpot = (typeof DRAGON_TIGER_SPOTS)[number];

export function parseDragonTigerSpot(spot: string): DragonTigerSpot | SpotError {
  return (DRAGON_TIGER_SPOTS as readonly string[]).includes(spot)
    ? (spot as DragonTigerSpot)
    : new SpotError('UNKNOWN_SPOT', spot);
}

/**
 * What a dragon tiger bet returns, stake included: dragon or tiger wins 1:1 (2x) and on a tie returns half the stake
 * (truncated: 0.0003 returns 0.0001); tie 8:1 (9x).
 * Examples, stake 10.0000: dragon wins 20.0000, loses 0, ties 5.0000; tie wins 90.0000.
 */
export function dragonTigerReturn(spot: DragonTigerSpot, outcome: DragonTigerOutcome, amount: bigint): bigint {
  if (spot === 'tie') return outcome.winner === 'tie' ? returnOf(amount, 9n) : 0n;
  if (outcome.winner === 'tie') return returnOf(amount, 1n, 2n);
  return outcome.winner === spot ? returnOf(amount, 2n) : 0n;
}

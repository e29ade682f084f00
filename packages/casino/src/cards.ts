import type { RoundStream } from './rng';

export const SUITS = ['s', 'h', 'c', 'd'] as const;
export type Suit = (typeof SUITS)[number];

/** A playing card: rank 1 (ace) .. 10, 11 (jack), 12 (queen), 13 (king). */
export interface Card {
  rank: number;
  suit: Suit;
}

const RANK_CODES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

/** A card's short code, rank then suit: "As", "Th", "Kd". */
export function cardCode(card: Card): string {
  return `${RANK_CODES[card.rank - 1]}${card.suit}`;
}

/** The card of a code from cardCode ("9c"); throws on anything else. */
export function parseCard(code: string): Card {
  const rank = RANK_CODES.indexOf(code.slice(0, -1)) + 1;
  const suit = code.slice(-1) as Suit;
  if (code.length !== 2 || rank === 0 || !SUITS.includes(suit)) throw new RangeError(`no card ${code}`);
  return { rank, suit };
}

/**
 * The first `count` cards of a freshly shuffled shoe of `decks` decks: a Fisher-Yates shuffle stopped after `count`
 * steps (step i swaps position i with a uniform position in [i, size)), which gives exactly the first cards of a full
 * uniform shuffle. Shoe position p holds card p mod 52: rank p mod 13 + 1, suit SUITS[floor(p / 13) mod 4].
 * Every round deals from a full new shoe, so the odds never depend on earlier rounds (and cannot be counted).
 */
export function drawFromShoe(stream: RoundStream, decks: number, count: number): Card[] {
  const size = decks * 52;
  if (count > size) throw new RangeError('not that many cards in the shoe');
  // Only the positions a swap touched differ from the new shoe's order, so a map of those stands in for the 416-card
  // array: a round allocates a handful of entries, which matters over the bench's millions of rounds.
  const moved = new Map<number, number>();
  const at = (position: number) => moved.get(position) ?? position;
  const cards: Card[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + stream.int(size - i);
    const picked = at(j);
    // Position i is never read again; position j now holds what was at i.
    moved.set(j, at(i));
    const index = picked % 52;
    cards.push({ rank: (index % 13) + 1, suit: SUITS[Math.floor(index / 13)]! });
  }
  return cards;
}

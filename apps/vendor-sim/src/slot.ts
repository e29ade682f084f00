import { randomInt } from 'node:crypto';

/** The reels' symbols and how often each comes up (out of 15 per reel). */
export const SYMBOLS = [
  { symbol: '🍒', weight: 5, three: 5n },
  { symbol: '🍋', weight: 4, three: 10n },
  { symbol: '🔔', weight: 3, three: 20n },
  { symbol: '⭐', weight: 2, three: 50n },
  { symbol: '7', weight: 1, three: 100n },
] as const;
const TOTAL_WEIGHT = SYMBOLS.reduce((sum, entry) => sum + entry.weight, 0);

/** Exactly two cherries give the stake back. */
export const TWO_CHERRIES = 1n;

function reel(draw: (max: number) => number): number {
  let roll = draw(TOTAL_WEIGHT);
  for (let index = 0; index < SYMBOLS.length; index++) {
    roll -= SYMBOLS[index]!.weight;
    if (roll < 0) return index;
  }
  return 0;
}

/**
 * One spin of three reels: three of a kind pays its multiple of the stake, exactly two cherries return the stake,
 * anything else loses. Return to player about 90.5% (three of a kind 68.3%, two cherries 22.2%).
 */
export function spin(stake: bigint, draw: (max: number) => number = randomInt): { reels: string[]; win: bigint } {
  const reels = [reel(draw), reel(draw), reel(draw)];
  const symbols = reels.map((index) => SYMBOLS[index]!.symbol);
  if (reels[0] === reels[1] && reels[1] === reels[2]) return { reels: symbols, win: stake * SYMBOLS[reels[0]!]!.three };
  const cherries = reels.filter((index) => index === 0).length;
  return { reels: symbols, win: cherries === 2 ? stake * TWO_CHERRIES : 0n };
}

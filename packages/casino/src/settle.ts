import { type BaccaratOutcome, baccaratReturn, dealBaccarat, parseBaccaratSpot } from './baccarat';
import { type DragonTigerOutcome, dealDragonTiger, dragonTigerReturn, parseDragonTigerSpot } from './dragon-tiger';
import type { DealOptions } from './rng';
import { dealRoulette, parseRouletteSpot, type RouletteOutcome, rouletteReturn } from './roulette';
import { dealSicBo, parseSicBoSpot, type SicBoOutcome, sicBoReturn } from './sic-bo';
import { SpotError, type SpotErrorCode } from './spot';

export const GAMES = ['baccarat', 'baccarat_no_commission', 'dragon_tiger', 'sic_bo', 'roulette'] as const;
export type Game = (typeof GAMES)[number];

export interface Outcomes {
  baccarat: BaccaratOutcome;
  baccarat_no_commission: BaccaratOutcome;
  dragon_tiger: DragonTigerOutcome;
  sic_bo: SicBoOutcome;
  roulette: RouletteOutcome;
}

/**
 * The outcome of round `round` at table `table` from its seed: the one function the server deals with and the
 * verification page re-deals with. The no-commission variant deals like baccarat, with its own game name in the
 * stream's messages. `options.hmac` swaps in a native HMAC-SHA256 (the same bytes, faster: see the README).
 */
export function deal<G extends Game>(
  game: G,
  seed: string,
  table: string,
  round: number,
  options: DealOptions = {},
): Outcomes[G] {
  const dealt: { [K in Game]: () => Outcomes[K] } = {
    baccarat: () => dealBaccarat(seed, table, round, 'baccarat', options),
    baccarat_no_commission: () => dealBaccarat(seed, table, round, 'baccarat_no_commission', options),
    dragon_tiger: () => dealDragonTiger(seed, table, round, options),
    sic_bo: () => dealSicBo(seed, table, round, options),
    roulette: () => dealRoulette(seed, table, round, options),
  };
  return dealt[game]();
}

/** Checks a spot name for a game: null when it is a spot of the game, else the stable error code (see spot.ts). */
export function spotError(game: Game, spot: string): SpotErrorCode | null {
  const parsed = parseSpot(game, spot);
  return parsed instanceof SpotError ? parsed.code : null;
}

function parseSpot(game: Game, spot: string) {
  switch (game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return parseBaccaratSpot(spot);
    case 'dragon_tiger':
      return parseDragonTigerSpot(spot);
    case 'sic_bo':
      return parseSicBoSpot(spot);
    case 'roulette':
      return parseRouletteSpot(spot);
  }
}

export interface Bet {
  spot: string;
  /** The stake, scale 4 (10000n = 1.0000), positive. */
  amount: bigint;
}

export interface SettledBet extends Bet {
  /** What comes back, stake included: 0 for a loss, the stake for a push, truncated once to scale 4. */
  payout: bigint;
}

/**
 * Settles a round's bets on its outcome, each bet on its own. Throws a SpotError (with its code) for a spot the game
 * does not have and a RangeError for an amount that is not positive: bets are validated when taken, so either here
 * is a bug, never a loss to report.
 * Example, baccarat, banker wins 7 to 5 with a banker pair: banker 10.0000 -> 19.5000, player 10.0000 -> 0,
 * banker_pair 1.0000 -> 12.0000.
 */
export function settle<G extends Game>(game: G, outcome: Outcomes[G], bets: readonly Bet[]): SettledBet[] {
  return bets.map(({ spot, amount }) => {
    if (amount <= 0n) throw new RangeError(`a stake is positive: ${amount}`);
    const parsed = parseSpot(game, spot);
    if (parsed instanceof SpotError) throw parsed;
    return { spot, amount, payout: returnFor(game, parsed, outcome, amount) };
  });
}

function returnFor(game: Game, parsed: unknown, outcome: Outcomes[Game], amount: bigint): bigint {
  // parseSpot and the outcome both follow `game`; the casts restate what the switch already fixed.
  switch (game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return baccaratReturn(
        parsed as Parameters<typeof baccaratReturn>[0],
        outcome as BaccaratOutcome,
        amount,
        game === 'baccarat_no_commission',
      );
    case 'dragon_tiger':
      return dragonTigerReturn(
        parsed as Parameters<typeof dragonTigerReturn>[0],
        outcome as DragonTigerOutcome,
        amount,
      );
    case 'sic_bo':
      return sicBoReturn(parsed as Parameters<typeof sicBoReturn>[0], outcome as SicBoOutcome, amount);
    case 'roulette':
      return rouletteReturn(parsed as Parameters<typeof rouletteReturn>[0], outcome as RouletteOutcome, amount);
  }
}

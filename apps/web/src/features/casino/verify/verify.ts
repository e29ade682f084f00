import { deal, hashSeed, isSeed, outcomeView, roundContext } from '@jinb/casino';
import type { CasinoGame, RoundOutcome } from '@jinb/contract';

/** What checking a round needs: the revealed seed, the seed its hash must equal, and what the round was. */
export type VerifyInput = {
  game: CasinoGame;
  table: string;
  number: number;
  seed: string;
  /** seed(number - 1) as published (the previous round's seed, or the chain's terminal hash for round 1). */
  previousSeed: string | null;
  /** The outcome the table recorded (null when checking by hand without one). */
  recorded: RoundOutcome | null;
};

export type VerifyReport = {
  seedFormatOk: boolean;
  /** SHA-256 of the seed's text (null when the seed is not one). */
  hash: string | null;
  /** hash === previousSeed; null when there is no previous seed to compare with. */
  hashMatches: boolean | null;
  /** The outcome re-dealt here, in the wire's form (null when the seed or the round cannot be dealt). */
  dealt: RoundOutcome | null;
  /** dealt equals recorded; null when nothing was recorded to compare with. */
  dealMatches: boolean | null;
  /** The HMAC message of block 0, `<game>:<table>:<round>:0` (for checking by hand). */
  hmacMessage: string;
  verdict: 'ok' | 'bad' | 'partial';
  reasons: Array<'seed' | 'hash' | 'deal'>;
};

/** What identifies an outcome, field by field in a fixed order (extra wire fields do not count). */
export function outcomeKey(outcome: RoundOutcome): string {
  switch (outcome.game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return JSON.stringify([
        outcome.game,
        outcome.winner,
        outcome.player,
        outcome.banker,
        outcome.playerTotal,
        outcome.bankerTotal,
        outcome.playerPair,
        outcome.bankerPair,
        outcome.natural,
      ]);
    case 'dragon_tiger':
      return JSON.stringify([outcome.game, outcome.winner, outcome.dragon, outcome.tiger]);
    case 'sic_bo':
      return JSON.stringify([outcome.game, outcome.dice, outcome.total]);
    case 'roulette':
      return JSON.stringify([outcome.game, outcome.number, outcome.color]);
  }
}

/**
 * Checks a round in the browser with the same code the server deals with: SHA-256(seed) must be the previous seed
 * (so the seed belongs to the chain published before the first round), and deal(game, seed, table, number) must give
 * the recorded outcome.
 */
export function verifyRound(input: VerifyInput): VerifyReport {
  const seed = input.seed.trim();
  const seedFormatOk = isSeed(seed);
  let hmacMessage = `${input.game}:${input.table}:${input.number}:0`;
  try {
    hmacMessage = `${roundContext(input.game, input.table, input.number)}:0`;
  } catch {
    // A round number or table code that cannot be dealt: the message shows as typed, the deal fails below.
  }
  const hash = seedFormatOk ? hashSeed(seed) : null;
  const previous = input.previousSeed?.trim() || null;
  const hashMatches = hash && previous ? hash === previous : null;
  let dealt: RoundOutcome | null = null;
  if (seedFormatOk) {
    try {
      dealt = outcomeView(input.game, deal(input.game, seed, input.table, input.number));
    } catch {
      dealt = null;
    }
  }
  const dealMatches = dealt && input.recorded ? outcomeKey(dealt) === outcomeKey(input.recorded) : null;
  const reasons: VerifyReport['reasons'] = [];
  if (!seedFormatOk || !dealt) reasons.push('seed');
  if (hashMatches === false) reasons.push('hash');
  if (dealMatches === false) reasons.push('deal');
  const verdict = reasons.length > 0 ? 'bad' : hashMatches && dealMatches ? 'ok' : 'partial';
  return { seedFormatOk, hash, hashMatches, dealt, dealMatches, hmacMessage, verdict, reasons };
}

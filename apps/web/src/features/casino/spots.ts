import type { CasinoGame, RoundOutcome } from '@jinb/contract';

/** What `t` is here: the casino namespace's lookup. */
type T = (key: string, options?: Record<string, unknown>) => string;

/** The roulette wheel's red numbers (European wheel); the rest of 1-36 are black, 0 green. */
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export function rouletteColor(n: number): 'red' | 'black' | 'green' {
  return n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
}

/** A spot's name as the member reads it: `banker` 庄, `total:9` 9点, `straight:17` 17, `dozen:2` 第2打. */
export function spotLabel(t: T, spot: string): string {
  const [kind = '', value] = spot.split(':');
  if (value === undefined) return t(`spot.${kind}`, { defaultValue: spot });
  return t(`spot.${kind}`, { n: value, defaultValue: spot });
}

/** What a spot pays, "x to 1", as the rules panel says it (the no-commission banker pays 1, 0.5 on a six). */
export function spotPays(game: CasinoGame, spot: string): string {
  const [kind = '', value = ''] = spot.split(':');
  switch (game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return { player: '1', banker: game === 'baccarat' ? '0.95' : '1', tie: '8' }[kind] ?? '11';
    case 'dragon_tiger':
      return kind === 'tie' ? '8' : '1';
    case 'sic_bo':
      if (kind === 'total') return SIC_BO_TOTALS[Number(value)] ?? '';
      return { triple: '180', any_triple: '30', double: '10', single: '1' }[kind] ?? '1';
    case 'roulette':
      return (
        { straight: '35', split: '17', street: '11', trio: '11', corner: '8', first_four: '8', line: '5' }[kind] ??
        (kind === 'dozen' || kind === 'column' ? '2' : '1')
      );
  }
}

/** Sic bo totals' "x to 1" (the paytable of @jinb/casino's sic-bo.ts, 4 and 17 down to 9-12). */
const SIC_BO_TOTALS: Record<number, string> = {
  4: '60',
  5: '30',
  6: '17',
  7: '12',
  8: '8',
  9: '6',
  10: '6',
  11: '6',
  12: '6',
  13: '8',
  14: '12',
  15: '17',
  16: '30',
  17: '60',
};

/** Whether a spot won in this outcome (for lighting it up after the result); roulette and sic bo by their rules. */
export function spotWon(spot: string, outcome: RoundOutcome): boolean {
  const [kind = '', value = ''] = spot.split(':');
  const n = Number(value);
  switch (outcome.game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      if (kind === 'player_pair') return outcome.playerPair;
      if (kind === 'banker_pair') return outcome.bankerPair;
      return outcome.winner === kind;
    case 'dragon_tiger':
      return outcome.winner === kind;
    case 'sic_bo': {
      const { dice, total } = outcome;
      const triple = dice.length === 3 && dice.every((die) => die === dice[0]);
      const count = dice.filter((die) => die === n).length;
      switch (kind) {
        case 'big':
          return !triple && total >= 11;
        case 'small':
          return !triple && total <= 10;
        case 'odd':
          return !triple && total % 2 === 1;
        case 'even':
          return !triple && total % 2 === 0;
        case 'total':
          return total === n;
        case 'triple':
          return triple && dice[0] === n;
        case 'any_triple':
          return triple;
        case 'double':
          return count >= 2;
        case 'single':
          return count >= 1;
        default:
          return false;
      }
    }
    case 'roulette': {
      const x = outcome.number;
      if (x === 0) return kind === 'straight' && n === 0;
      switch (kind) {
        case 'straight':
          return x === n;
        case 'red':
          return RED.has(x);
        case 'black':
          return !RED.has(x);
        case 'odd':
          return x % 2 === 1;
        case 'even':
          return x % 2 === 0;
        case 'low':
          return x <= 18;
        case 'high':
          return x >= 19;
        case 'dozen':
          return Math.ceil(x / 12) === n;
        case 'column':
          return ((x - 1) % 3) + 1 === n;
        default:
          return false;
      }
    }
  }
}

/** The two sides of a two-sided game's result, for the roads: banker/dragon is `a`, player/tiger `b`. */
export function twoSided(outcome: RoundOutcome): 'a' | 'b' | 'tie' | null {
  if (outcome.game === 'dragon_tiger')
    return outcome.winner === 'tie' ? 'tie' : outcome.winner === 'dragon' ? 'a' : 'b';
  if (outcome.game === 'baccarat' || outcome.game === 'baccarat_no_commission')
    return outcome.winner === 'tie' ? 'tie' : outcome.winner === 'banker' ? 'a' : 'b';
  return null;
}

export const CHIPS = [10, 50, 100, 500, 1000] as const;

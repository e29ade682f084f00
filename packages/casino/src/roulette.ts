import { type DealOptions, RoundStream, roundContext } from './rng';
import { SpotError, spotNumber } from './spot';

/** The single-zero wheel's red numbers; every other number from 1 to 36 is black, 0 is green. */
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export interface RouletteOutcome {
  /** 0-36. */
  number: number;
  color: 'red' | 'black' | 'green';
}

export function playRoulette(number: number): RouletteOutcome {
  if (!Number.isInteger(number) || number < 0 || number > 36) throw new RangeError('the wheel has 0-36');
  return { number, color: number === 0 ? 'green' : RED_NUMBERS.has(number) ? 'red' : 'black' };
}

/** Deals a round: one uniform number of the 37 pockets. */
export function dealRoulette(seed: string, table: string, round: number, options: DealOptions = {}): RouletteOutcome {
  return playRoulette(new RoundStream(seed, roundContext('roulette', table, round), options.hmac).int(37));
}

/**
 * A roulette bet: the numbers it covers and what it pays "x to 1". On the layout numbers run in rows of three
 * (1-2-3, 4-5-6, ... 34-35-36) with 0 above the first row; column 1 is 1, 4, ... 34, column 3 is 3, 6, ... 36.
 *
 * | spot                 | covers                                       | pays |
 * |----------------------|----------------------------------------------|------|
 * | straight:N           | N, 0-36                                      | 35:1 |
 * | split:A-B            | two touching numbers, A < B: B = A+1 in a row, B = A+3 in a column, or 0 with 1, 2 or 3 | 17:1 |
 * | street:N             | the row N, N+1, N+2 (N = 1, 4, ... 34)       | 11:1 |
 * | trio:0-1-2, trio:0-2-3 | 0 with two numbers of the first row        | 11:1 |
 * | corner:A-B           | A, A+1, A+3, A+4 with B = A+4, A not in column 3 (corner:1-5 is 1, 2, 4, 5) | 8:1 |
 * | first_four           | 0, 1, 2, 3                                   | 8:1  |
 * | line:N               | two rows, N..N+5 (N = 1, 4, ... 31)          | 5:1  |
 * | dozen:1..3           | 1-12, 13-24, 25-36                           | 2:1  |
 * | column:1..3          | the numbers N with N mod 3 = column mod 3    | 2:1  |
 * | red, black           | the red (RED_NUMBERS) or black numbers       | 1:1  |
 * | odd, even, low, high | odd, even, 1-18, 19-36                       | 1:1  |
 * 0 is none of the even-money, dozen or column bets: they all lose on 0 (no la partage or en prison).
 */
export interface RouletteSpot {
  numbers: ReadonlySet<number>;
  pays: bigint;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const spotOf = (numbers: number[], pays: bigint): RouletteSpot => ({ numbers: new Set(numbers), pays });
const OUTSIDE: Record<string, RouletteSpot> = {
  red: spotOf([...RED_NUMBERS], 1n),
  black: spotOf(
    range(1, 36).filter((n) => !RED_NUMBERS.has(n)),
    1n,
  ),
  odd: spotOf(
    range(1, 36).filter((n) => n % 2 === 1),
    1n,
  ),
  even: spotOf(
    range(1, 36).filter((n) => n % 2 === 0),
    1n,
  ),
  low: spotOf(range(1, 18), 1n),
  high: spotOf(range(19, 36), 1n),
  first_four: spotOf([0, 1, 2, 3], 8n),
  'trio:0-1-2': spotOf([0, 1, 2], 11n),
  'trio:0-2-3': spotOf([0, 2, 3], 11n),
};

export function parseRouletteSpot(spot: string): RouletteSpot | SpotError {
  const outside = Object.hasOwn(OUTSIDE, spot) ? OUTSIDE[spot] : undefined;
  if (outside) return outside;
  const single = /^(straight|street|line|dozen|column):([^:]*)$/.exec(spot);
  if (single) {
    const n = spotNumber(spot, single[2]!);
    if (n instanceof SpotError) return n;
    const outOfRange = new SpotError('SPOT_OUT_OF_RANGE', spot);
    switch (single[1]) {
      case 'straight':
        return n <= 36 ? spotOf([n], 35n) : outOfRange;
      case 'street':
        return n >= 1 && n <= 34 && n % 3 === 1 ? spotOf(range(n, n + 2), 11n) : outOfRange;
      case 'line':
        return n >= 1 && n <= 31 && n % 3 === 1 ? spotOf(range(n, n + 5), 5n) : outOfRange;
      case 'dozen':
        return n >= 1 && n <= 3 ? spotOf(range(12 * n - 11, 12 * n), 2n) : outOfRange;
      default:
        return n >= 1 && n <= 3
          ? spotOf(
              range(1, 36).filter((x) => x % 3 === n % 3),
              2n,
            )
          : outOfRange;
    }
  }
  const pair = /^(split|corner):([^-]*)-([^-]*)$/.exec(spot);
  if (!pair) {
    return new SpotError(spot.startsWith('trio:') ? 'SPOT_OUT_OF_RANGE' : 'UNKNOWN_SPOT', spot);
  }
  const a = spotNumber(spot, pair[2]!);
  if (a instanceof SpotError) return a;
  const b = spotNumber(spot, pair[3]!);
  if (b instanceof SpotError) return b;
  if (a > 36 || b > 36) return new SpotError('SPOT_OUT_OF_RANGE', spot);
  if (a > b) return new SpotError('SPOT_NOT_CANONICAL', spot);
  const notAdjacent = new SpotError('SPOT_NOT_ADJACENT', spot);
  if (pair[1] === 'split') {
    const touching = a === 0 ? b <= 3 : (b === a + 1 && a % 3 !== 0) || b === a + 3;
    return touching && a !== b ? spotOf([a, b], 17n) : notAdjacent;
  }
  return a >= 1 && b === a + 4 && a % 3 !== 0 ? spotOf([a, a + 1, a + 3, a + 4], 8n) : notAdjacent;
}

/**
 * What a roulette bet returns, stake included: (pays + 1) x stake when the number is covered, else 0.
 * Examples, stake 10.0000 on 17: straight:17 360.0000, split:17-20 180.0000, street:16 120.0000, corner:13-17
 * 90.0000, line:13 60.0000, dozen:2 30.0000, column:2 30.0000, black 20.0000, odd 20.0000, low 20.0000; on 0 every
 * even-money, dozen and column bet returns 0.
 */
export function rouletteReturn(spot: RouletteSpot, outcome: RouletteOutcome, amount: bigint): bigint {
  return spot.numbers.has(outcome.number) ? amount * (spot.pays + 1n) : 0n;
}

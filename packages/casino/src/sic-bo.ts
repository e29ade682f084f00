import { type DealOptions, RoundStream, roundContext } from './rng';
import { returnOf, SpotError, spotNumber } from './spot';

export interface SicBoOutcome {
  /** Three dice, 1-6 each, in the order rolled. */
  dice: [number, number, number];
  total: number;
  /** All three dice the same. */
  triple: boolean;
}

export function playSicBo(dice: readonly [number, number, number]): SicBoOutcome {
  if (!dice.every((die) => Number.isInteger(die) && die >= 1 && die <= 6)) throw new RangeError('a die shows 1-6');
  const [a, b, c] = dice;
  return { dice: [a, b, c], total: a + b + c, triple: a === b && b === c };
}

/** Deals a round: three independent uniform dice. */
export function dealSicBo(seed: string, table: string, round: number, options: DealOptions = {}): SicBoOutcome {
  const stream = new RoundStream(seed, roundContext('sic_bo', table, round), options.hmac);
  return playSicBo([stream.int(6) + 1, stream.int(6) + 1, stream.int(6) + 1]);
}

/**
 * The sic bo paytable, "x to 1" (what a win pays on top of the stake back). This is the common Asian-casino table as
 * published for example in BCLC PlayNow's and many Macau-style online rules pages; houses vary (some pay totals
 * 50/18/14/12/8/6/6, triples 150 and any triple 24), so the rules page shows this table from here.
 *
 * | spot                  | wins when                                  | pays            |
 * |-----------------------|--------------------------------------------|-----------------|
 * | big / small           | total 11-17 / 4-10, and not a triple       | 1:1             |
 * | odd / even            | the total is odd / even, and not a triple  | 1:1             |
 * | total:4, total:17     | the total                                  | 60:1            |
 * | total:5, total:16     |                                            | 30:1            |
 * | total:6, total:15     |                                            | 17:1            |
 * | total:7, total:14     |                                            | 12:1            |
 * | total:8, total:13     |                                            | 8:1             |
 * | total:9..12           |                                            | 6:1             |
 * | triple:N (N = 1-6)    | all three dice show N                      | 180:1           |
 * | any_triple            | all three dice the same                    | 30:1            |
 * | double:N (N = 1-6)    | at least two dice show N                   | 10:1            |
 * | single:N (N = 1-6)    | one / two / three dice show N              | 1:1 / 2:1 / 3:1 |
 * Totals count triples too (3-3-3 wins total:9). Totals 3 and 18 can only be triples and are not offered.
 */
export const SIC_BO_TOTAL_PAYS: Readonly<Record<number, bigint>> = {
  4: 60n,
  5: 30n,
  6: 17n,
  7: 12n,
  8: 8n,
  9: 6n,
  10: 6n,
  11: 6n,
  12: 6n,
  13: 8n,
  14: 12n,
  15: 17n,
  16: 30n,
  17: 60n,
};
export const SIC_BO_SPECIFIC_TRIPLE_PAYS = 180n;
export const SIC_BO_ANY_TRIPLE_PAYS = 30n;
export const SIC_BO_DOUBLE_PAYS = 10n;

export type SicBoSpot =
  | { kind: 'big' | 'small' | 'odd' | 'even' | 'any_triple' }
  | { kind: 'total'; total: number }
  | { kind: 'triple' | 'double' | 'single'; face: number };

export function parseSicBoSpot(spot: string): SicBoSpot | SpotError {
  if (spot === 'big' || spot === 'small' || spot === 'odd' || spot === 'even' || spot === 'any_triple') {
    return { kind: spot };
  }
  const match = /^(total|triple|double|single):(.*)$/.exec(spot);
  if (!match) return new SpotError('UNKNOWN_SPOT', spot);
  const kind = match[1] as 'total' | 'triple' | 'double' | 'single';
  const value = spotNumber(spot, match[2]!);
  if (value instanceof SpotError) return value;
  if (kind === 'total') return value >= 4 && value <= 17 ? { kind, total: value } : outOfRange(spot);
  return value >= 1 && value <= 6 ? { kind, face: value } : outOfRange(spot);
}

function outOfRange(spot: string) {
  return new SpotError('SPOT_OUT_OF_RANGE', spot);
}

/**
 * What a sic bo bet returns, stake included: (pays + 1) x stake on a win, 0 on a loss.
 * Examples, stake 10.0000, dice 2-2-5 (total 9): small 20.0000, odd 20.0000, total:9 70.0000, double:2 110.0000,
 * single:2 30.0000, single:5 20.0000, big 0; dice 4-4-4: big 0, even 0, any_triple 310.0000, triple:4 1810.0000.
 */
export function sicBoReturn(spot: SicBoSpot, outcome: SicBoOutcome, amount: bigint): bigint {
  const pays = (multiple: bigint, won: boolean) => (won ? returnOf(amount, multiple + 1n) : 0n);
  const { total, triple, dice } = outcome;
  const count = (face: number) => dice.filter((die) => die === face).length;
  switch (spot.kind) {
    case 'big':
      return pays(1n, !triple && total >= 11);
    case 'small':
      return pays(1n, !triple && total <= 10);
    case 'odd':
      return pays(1n, !triple && total % 2 === 1);
    case 'even':
      return pays(1n, !triple && total % 2 === 0);
    case 'total':
      return pays(SIC_BO_TOTAL_PAYS[spot.total] ?? 0n, total === spot.total);
    case 'any_triple':
      return pays(SIC_BO_ANY_TRIPLE_PAYS, triple);
    case 'triple':
      return pays(SIC_BO_SPECIFIC_TRIPLE_PAYS, count(spot.face) === 3);
    case 'double':
      return pays(SIC_BO_DOUBLE_PAYS, count(spot.face) >= 2);
    case 'single': {
      const hits = count(spot.face);
      return pays(BigInt(hits), hits > 0);
    }
  }
}

import { betLines, type Outcome, parseOdds, type SettledLeg } from '@jinb/odds';
import { describe, expect, it } from 'vitest';
import { betTurnover, DEFAULT_MIN_TURNOVER_ODDS, lineTurnover } from './valid-turnover';

const odds = (text: string) => {
  const parsed = parseOdds(text);
  if (!parsed.ok) throw new Error(`bad odds ${text}`);
  return parsed.value;
};
/** "1.95 win" -> a settled leg. */
const leg = (text: string): SettledLeg => {
  const [price = '', outcome = ''] = text.split(' ');
  return { odds: odds(price), outcome: outcome as Outcome };
};
const STAKE = 1_000_000n; // 100.0000

type Row = [name: string, legs: string[], expected: string];

// Stake 100 on one line; the default minimum odds 1.50.
const LINES: Row[] = [
  ['single won at 1.95: the stake', ['1.95 win'], '100'],
  ['single lost at 1.95: the stake', ['1.95 lose'], '100'],
  ['single void: nothing', ['1.95 void'], '0'],
  ['single half won: half', ['1.95 half_win'], '50'],
  ['single half lost: half', ['1.95 half_lose'], '50'],
  ['single at exactly 1.50 counts', ['1.50 win'], '100'],
  ['single at 1.49 does not', ['1.49 lose'], '0'],
  ['single at 1.4999 does not', ['1.4999 win'], '0'],
  ['half result below the minimum: nothing', ['1.30 half_win'], '0'],
  ['parlay won: the stake', ['1.95 win', '2.10 win'], '100'],
  ['parlay lost on one leg: the stake', ['1.95 win', '2.10 lose'], '100'],
  ['parlay of two legs below 1.50 that combine above it counts', ['1.25 win', '1.25 win'], '100'],
  ['parlay 1.20 x 1.25 = 1.50 exactly counts', ['1.20 win', '1.25 win'], '100'],
  ['parlay 1.20 x 1.2499 = 1.49988 does not', ['1.20 win', '1.2499 lose'], '0'],
  ['parlay with a void leg counts by the others', ['1.95 win', '3.00 void'], '100'],
  ['void leg leaves a line below the minimum: nothing', ['1.40 win', '3.00 void'], '0'],
  ['parlay of void legs: nothing', ['1.95 void', '2.00 void'], '0'],
  ['parlay with one half leg: half', ['1.95 half_win', '2.00 win'], '50'],
  ['parlay with two half legs: a quarter', ['1.95 half_win', '2.00 half_lose'], '25'],
  ['three half legs: an eighth', ['1.95 half_win', '2.00 half_lose', '1.80 half_win'], '12.5'],
  ['half leg and a void leg: half', ['1.95 half_lose', '1.90 void'], '50'],
];

const money = (value: bigint) => {
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

describe('valid turnover of a line', () => {
  it.each(LINES)('%s', (_name, legs, expected) => {
    expect(money(lineTurnover(STAKE, legs.map(leg), DEFAULT_MIN_TURNOVER_ODDS))).toBe(expected);
  });

  it('truncates an odd stake halved to scale 4', () => {
    expect(lineTurnover(3n, [leg('2.00 half_win')], DEFAULT_MIN_TURNOVER_ODDS)).toBe(1n);
    expect(lineTurnover(100_001n, [leg('2.00 half_win'), leg('2.00 half_win')], DEFAULT_MIN_TURNOVER_ODDS)).toBe(
      25_000n,
    );
  });

  it('follows a configured minimum', () => {
    expect(lineTurnover(STAKE, [leg('1.95 win')], odds('2.00'))).toBe(0n);
    expect(lineTurnover(STAKE, [leg('1.10 win')], odds('1.01'))).toBe(STAKE);
  });
});

describe('valid turnover of a bet', () => {
  it('adds up the lines of a 2/3 system: lines under the minimum or all void count nothing', () => {
    const lines = betLines('system', 3, '2/3');
    if (!lines.ok) throw new Error('2/3');
    // Lines: (1.95, 1.20) = 2.34 counts; (1.95, void) = 1.95 counts; (1.20, void) = 1.20 does not.
    const legs = [leg('1.95 win'), leg('1.20 lose'), leg('2.50 void')];
    expect(betTurnover(STAKE, legs, lines.lines, DEFAULT_MIN_TURNOVER_ODDS)).toBe(2n * STAKE);
  });

  it('counts a Yankee line by line with half legs', () => {
    const lines = betLines('system', 4, 'yankee');
    if (!lines.ok) throw new Error('yankee');
    // 11 lines of 2, 3 and 4 legs out of four legs, leg 0 half won: the 3 doubles, 3 trebles and the four-fold with
    // leg 0 count half (7 lines), the other 4 in full.
    const legs = [leg('1.95 half_win'), leg('2.00 win'), leg('1.80 lose'), leg('2.20 win')];
    expect(betTurnover(STAKE, legs, lines.lines, DEFAULT_MIN_TURNOVER_ODDS)).toBe(4n * STAKE + (7n * STAKE) / 2n);
  });
});

import { describe, expect, it } from 'vitest';
import { parseRouletteSpot, playRoulette, RED_NUMBERS, type RouletteSpot, rouletteReturn } from './roulette';
import { SpotError } from './spot';

const ten = 100_000n;
const spotOf = (spot: string) => {
  const parsed = parseRouletteSpot(spot);
  if (parsed instanceof SpotError) throw parsed;
  return parsed;
};
const covered = (spot: string) => [...spotOf(spot).numbers].sort((a, b) => a - b);
const returnOn = (spot: string, number: number) => rouletteReturn(spotOf(spot), playRoulette(number), ten);
const code = (spot: string) => {
  const parsed = parseRouletteSpot(spot);
  return parsed instanceof SpotError ? parsed.code : 'ok';
};

describe('the wheel', () => {
  it('has the 18 standard red numbers, 18 black and a green 0', () => {
    expect([...RED_NUMBERS].sort((a, b) => a - b)).toEqual([
      1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
    ]);
    expect(playRoulette(0).color).toBe('green');
    expect(playRoulette(10).color).toBe('black');
    expect(playRoulette(19).color).toBe('red');
    expect(() => playRoulette(37)).toThrow(RangeError);
  });
});

describe('inside bets', () => {
  it('pays straight 35:1 on its number only, 0 included', () => {
    expect(returnOn('straight:17', 17)).toBe(36n * ten);
    expect(returnOn('straight:17', 18)).toBe(0n);
    expect(returnOn('straight:0', 0)).toBe(36n * ten);
    expect(returnOn('straight:36', 36)).toBe(36n * ten);
  });

  it('pays split 17:1 on either number of a touching pair', () => {
    expect(covered('split:17-20')).toEqual([17, 20]);
    expect(returnOn('split:17-20', 20)).toBe(18n * ten);
    expect(returnOn('split:17-18', 17)).toBe(18n * ten);
    expect(returnOn('split:0-2', 0)).toBe(18n * ten);
    expect(returnOn('split:17-20', 19)).toBe(0n);
  });

  it('accepts exactly the 60 splits of the layout', () => {
    let count = 0;
    for (let a = 0; a <= 36; a++) for (let b = a + 1; b <= 36; b++) if (code(`split:${a}-${b}`) === 'ok') count++;
    // 24 in the rows, 33 in the columns, 3 with 0.
    expect(count).toBe(60);
    expect(code('split:3-4')).toBe('SPOT_NOT_ADJACENT');
    expect(code('split:1-5')).toBe('SPOT_NOT_ADJACENT');
    expect(code('split:0-4')).toBe('SPOT_NOT_ADJACENT');
    expect(code('split:17-17')).toBe('SPOT_NOT_ADJACENT');
    expect(code('split:20-17')).toBe('SPOT_NOT_CANONICAL');
    expect(code('split:34-37')).toBe('SPOT_OUT_OF_RANGE');
  });

  it('pays street and trio 11:1 on their three numbers', () => {
    expect(covered('street:13')).toEqual([13, 14, 15]);
    expect(returnOn('street:13', 15)).toBe(12n * ten);
    expect(returnOn('street:13', 16)).toBe(0n);
    expect(covered('trio:0-1-2')).toEqual([0, 1, 2]);
    expect(covered('trio:0-2-3')).toEqual([0, 2, 3]);
    expect(returnOn('trio:0-2-3', 0)).toBe(12n * ten);
    expect(code('street:14')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('street:37')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('trio:0-1-3')).toBe('SPOT_OUT_OF_RANGE');
  });

  it('pays corner and first four 8:1 on their four numbers', () => {
    expect(covered('corner:1-5')).toEqual([1, 2, 4, 5]);
    expect(covered('corner:32-36')).toEqual([32, 33, 35, 36]);
    expect(returnOn('corner:13-17', 17)).toBe(9n * ten);
    expect(returnOn('corner:13-17', 15)).toBe(0n);
    expect(covered('first_four')).toEqual([0, 1, 2, 3]);
    expect(returnOn('first_four', 0)).toBe(9n * ten);
    let count = 0;
    for (let a = 1; a <= 36; a++) if (code(`corner:${a}-${a + 4}`) === 'ok') count++;
    expect(count).toBe(22);
    expect(code('corner:3-7')).toBe('SPOT_NOT_ADJACENT');
    expect(code('corner:1-4')).toBe('SPOT_NOT_ADJACENT');
    expect(code('corner:0-4')).toBe('SPOT_NOT_ADJACENT');
    expect(code('corner:5-1')).toBe('SPOT_NOT_CANONICAL');
  });

  it('pays a six line 5:1 on its two rows', () => {
    expect(covered('line:1')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(covered('line:31')).toEqual([31, 32, 33, 34, 35, 36]);
    expect(returnOn('line:13', 18)).toBe(6n * ten);
    expect(returnOn('line:13', 19)).toBe(0n);
    expect(code('line:34')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('line:2')).toBe('SPOT_OUT_OF_RANGE');
  });
});

describe('outside bets', () => {
  it('pays dozens and columns 2:1', () => {
    expect(covered('dozen:2')).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(covered('column:1')).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(covered('column:3')).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(returnOn('dozen:3', 36)).toBe(3n * ten);
    expect(returnOn('column:2', 17)).toBe(3n * ten);
    expect(code('dozen:0')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('column:4')).toBe('SPOT_OUT_OF_RANGE');
  });

  it('pays red, black, odd, even, low and high 1:1', () => {
    expect([returnOn('red', 1), returnOn('black', 1), returnOn('red', 2), returnOn('black', 2)]).toEqual([
      2n * ten,
      0n,
      0n,
      2n * ten,
    ]);
    expect([returnOn('odd', 17), returnOn('even', 17), returnOn('low', 18), returnOn('high', 18)]).toEqual([
      2n * ten,
      0n,
      2n * ten,
      0n,
    ]);
    expect(returnOn('high', 19)).toBe(2n * ten);
    expect(covered('black')).toHaveLength(18);
  });

  it('loses every even-money, dozen and column bet on 0', () => {
    for (const spot of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen:1', 'column:1', 'column:2', 'column:3']) {
      expect(returnOn(spot, 0)).toBe(0n);
    }
  });

  it('pays the worked example on 17', () => {
    const spots = ['straight:17', 'split:17-20', 'street:16', 'corner:13-17', 'line:13', 'dozen:2', 'column:2'];
    expect(spots.map((spot) => returnOn(spot, 17))).toEqual([
      3_600_000n,
      1_800_000n,
      1_200_000n,
      900_000n,
      600_000n,
      300_000n,
      300_000n,
    ]);
    expect(['black', 'odd', 'low', 'red'].map((spot) => returnOn(spot, 17))).toEqual([
      200_000n,
      200_000n,
      200_000n,
      0n,
    ]);
  });

  it('has a house edge of 1/37 on every bet kind: each covers n numbers and pays 36/n - 1', () => {
    const spots = ['straight:5', 'split:5-8', 'street:4', 'trio:0-1-2', 'corner:4-8', 'first_four', 'line:4', 'dozen:1']
      .concat(['column:1', 'red', 'black', 'odd', 'even', 'low', 'high'])
      .map((spot) => spotOf(spot) as RouletteSpot);
    for (const spot of spots) expect(BigInt(spot.numbers.size) * (spot.pays + 1n)).toBe(36n);
  });
});

describe('unknown spots', () => {
  it('gives stable codes', () => {
    expect(code('banker')).toBe('UNKNOWN_SPOT');
    expect(code('straight:x')).toBe('UNKNOWN_SPOT');
    expect(code('straight:')).toBe('UNKNOWN_SPOT');
    expect(code('straight:37')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('straight:07')).toBe('SPOT_NOT_CANONICAL');
    expect(code('split:1-2-3')).toBe('UNKNOWN_SPOT');
    expect(code('toString')).toBe('UNKNOWN_SPOT');
    expect(code('__proto__')).toBe('UNKNOWN_SPOT');
  });
});

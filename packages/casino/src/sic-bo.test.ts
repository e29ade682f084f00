import { describe, expect, it } from 'vitest';
import { parseSicBoSpot, playSicBo, type SicBoSpot, sicBoReturn } from './sic-bo';
import { SpotError } from './spot';

const ten = 100_000n;
const returnOn = (spot: string, dice: [number, number, number], amount = ten) =>
  sicBoReturn(parseSicBoSpot(spot) as SicBoSpot, playSicBo(dice), amount);

describe('playSicBo', () => {
  it('adds the dice and spots triples', () => {
    expect(playSicBo([2, 2, 5])).toEqual({ dice: [2, 2, 5], total: 9, triple: false });
    expect(playSicBo([4, 4, 4])).toEqual({ dice: [4, 4, 4], total: 12, triple: true });
    expect(() => playSicBo([0, 1, 2])).toThrow(RangeError);
    expect(() => playSicBo([1, 2, 7])).toThrow(RangeError);
  });
});

describe('big, small, odd, even', () => {
  it.each([
    // dice, big, small, odd, even
    [[1, 1, 2], 0n, 2n, 0n, 2n],
    [[1, 2, 3], 0n, 2n, 0n, 2n],
    [[2, 3, 5], 0n, 2n, 0n, 2n],
    [[1, 4, 6], 2n, 0n, 2n, 0n],
    [[5, 6, 6], 2n, 0n, 2n, 0n],
    [[4, 6, 6], 2n, 0n, 0n, 2n],
    [[1, 3, 5], 0n, 2n, 2n, 0n],
    // Triples lose all four, whatever the total.
    [[1, 1, 1], 0n, 0n, 0n, 0n],
    [[3, 3, 3], 0n, 0n, 0n, 0n],
    [[4, 4, 4], 0n, 0n, 0n, 0n],
    [[6, 6, 6], 0n, 0n, 0n, 0n],
  ] as [[number, number, number], bigint, bigint, bigint, bigint][])('%j', (dice, big, small, odd, even) => {
    expect([returnOn('big', dice), returnOn('small', dice), returnOn('odd', dice), returnOn('even', dice)]).toEqual([
      big * ten,
      small * ten,
      odd * ten,
      even * ten,
    ]);
  });
});

describe('totals', () => {
  const pays: Record<number, bigint> = {
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
  // A roll for each total 4-17.
  const rolls: Record<number, [number, number, number]> = {
    4: [1, 1, 2],
    5: [1, 2, 2],
    6: [1, 2, 3],
    7: [1, 2, 4],
    8: [1, 3, 4],
    9: [2, 3, 4],
    10: [2, 3, 5],
    11: [2, 4, 5],
    12: [3, 4, 5],
    13: [3, 4, 6],
    14: [3, 5, 6],
    15: [4, 5, 6],
    16: [4, 6, 6],
    17: [5, 6, 6],
  };
  for (let total = 4; total <= 17; total++) {
    it(`total:${total} pays ${pays[total]}:1 on ${total} and nothing on ${total === 17 ? 16 : total + 1}`, () => {
      expect(returnOn(`total:${total}`, rolls[total]!)).toBe((pays[total]! + 1n) * ten);
      expect(returnOn(`total:${total}`, rolls[total === 17 ? 16 : total + 1]!)).toBe(0n);
    });
  }

  it('counts a triple toward its total', () => {
    expect(returnOn('total:9', [3, 3, 3])).toBe(7n * ten);
    expect(returnOn('total:6', [2, 2, 2])).toBe(18n * ten);
  });
});

describe('triples, doubles, singles', () => {
  it('pays a specific triple 180:1 only on its face, any triple 30:1 on any', () => {
    expect(returnOn('triple:4', [4, 4, 4])).toBe(181n * ten);
    expect(returnOn('triple:4', [5, 5, 5])).toBe(0n);
    expect(returnOn('triple:4', [4, 4, 5])).toBe(0n);
    for (let face = 1; face <= 6; face++) expect(returnOn('any_triple', [face, face, face])).toBe(31n * ten);
    expect(returnOn('any_triple', [4, 4, 5])).toBe(0n);
  });

  it('pays a specific double 10:1 on two or three of the face', () => {
    expect(returnOn('double:2', [2, 2, 5])).toBe(11n * ten);
    expect(returnOn('double:2', [2, 5, 2])).toBe(11n * ten);
    expect(returnOn('double:2', [2, 2, 2])).toBe(11n * ten);
    expect(returnOn('double:2', [2, 5, 5])).toBe(0n);
  });

  it('pays a single number 1:1, 2:1 or 3:1 by how many dice show it', () => {
    expect(returnOn('single:5', [1, 2, 3])).toBe(0n);
    expect(returnOn('single:5', [5, 2, 3])).toBe(2n * ten);
    expect(returnOn('single:5', [5, 2, 5])).toBe(3n * ten);
    expect(returnOn('single:5', [5, 5, 5])).toBe(4n * ten);
  });

  it('pays the worked example of the doc comment', () => {
    const dice: [number, number, number] = [2, 2, 5];
    const spots = ['small', 'odd', 'total:9', 'double:2', 'single:2', 'single:5', 'big'];
    expect(spots.map((spot) => returnOn(spot, dice))).toEqual([
      200_000n,
      200_000n,
      700_000n,
      1_100_000n,
      300_000n,
      200_000n,
      0n,
    ]);
    // Stakes of 0.0001 pay whole multiples: nothing to truncate at sic bo.
    expect(returnOn('triple:4', [4, 4, 4], 1n)).toBe(181n);
  });
});

describe('parseSicBoSpot', () => {
  const code = (spot: string) => {
    const parsed = parseSicBoSpot(spot);
    return parsed instanceof SpotError ? parsed.code : 'ok';
  };
  it('knows every spot and gives stable codes for the rest', () => {
    for (const spot of ['big', 'small', 'odd', 'even', 'any_triple', 'total:4', 'total:17', 'triple:1', 'double:6']) {
      expect(code(spot)).toBe('ok');
    }
    expect(code('single:3')).toBe('ok');
    expect(code('total:3')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('total:18')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('triple:0')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('double:7')).toBe('SPOT_OUT_OF_RANGE');
    expect(code('single:05')).toBe('SPOT_NOT_CANONICAL');
    expect(code('total:')).toBe('UNKNOWN_SPOT');
    expect(code('total:x')).toBe('UNKNOWN_SPOT');
    expect(code('banker')).toBe('UNKNOWN_SPOT');
    expect(code('combo:1-2')).toBe('UNKNOWN_SPOT');
  });
});

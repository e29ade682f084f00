import { describe, expect, test } from 'vitest';
import { beadPlate, bigRoadColumns, derivedRoad, layout, nextMark, runs, type TwoSidedResult, width } from './roads';

/** "aab.t" style: a and b the two sides, t a tie. */
const seq = (text: string): TwoSidedResult[] =>
  [...text].map((letter) => (letter === 't' ? 'tie' : (letter as 'a' | 'b')));
const lengths = (text: string) => bigRoadColumns(seq(text)).map((column) => column.length);
const marks = (text: string, k: 1 | 2 | 3) =>
  derivedRoad(bigRoadColumns(seq(text)), k)
    .map((mark) => (mark === 'red' ? 'R' : 'B'))
    .join('');

describe('big road', () => {
  test.each([
    ['', []],
    ['a', [1]],
    ['aaab', [3, 1]],
    ['abab', [1, 1, 1, 1]],
    ['aaabbabbba', [3, 2, 1, 3, 1]],
    // A tie starts nothing.
    ['aatab', [3, 1]],
  ])('%s has columns %j', (text, expected) => {
    expect(lengths(text)).toEqual(expected);
  });

  test('ties are counted on the hand before them, leading ties on the first hand', () => {
    const columns = bigRoadColumns(seq('ttabttta'));
    expect(columns.map((column) => column.map((cell) => [cell.side, cell.ties, cell.index]))).toEqual([
      [['a', 2, 2]],
      [['b', 3, 3]],
      [['a', 0, 7]],
    ]);
  });
});

describe('derived roads', () => {
  // Columns 3, 2, 1, 3, 1, worked by hand from the rules in roads.ts.
  const road = 'aaabbabbba';
  test.each([
    [1, 'RBBBRB'],
    [2, 'BRBB'],
    [3, 'RRR'],
  ] as const)('k = %i on columns 3,2,1,3,1 gives %s', (k, expected) => {
    expect(marks(road, k)).toBe(expected);
  });

  test('a ping-pong road (single columns) is all red on every derived road', () => {
    const pingPong = 'abababababab';
    expect(marks(pingPong, 1)).toBe('R'.repeat(10));
    expect(marks(pingPong, 2)).toBe('R'.repeat(9));
    expect(marks(pingPong, 3)).toBe('R'.repeat(8));
  });

  test('a long run (长龙) gives nothing until the second column has two hands; then red as it keeps going', () => {
    expect(marks('aaaaaaaa', 1)).toBe('');
    expect(marks('aaaaaaaab', 1)).toBe('');
    expect(marks('aaaaaaaabb', 1)).toBe('R');
    expect(marks('aaaaaaaabbb', 1)).toBe('RR');
  });

  test('直落 broken: the column beside is one short, blue; two short (齐脚), red again', () => {
    // Columns 2, 4: at row 2 column 0 is 2 long (blue), at row 3 it ended earlier (red).
    expect(marks('aabbbb', 1)).toBe('RBR');
  });

  test('the small road starts at column 2 row 1, or column 3 when column 2 has one hand', () => {
    // Column 0 ended just above row 1 of column 2: blue.
    expect(marks('abaa', 2)).toBe('B');
    expect(marks('aba', 2)).toBe('');
    expect(marks('abab', 2)).toBe('R');
  });

  test('ties change no derived road', () => {
    expect(marks('aatabbtabbbta', 1)).toBe(marks('aaabbabbba', 1));
  });

  test('问路: what banker or player next would add', () => {
    const results = seq(road);
    expect(nextMark(results, 'a', 1)).toBe(derivedRoad(bigRoadColumns([...results, 'a']), 1).at(-1));
    expect(nextMark(results, 'b', 1)).toBe('blue');
    expect(nextMark(results, 'a', 1)).toBe('red');
    expect(nextMark(seq('a'), 'a', 1)).toBeNull();
  });
});

describe('layout', () => {
  test('a run longer than the board turns right along the bottom row', () => {
    const placed = layout([Array(8).fill('a')]);
    expect(placed.map(({ col, row }) => [col, row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
  });

  test('the next run starts beside it and turns right above the tail', () => {
    const placed = layout([Array(8).fill('a'), Array(7).fill('b')]);
    const second = placed.slice(8).map(({ col, row }) => [col, row]);
    expect(second).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    expect(width(placed)).toBe(4);
  });

  test('bead plate fills down columns of six', () => {
    const placed = beadPlate(seq('aabbtaab'));
    expect(placed.map(({ col, row }) => [col, row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
      [1, 1],
    ]);
  });

  test('runs group equal marks', () => {
    expect(runs(['red', 'red', 'blue', 'red'])).toEqual([['red', 'red'], ['blue'], ['red']]);
  });
});

/**
 * Roads (路单) of a two-sided game, computed from its results in the order they were dealt. Pure functions: the table
 * page draws what they return, the table tests pin the standard rules.
 *
 * - Bead plate (珠盘路): every result, ties included, filled down columns of six.
 * - Big road (大路): a new column each time the winning side changes; a tie starts nothing and is counted on the last
 *   cell (ties before the first decided hand count on that first cell). A column longer than the board, or one that
 *   runs into an earlier column's tail, turns right along its last free row (the "dragon tail").
 * - Derived roads (大眼仔 k = 1, 小路 k = 2, 曱甴路 k = 3) read the big road's logical columns (the runs, not where
 *   they were drawn). For the hand at column c, row r: at the top of a new column (r = 0), red when columns c - 1
 *   and c - 1 - k are equally long, else blue; further down (r >= 1), blue exactly when column c - k is r long (it
 *   ends just above: "直落" broken), red otherwise (it still has a cell beside this one, or it ended earlier, "齐脚").
 *   A road starts at column k row 1 (or column k + 1 row 0 when column k has one hand), where there is first
 *   something to compare with. Its red/blue marks are drawn the big road's way: a new column on each change.
 */

/** The two sides of the game: banker/player for baccarat, dragon/tiger for dragon tiger. */
export type Side = 'a' | 'b';
export type TwoSidedResult = Side | 'tie';

export type BigRoadCell = {
  side: Side;
  /** Ties dealt after this hand (or before it, for the first cell), before the next decided hand. */
  ties: number;
  /** Where the hand sits in the results (its index), for the pair marks. */
  index: number;
};

/** The big road's logical columns: one per run of one side. */
export function bigRoadColumns(results: readonly TwoSidedResult[]): BigRoadCell[][] {
  const columns: BigRoadCell[][] = [];
  let leadingTies = 0;
  for (const [index, result] of results.entries()) {
    const column = columns.at(-1);
    const last = column?.at(-1);
    if (result === 'tie') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    const cell: BigRoadCell = { side: result, ties: leadingTies, index };
    leadingTies = 0;
    if (column && last && last.side === result) column.push(cell);
    else columns.push([cell]);
  }
  return columns;
}

export type DerivedMark = 'red' | 'blue';

/** The derived road k (1 大眼仔, 2 小路, 3 曱甴路) as the marks in order, from the big road's columns. */
export function derivedRoad(columns: readonly (readonly unknown[])[], k: 1 | 2 | 3): DerivedMark[] {
  const marks: DerivedMark[] = [];
  for (let c = k; c < columns.length; c++) {
    const length = columns[c]!.length;
    for (let r = 0; r < length; r++) {
      if (r === 0) {
        if (c - 1 - k < 0) continue;
        marks.push(columns[c - 1]!.length === columns[c - 1 - k]!.length ? 'red' : 'blue');
      } else {
        marks.push(columns[c - k]!.length === r ? 'blue' : 'red');
      }
    }
  }
  return marks;
}

/** Runs of equal marks, as the columns a derived road is drawn in. */
export function runs<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (const item of items) {
    const column = out.at(-1);
    if (column && column[0] === item) column.push(item);
    else out.push([item]);
  }
  return out;
}

export type Placed<T> = { col: number; row: number; item: T };

/**
 * Where each cell of the logical columns is drawn on a board `rows` high: down its column while the next cell is free,
 * else to the right along the same row (the dragon tail). A column starts at the first free top cell after the
 * previous column's start.
 */
export function layout<T>(columns: readonly (readonly T[])[], rows = 6): Placed<T>[] {
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col}:${row}`;
  const placed: Placed<T>[] = [];
  let start = -1;
  for (const column of columns) {
    start++;
    while (taken.has(key(start, 0))) start++;
    let col = start;
    let row = 0;
    for (const [i, item] of column.entries()) {
      if (i > 0) {
        if (row + 1 < rows && !taken.has(key(col, row + 1))) row++;
        else col++;
      }
      taken.add(key(col, row));
      placed.push({ col, row, item });
    }
  }
  return placed;
}

/** The bead plate: every result, down columns of `rows`. */
export function beadPlate<T>(results: readonly T[], rows = 6): Placed<T>[] {
  return results.map((item, index) => ({ col: Math.floor(index / rows), row: index % rows, item }));
}

/** How many columns a board needs (0 for none). */
export function width(placed: readonly Placed<unknown>[]): number {
  return placed.reduce((most, cell) => Math.max(most, cell.col + 1), 0);
}

/**
 * What the next hand would add to a derived road if it went to `side`: the 问路 a member reads before betting (null
 * while the road has not started).
 */
export function nextMark(results: readonly TwoSidedResult[], side: Side, k: 1 | 2 | 3): DerivedMark | null {
  const before = derivedRoad(bigRoadColumns(results), k).length;
  const after = derivedRoad(bigRoadColumns([...results, side]), k);
  return after.length > before ? after.at(-1)! : null;
}

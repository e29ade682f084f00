/**
 * Handicap and total lines as integers in quarter units: "-0.25" is -1, "2.75" is 11, "+1" is 4, "230.5" is 922.
 * A line is whole (a multiple of 4: a push is possible), half (2 mod 4: never a push) or quarter (odd: half the stake
 * goes on each neighbouring half line, so the bet can win or lose half).
 */
export type Line = number;

/** Largest line the book takes, either way: 1000 (basketball totals reach the 200s, tennis games the 60s). */
export const MAX_LINE: Line = 4000;

export type LineKind = 'whole' | 'half' | 'quarter';

export type ParseLineError = 'format' | 'step' | 'range';
export type ParseLineResult = { ok: true; value: Line } | { ok: false; error: ParseLineError };

const LINE = /^([+-])?(\d{1,4})(?:\.(\d{1,2}))?$/;
const QUARTERS: Record<string, number> = { '': 0, '0': 0, '00': 0, '25': 1, '5': 2, '50': 2, '75': 3 };

/** Reads "-0.25", "2.75", "+1", "0", "230.5". Anything that is not a multiple of 0.25 is a step error. */
export function parseLine(input: unknown): ParseLineResult {
  if (typeof input !== 'string') return { ok: false, error: 'format' };
  const match = LINE.exec(input.trim());
  if (!match) return { ok: false, error: 'format' };
  const [, sign, whole = '0', fraction = ''] = match;
  const quarter = QUARTERS[fraction];
  if (quarter === undefined) return { ok: false, error: 'step' };
  const magnitude = Number(whole) * 4 + quarter;
  if (magnitude > MAX_LINE) return { ok: false, error: 'range' };
  return { ok: true, value: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

/** The wire form: "-0.25", "2.5", "1", "0"; a minus sign only, and only the decimals the line needs. */
export function formatLine(line: Line): string {
  assertLine(line);
  const magnitude = Math.abs(line);
  const fraction = ['', '.25', '.5', '.75'][magnitude % 4];
  return `${line < 0 ? '-' : ''}${Math.floor(magnitude / 4)}${fraction}`;
}

export function lineKind(line: Line): LineKind {
  assertLine(line);
  const rest = Math.abs(line) % 4;
  return rest === 0 ? 'whole' : rest === 2 ? 'half' : 'quarter';
}

/**
 * The lines a stake is really on: a quarter line is its two neighbours half a goal apart, lower first, each taking half
 * the stake (-0.25 -> [-0.5, 0], 2.75 -> [2.5, 3]); a whole or half line is itself.
 */
export function splitLine(line: Line): [Line] | [Line, Line] {
  return lineKind(line) === 'quarter' ? [line - 1, line + 1] : [line];
}

function assertLine(line: Line): void {
  if (!Number.isInteger(line) || Math.abs(line) > MAX_LINE) throw new RangeError(`not a line in quarters: ${line}`);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLine, lineKind, MAX_LINE, parseLine, splitLine } from './lines';

const line = (text: string) => {
  const parsed = parseLine(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

describe('parseLine', () => {
  it('reads whole, half and quarter lines in quarter units', () => {
    expect(parseLine('-0.25')).toEqual({ ok: true, value: -1 });
    expect(parseLine('2.75')).toEqual({ ok: true, value: 11 });
    expect(parseLine('+1')).toEqual({ ok: true, value: 4 });
    expect(parseLine('0')).toEqual({ ok: true, value: 0 });
    expect(parseLine('-0')).toEqual({ ok: true, value: 0 });
    expect(parseLine('230.5')).toEqual({ ok: true, value: 922 });
    expect(parseLine('-1.50')).toEqual({ ok: true, value: -6 });
    expect(parseLine('3.00')).toEqual({ ok: true, value: 12 });
  });

  it('refuses steps that are not quarters, lines beyond 1000 and anything else', () => {
    for (const text of ['0.1', '2.3', '0.05', '-0.2', '0.55'])
      expect(parseLine(text)).toEqual({ ok: false, error: 'step' });
    expect(parseLine('1.125')).toEqual({ ok: false, error: 'format' });
    expect(parseLine('1000.25')).toEqual({ ok: false, error: 'range' });
    expect(parseLine('1000')).toEqual({ ok: true, value: MAX_LINE });
    for (const bad of ['', 'abc', '1e2', '.5', '1.', '--1', 0.5, null])
      expect(parseLine(bad)).toEqual({ ok: false, error: 'format' });
  });
});

describe('formatLine', () => {
  it('writes the shortest decimal with a minus sign only', () => {
    expect([-1, 11, 4, 0, 2, -6, 922].map(formatLine)).toEqual(['-0.25', '2.75', '1', '0', '0.5', '-1.5', '230.5']);
  });

  it('round-trips every line', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_LINE, max: MAX_LINE }), (value) => {
        expect(parseLine(formatLine(value))).toEqual({ ok: true, value });
      }),
    );
  });
});

describe('lineKind and splitLine', () => {
  it('tells whole, half and quarter lines apart', () => {
    expect(['0', '-1', '2.5', '-0.5', '-0.25', '2.75', '0.25', '-1.75'].map((text) => lineKind(line(text)))).toEqual([
      'whole',
      'whole',
      'half',
      'half',
      'quarter',
      'quarter',
      'quarter',
      'quarter',
    ]);
  });

  it('splits a quarter line into the two lines half a goal apart, lower first', () => {
    const split = (text: string) => splitLine(line(text)).map(formatLine);
    expect(split('-0.25')).toEqual(['-0.5', '0']);
    expect(split('2.75')).toEqual(['2.5', '3']);
    expect(split('0.25')).toEqual(['0', '0.5']);
    expect(split('-0.75')).toEqual(['-1', '-0.5']);
    expect(split('2.25')).toEqual(['2', '2.5']);
    expect(split('2.5')).toEqual(['2.5']);
    expect(split('-1')).toEqual(['-1']);
  });

  it('gives each quarter line one whole and one half neighbour around it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_LINE / 4, max: MAX_LINE / 4 - 1 }), (whole) => {
        for (const value of [whole * 4 + 1, whole * 4 + 3]) {
          const [low, high] = splitLine(value);
          expect(high! - low!).toBe(2);
          expect((low! + high!) / 2).toBe(value);
          expect([lineKind(low!), lineKind(high!)].sort()).toEqual(['half', 'whole']);
        }
      }),
    );
  });

  it('refuses values that are not integers of quarters', () => {
    expect(() => formatLine(0.5)).toThrow(RangeError);
    expect(() => lineKind(MAX_LINE + 1)).toThrow(RangeError);
  });
});

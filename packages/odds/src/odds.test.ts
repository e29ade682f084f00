import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOdds, MAX_ODDS, MIN_ODDS, parseOdds } from './odds';

describe('parseOdds', () => {
  it('reads decimal odds exactly at scale 4', () => {
    expect(parseOdds('2.05')).toEqual({ ok: true, value: 20_500n });
    expect(parseOdds('2')).toEqual({ ok: true, value: 20_000n });
    expect(parseOdds('1.9375')).toEqual({ ok: true, value: 19_375n });
    expect(parseOdds(' 1.01 ')).toEqual({ ok: true, value: MIN_ODDS });
    expect(parseOdds('1000')).toEqual({ ok: true, value: MAX_ODDS });
  });

  it('refuses a fifth decimal instead of rounding it', () => {
    expect(parseOdds('1.95001')).toEqual({ ok: false, error: 'precision' });
    expect(parseOdds('2.00000')).toEqual({ ok: false, error: 'precision' });
  });

  it('refuses prices below 1.01 and above 1000', () => {
    for (const text of ['1', '1.00', '1.0099', '0.5', '1000.0001', '5000', '12345678']) {
      expect(parseOdds(text)).toEqual({ ok: false, error: 'range' });
    }
  });

  it('refuses numbers, signs, exponents and anything that is not a plain decimal', () => {
    for (const bad of [2.05, 2, 20500n, '', '-2.05', '+2.05', '2e1', '2,05', '2.', '.5', 'abc', null, undefined, {}]) {
      expect(parseOdds(bad)).toEqual({ ok: false, error: 'format' });
    }
  });
});

describe('formatOdds', () => {
  it('prints at least 2 decimals and the 3rd and 4th only when needed', () => {
    expect(formatOdds(20_500n)).toBe('2.05');
    expect(formatOdds(20_000n)).toBe('2.00');
    expect(formatOdds(19_375n)).toBe('1.9375');
    expect(formatOdds(19_550n)).toBe('1.955');
    expect(formatOdds(MIN_ODDS)).toBe('1.01');
    expect(formatOdds(MAX_ODDS)).toBe('1000.00');
  });

  it('round-trips every offerable price through parseOdds', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }), (odds) => {
        expect(parseOdds(formatOdds(odds))).toEqual({ ok: true, value: odds });
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { BIGINT_MAX, formatAmount, MAX_AMOUNT, parseAmount } from './amount';

describe('parseAmount', () => {
  it('reads decimal strings exactly at scale 4', () => {
    expect(parseAmount('12.3456')).toEqual({ ok: true, value: 123456n });
    expect(parseAmount('100')).toEqual({ ok: true, value: 1_000_000n });
    expect(parseAmount('0.1')).toEqual({ ok: true, value: 1000n });
    expect(parseAmount('-5.5')).toEqual({ ok: true, value: -55000n });
    expect(parseAmount(7)).toEqual({ ok: true, value: 70000n });
  });

  it('refuses more than 4 decimals instead of rounding', () => {
    expect(parseAmount('0.00001')).toEqual({ ok: false, error: 'precision' });
    expect(parseAmount(0.1)).toEqual({ ok: false, error: 'precision' });
  });

  it('refuses exponents, floats beyond 2^53 and huge values', () => {
    expect(parseAmount('1e309')).toEqual({ ok: false, error: 'format' });
    expect(parseAmount(Number.POSITIVE_INFINITY)).toEqual({ ok: false, error: 'range' });
    expect(parseAmount('9007199254740993')).toEqual({ ok: false, error: 'range' });
    expect(parseAmount(2 ** 53 + 1)).toEqual({ ok: false, error: 'range' });
    expect(parseAmount('99999999999999999')).toEqual({ ok: false, error: 'range' });
  });

  it('accepts the largest amount and nothing above it', () => {
    expect(parseAmount('100000000000')).toEqual({ ok: true, value: MAX_AMOUNT });
    expect(parseAmount('100000000000.0001')).toEqual({ ok: false, error: 'range' });
    expect(parseAmount('1000000000000000')).toEqual({ ok: false, error: 'range' });
  });

  it('keeps the largest amount, and a thousand of them added up, inside a database BIGINT', () => {
    expect(MAX_AMOUNT * 1000n).toBeLessThan(BIGINT_MAX);
  });

  it('refuses non-numeric input', () => {
    for (const bad of ['', 'abc', '1,000', '1.', '.5', '--1', ' ', null, undefined, {}, [], true]) {
      expect(parseAmount(bad).ok).toBe(false);
    }
  });
});

describe('formatAmount', () => {
  it('prints 4 decimals and keeps the sign', () => {
    expect(formatAmount(12345600n)).toBe('1234.5600');
    expect(formatAmount(0n)).toBe('0.0000');
    expect(formatAmount(-1n)).toBe('-0.0001');
  });

  it('round-trips with parseAmount', () => {
    for (const text of ['0.0001', '999999.9999', '-42.0000', '100000000000.0000']) {
      const parsed = parseAmount(text);
      expect(parsed.ok && formatAmount(parsed.value)).toBe(text);
    }
  });
});

import { describe, expect, test } from 'vitest';
import { sanitizeAmountInput } from './amount-input';

describe('a money box', () => {
  test('keeps digits and one point with at most 2 decimals, full-width digits and 。 included', () => {
    expect(sanitizeAmountInput('１０。５')).toBe('10.5');
    expect(sanitizeAmountInput('12.345')).toBe('12.34');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('abc-7')).toBe('7');
    expect(sanitizeAmountInput('¥1,000')).toBe('1000');
  });

  test('drops leading zeros and writes a bare point as 0.', () => {
    expect(sanitizeAmountInput('007')).toBe('7');
    expect(sanitizeAmountInput('0')).toBe('0');
    expect(sanitizeAmountInput('.5')).toBe('0.5');
    expect(sanitizeAmountInput('10.')).toBe('10.');
  });

  test('keeps at most 12 whole digits, or as many as the box allows', () => {
    expect(sanitizeAmountInput('12345678901234.5')).toBe('123456789012.5');
    expect(sanitizeAmountInput('1234567890', 9)).toBe('123456789');
  });
});

import { describe, expect, test } from 'vitest';
import { withdrawPasswordDigits } from './WithdrawPasswordItem';

describe('the withdraw password field', () => {
  test('keeps at most 6 digits', () => {
    expect(withdrawPasswordDigits('12a34 5678')).toBe('123456');
  });
});

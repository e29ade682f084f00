import { describe, expect, test } from 'vitest';
import { cardFaceNumber, groupCardNumber } from './card-format';

describe('card number input', () => {
  test('keeps digits only, groups them by 4 and stops at 19', () => {
    expect(groupCardNumber('6222-0212 3456a7890')).toBe('6222 0212 3456 7890');
    expect(groupCardNumber('62220212345678901234567')).toBe('6222 0212 3456 7890 123');
    expect(groupCardNumber(undefined)).toBe('');
  });

  test('a masked number is spread like a printed card; anything else is left alone', () => {
    expect(cardFaceNumber('6222****0123')).toBe('6222 **** **** 0123');
    expect(cardFaceNumber('62****23')).toBe('62****23');
  });
});

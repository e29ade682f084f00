import { describe, expect, test } from 'vitest';
import { cardFaceNumber, groupCardNumber, isAlipayAccount, isUsdtAddress } from './card-format';

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

describe('account formats', () => {
  test('USDT addresses must match the chosen network', () => {
    expect(isUsdtAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isUsdtAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isUsdtAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isUsdtAddress('TRC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    // Base58 has no 0, O, I or l.
    expect(isUsdtAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
  });

  test('Alipay accounts are a mainland mobile or an e-mail', () => {
    expect(isAlipayAccount('13800138000')).toBe(true);
    expect(isAlipayAccount('pay@example.com')).toBe(true);
    expect(isAlipayAccount('12800138000')).toBe(false);
    expect(isAlipayAccount('abc')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  accountNoProblem,
  isAlipayAccount,
  isBankCardNumber,
  isUsdtAddress,
  maskAccountNo,
  normalizedAccountNo,
} from './account-formats';
import { bindCardBody } from './wallet';

describe('withdrawal account formats', () => {
  it('checks bank card numbers and Alipay accounts', () => {
    expect(isBankCardNumber('6222021234567890123')).toBe(true);
    expect(isBankCardNumber('62220212345')).toBe(false);
    expect(isAlipayAccount('13800138000')).toBe(true);
    expect(isAlipayAccount('pay@example.com')).toBe(true);
    expect(isAlipayAccount('12800138000')).toBe(false);
    expect(isAlipayAccount('abc')).toBe(false);
  });

  it('matches a USDT address to its network (base58 has no 0, O, I or l)', () => {
    expect(isUsdtAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isUsdtAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isUsdtAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isUsdtAddress('TRC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isUsdtAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
  });

  it('stores card numbers without spaces and addresses as typed', () => {
    expect(normalizedAccountNo('bank', ' 6222 0212 3456 7890 ')).toBe('6222021234567890');
    expect(normalizedAccountNo('usdt', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
  });

  it('masks all but the ends', () => {
    expect(maskAccountNo('6222021234567890123')).toBe('6222****0123');
    expect(maskAccountNo('13800138')).toBe('13****38');
  });

  it('names the problem of an account number that does not fit its kind', () => {
    expect(accountNoProblem('bank', '6222 0212 3456 7890', '')).toBeNull();
    expect(accountNoProblem('bank', '6222', '')).toBe('BANK_CARD_FORMAT');
    expect(accountNoProblem('alipay', 'hello', '')).toBe('ALIPAY_FORMAT');
    expect(accountNoProblem('usdt', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'erc20')).toBeNull();
    expect(accountNoProblem('usdt', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'BTC')).toBe('USDT_ADDRESS_INVALID');
  });

  it('refuses a bind request whose account does not fit, with that problem as the error code', () => {
    const parsed = bindCardBody.safeParse({ kind: 'alipay', accountNo: 'hello', holderName: '张三', password: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('ALIPAY_FORMAT');
    expect(
      bindCardBody.safeParse({ kind: 'alipay', accountNo: '13800138000', holderName: '张三', password: 'x' }).success,
    ).toBe(true);
  });
});

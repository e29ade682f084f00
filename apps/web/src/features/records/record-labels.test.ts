import '../../shared/i18n/i18n';
import { describe, expect, test } from 'vitest';
import { i18next } from '../../shared/i18n/i18n';
import { accountLabel, codeLabel, referenceLabel, signedMoney } from './record-labels';
import './records.locale';

const t = i18next.getFixedT(null, 'records');

describe('record labels', () => {
  test('amounts carry their sign and direction, truncated to 2 decimals', () => {
    expect(signedMoney('100.0099')).toEqual({ text: '+¥100.00', direction: 'in' });
    expect(signedMoney('-0.5090')).toEqual({ text: '-¥0.50', direction: 'out' });
    expect(signedMoney('0.0040')).toEqual({ text: '¥0.00', direction: 'none' });
  });

  test('accounts read as words, venues by their name', () => {
    const venues = new Map([['house', '金币娱乐']]);
    expect(accountLabel('main', t, venues)).toBe('中心钱包');
    expect(accountLabel('frozen', t, venues)).toBe('冻结资金');
    expect(accountLabel('venue:house', t, venues)).toBe('金币娱乐钱包');
    expect(accountLabel('venue:ag', t, venues)).toBe('ag钱包');
    expect(accountLabel('house:deposits', t, venues)).toBe('充值渠道');
    expect(accountLabel('house:venue:house', t, venues)).toBe('金币娱乐');
  });

  test('a code the site does not know yet falls back to its record type', () => {
    expect(codeLabel('withdraw_unfreeze', 'withdraw', t)).toBe('提现退回');
    expect(codeLabel('rebate', 'bonus', t)).toBe('优惠');
  });

  test('only references to the member’s own orders are shown', () => {
    expect(referenceLabel('withdrawal:12', t)).toBe('提现订单 12');
    expect(referenceLabel('venue-transfer:3', t)).toBe('转账订单 3');
    expect(referenceLabel('member:1', t)).toBeNull();
  });
});

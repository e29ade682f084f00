import '../../shared/i18n/i18n';
import { describe, expect, test } from 'vitest';
import { i18next } from '../../shared/i18n/i18n';
import { accountLabel, codeLabel, reversed, signedMoney } from './record-labels';
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
    expect(codeLabel('lottery_win', 'bonus', t)).toBe('优惠');
  });

  test('each reward programme’s money says which programme paid it', () => {
    expect(codeLabel('rebate', 'bonus', t)).toBe('返水');
    expect(codeLabel('vip_bonus', 'bonus', t)).toBe('VIP 礼金');
    expect(codeLabel('task_reward', 'bonus', t)).toBe('任务奖励');
    expect(codeLabel('code_bonus', 'bonus', t)).toBe('兑换码奖励');
    expect(codeLabel('commission', 'bonus', t)).toBe('佣金');
  });

  test('a bet’s movements read as sports betting: the stake, the payout and a corrected payout taken back', () => {
    expect(codeLabel('bet_stake', 'bet', t)).toBe('体育投注');
    expect(codeLabel('bet_payout', 'bet', t)).toBe('体育派彩');
    expect(codeLabel('bet_reverse', 'bet', t)).toBe('派彩冲正');
    expect(codeLabel('bet_settle', 'bet', t)).toBe('体育投注');
    expect(accountLabel('bets', t)).toBe('未结算注单');
    expect(accountLabel('house:sportsbook', t)).toBe('金币体育');
  });

  test('a withdrawal event reads as 提现, its ledger legs by what each did', () => {
    expect(codeLabel('withdraw', 'withdraw', t)).toBe('提现');
    expect(codeLabel('withdraw_freeze', 'withdraw', t)).toBe('提现冻结');
  });

  test('money that came back is neither income nor spending', () => {
    expect(reversed('refused')).toBe(true);
    expect(reversed('cancelled')).toBe(true);
    expect(reversed('failed')).toBe(true);
    expect(reversed('pending')).toBe(false);
    expect(reversed('completed')).toBe(false);
  });
});

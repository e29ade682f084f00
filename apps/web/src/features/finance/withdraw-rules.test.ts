import type { WithdrawInfo } from '@jinb/contract';
import { describe, expect, it } from 'vitest';
import {
  citesTurnoverMultiple,
  withdrawAllUnits,
  withdrawAmountProblem,
  withdrawBlocked,
  withdrawFeeRule,
  withdrawQuote,
} from './withdraw-rules';

const info = (change: Partial<WithdrawInfo> = {}): WithdrawInfo => ({
  balance: '1000.0000',
  min: '100.0000',
  max: '50000.0000',
  dailyCount: 5,
  dailyAmount: '200000.0000',
  remainingCount: 5,
  remainingAmount: '200000.0000',
  feeRate: '1',
  feeFixed: '2.0000',
  flowMultiple: '1',
  unmetTurnover: '0.0000',
  passwordEnabled: true,
  passwordSet: true,
  ...change,
});

describe('withdraw amount rules', () => {
  it('says nothing about an empty box until the member submits', () => {
    expect(withdrawAmountProblem(info(), '', false)).toBeNull();
    expect(withdrawAmountProblem(info(), '', true)).toEqual({ key: 'withdraw.amountRequired' });
  });

  it('checks the minimum, the maximum, the balance, what today leaves and the fee, in that order', () => {
    expect(withdrawAmountProblem(info(), '99.99', false)?.key).toBe('amountBelowMin');
    expect(withdrawAmountProblem(info({ balance: '90000' }), '50000.01', false)?.key).toBe('amountAboveMax');
    expect(withdrawAmountProblem(info(), '1000.01', false)?.key).toBe('amountAboveBalance');
    expect(withdrawAmountProblem(info({ remainingAmount: '500.0000' }), '600', false)?.key).toBe(
      'withdraw.aboveRemaining',
    );
    expect(withdrawAmountProblem(info({ feeFixed: '150.0000' }), '120', false)?.key).toBe('withdraw.feeTooHigh');
    expect(withdrawAmountProblem(info(), '1000', false)).toBeNull();
  });

  it('shows limits as money in the message', () => {
    expect(withdrawAmountProblem(info(), '1', false)?.values?.min).toMatch(/100\.00$/);
  });

  it('quotes the fee the server charges and what arrives', () => {
    // 1% of 500 plus 2 fixed.
    expect(withdrawQuote(info(), '500')).toEqual({ units: 5_000_000n, fee: 70_000n, arrives: 4_930_000n });
    expect(withdrawQuote(info(), '')).toEqual({ units: null, fee: null, arrives: null });
  });

  it('fills "all" with the smallest of balance, maximum and what today leaves', () => {
    expect(withdrawAllUnits(info())).toBe(10_000_000n);
    expect(withdrawAllUnits(info({ remainingAmount: '300.0000' }))).toBe(3_000_000n);
    expect(withdrawAllUnits(info({ balance: '90000', max: '50000.0000' }))).toBe(500_000_000n);
  });

  it('blocks on unmet turnover first, then on no withdrawal left today', () => {
    expect(withdrawBlocked(info())).toBeNull();
    expect(withdrawBlocked(info({ remainingCount: 0 }))).toBe('dailyCount');
    expect(withdrawBlocked(info({ remainingCount: 0, unmetTurnover: '10.0000' }))).toBe('turnover');
  });

  it('describes the fee rule before an amount is typed', () => {
    expect(withdrawFeeRule(info({ feeRate: '0', feeFixed: '0.0000' }))).toEqual({ key: 'withdraw.free' });
    expect(withdrawFeeRule(info({ feeRate: '0.00' })).key).toBe('withdraw.feeRuleFixed');
    expect(withdrawFeeRule(info({ feeFixed: '0.0000' }))).toEqual({
      key: 'withdraw.feeRuleRate',
      values: { rate: '1' },
    });
    expect(withdrawFeeRule(info()).key).toBe('withdraw.feeRule');
    expect(citesTurnoverMultiple(info({ flowMultiple: '0.00' }))).toBe(false);
    expect(citesTurnoverMultiple(info())).toBe(true);
  });
});

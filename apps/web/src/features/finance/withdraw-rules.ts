import type { WithdrawInfo } from '@jinb/contract';
import { inputToUnits, minUnits, money, wireToUnits, withdrawalFee } from './amount';

/** A message key of the finance namespace and what it interpolates (amounts already shown as money). */
export type Said = { key: string; values?: Record<string, string | number> };

/** The amount box as the rules read it: the typed amount, what the server would charge, and what the member gets. */
export type WithdrawQuote = { units: bigint | null; fee: bigint | null; arrives: bigint | null };

export function withdrawQuote(info: WithdrawInfo, amountText: string): WithdrawQuote {
  const units = inputToUnits(amountText);
  const fee = units === null ? null : withdrawalFee(units, info.feeRate, info.feeFixed);
  const arrives = units === null || fee === null ? null : units > fee ? units - fee : 0n;
  return { units, fee, arrives };
}

/**
 * Why this amount cannot be withdrawn, in the order the member should fix things, or null when it can (the server
 * applies the same rules again). `attempted`: the member pressed submit, so an empty box is now a problem too.
 */
export function withdrawAmountProblem(info: WithdrawInfo, amountText: string, attempted: boolean): Said | null {
  const { units, fee } = withdrawQuote(info, amountText);
  if (units === null) return amountText || attempted ? { key: 'withdraw.amountRequired' } : null;
  if (units < wireToUnits(info.min)) return { key: 'amountBelowMin', values: { min: money(info.min) } };
  if (units > wireToUnits(info.max)) return { key: 'amountAboveMax', values: { max: money(info.max) } };
  if (units > wireToUnits(info.balance)) return { key: 'amountAboveBalance' };
  if (units > wireToUnits(info.remainingAmount)) return { key: 'withdraw.aboveRemaining' };
  if (fee !== null && fee >= units) return { key: 'withdraw.feeTooHigh' };
  return null;
}

/** Why nothing can be withdrawn today whatever the amount: unmet turnover, or no withdrawal left today. */
export function withdrawBlocked(info: WithdrawInfo): 'turnover' | 'dailyCount' | null {
  if (wireToUnits(info.unmetTurnover) > 0n) return 'turnover';
  if (info.remainingCount <= 0) return 'dailyCount';
  return null;
}

/** The most the member may withdraw now: the balance, the single maximum and what today's limit leaves. */
export function withdrawAllUnits(info: WithdrawInfo): bigint {
  return minUnits(wireToUnits(info.balance), wireToUnits(info.max), wireToUnits(info.remainingAmount));
}

const isZero = (text: string) => /^0+(\.0+)?$/.test(text);

/** How the fee is charged, said before an amount is typed. */
export function withdrawFeeRule(info: WithdrawInfo): Said {
  const fixed = wireToUnits(info.feeFixed);
  const rated = info.feeRate !== '' && !isZero(info.feeRate);
  if (!rated && fixed === 0n) return { key: 'withdraw.free' };
  if (!rated) return { key: 'withdraw.feeRuleFixed', values: { fixed: money(info.feeFixed) } };
  if (fixed === 0n) return { key: 'withdraw.feeRuleRate', values: { rate: info.feeRate } };
  return { key: 'withdraw.feeRule', values: { rate: info.feeRate, fixed: money(info.feeFixed) } };
}

/** Whether today's turnover multiple is worth citing beside an unmet requirement (it is only when it applies). */
export function citesTurnoverMultiple(info: WithdrawInfo): boolean {
  return !isZero(info.flowMultiple);
}

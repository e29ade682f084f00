import { type Card, type DepositOrder, maskAccountNo, type Withdrawal } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { CardRow } from './cards/cards.repository';
import type { DepositOrderRow } from './deposit/deposit.repository';
import type { WithdrawalRow } from './withdraw/withdraw.repository';

/** What a card shows; the withdrawal call answers with these columns only. */
export type CardView = Pick<
  CardRow,
  'id' | 'kind' | 'bankCode' | 'bankName' | 'branch' | 'holderName' | 'accountNo' | 'network' | 'createdAt'
>;
export type WithdrawalView = Pick<
  WithdrawalRow,
  'id' | 'amount' | 'fee' | 'status' | 'reason' | 'createdAt' | 'updatedAt'
>;

/** Row -> wire shapes. Amounts leave as decimal strings; account numbers leave masked. */
export function toCard(row: CardView): Card {
  return {
    id: row.id.toString(),
    kind: row.kind as Card['kind'],
    bankCode: row.bankCode,
    bankName: row.bankName,
    branch: row.branch,
    holderName: row.holderName,
    accountNo: maskAccountNo(row.accountNo),
    network: row.network,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDepositOrder(row: DepositOrderRow, kind: DepositOrder['kind'], rate: bigint | null): DepositOrder {
  return {
    id: row.id.toString(),
    channel: row.channelId,
    kind,
    amount: formatAmount(row.amount),
    payAmount: formatAmount(row.payAmount),
    coinAmount: row.coinAmount === null ? null : formatAmount(row.coinAmount),
    rate: rate === null ? null : formatAmount(rate),
    remark: row.remark,
    payee: row.payee as Record<string, string>,
    status: row.status as DepositOrder['status'],
    reason: row.reason,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWithdrawal(row: WithdrawalView, card: CardView): Withdrawal {
  return {
    id: row.id.toString(),
    amount: formatAmount(row.amount),
    fee: formatAmount(row.fee),
    actual: formatAmount(row.amount - row.fee),
    status: row.status as Withdrawal['status'],
    reason: row.reason,
    card: toCard(card),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

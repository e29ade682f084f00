import { z } from 'zod';
import { card, DEPOSIT_KINDS, withdrawal } from './wallet';

/** What the operator console receives from the money desk; the server's serializer enforces every one. */

const money = z.string();
const count = z.object({ count: z.number(), amount: money });

export const approvalView = z.object({
  id: z.string(),
  action: z.string(),
  target: z.string(),
  payload: z.unknown(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string(),
  result: z.unknown(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const adjustResult = z.object({
  /** Null while the adjustment waits for a second operator. */
  transferId: z.string().nullable(),
  replayed: z.boolean(),
  balance: money,
  approval: approvalView.nullable(),
});

export const memberWalletView = z.object({
  accounts: z.array(z.object({ kind: z.string(), balance: money })),
  turnover: z.object({ required: money, wagered: money }),
  entries: z.array(
    z.object({
      id: z.string(),
      account: z.string(),
      code: z.string(),
      amount: money,
      balanceAfter: money,
      reference: z.string(),
      memo: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const waiveResult = z.object({ waived: money });

export const adminDeposit = z.object({
  id: z.string(),
  memberId: z.string(),
  channel: z.string(),
  amount: money,
  payAmount: money,
  coinAmount: money.nullable(),
  remark: z.string(),
  status: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const adminWithdrawal = withdrawal.extend({ memberId: z.string(), card: card });

export const adminDepositChannel = z.object({
  id: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  name: z.string(),
  min: money,
  max: money,
  payee: z.record(z.string(), z.string()),
  tips: z.string(),
  sort: z.number(),
  active: z.boolean(),
});

export const depositPaymentView = z.object({
  id: z.string(),
  scope: z.string(),
  amount: money,
  reference: z.string(),
  status: z.string(),
  orderId: z.string().nullable(),
  note: z.string(),
  reason: z.string(),
  seenAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const daySummary = z.object({
  day: z.string(),
  deposits: count,
  withdrawals: count,
  net: money,
  pending: z.object({ deposits: z.number(), withdrawals: z.number(), venueTransfers: z.number() }),
});

export const ledgerCheckView = z.object({
  ok: z.boolean(),
  unbalancedTransfers: z.number(),
  mismatchedAccounts: z.number(),
  negativeMemberAccounts: z.number(),
  sumOfAllBalances: money,
  transfers: z.number(),
  entries: z.number(),
});

export const reconcileResult = z.object({
  checked: z.number(),
  confirmed: z.number(),
  failed: z.number(),
  stillPending: z.number(),
});
export type ApprovalView = z.infer<typeof approvalView>;

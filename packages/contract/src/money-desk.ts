import { parseAmount } from '@jinb/money';
import { z } from 'zod';
import { card, DEPOSIT_KINDS, DEPOSIT_STATUSES, WITHDRAW_STATUSES, withdrawal } from './wallet';

/** What the operator console receives from the money desk; the server's serializer enforces every one. */

const money = z.string();
const count = z.object({ count: z.number(), amount: money });

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** `matched` went to its order by itself; `unmatched` waits for an operator to assign or dismiss it. */
export const DEPOSIT_PAYMENT_STATUSES = ['matched', 'unmatched', 'assigned', 'dismissed'] as const;

/**
 * A list filter takes exactly the statuses its rows can have, or empty for all: a misspelt or guessed status
 * (`withdrawals?status=pending`) is refused rather than answered with an empty list that reads as "nothing waiting".
 */
function statusFilter<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.enum(['', ...statuses], { error: 'STATUS_UNKNOWN' });
}

export const approvalView = z.object({
  id: z.string(),
  action: z.string(),
  target: z.string(),
  payload: z.unknown(),
  status: z.enum(APPROVAL_STATUSES),
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
  status: z.enum(DEPOSIT_STATUSES),
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
  status: z.enum(DEPOSIT_PAYMENT_STATUSES),
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
export type DepositPaymentView = z.infer<typeof depositPaymentView>;

// What the console sends to the money desk.

/** A deposit, withdrawal or payment named in the path; anything but a positive number is not found. */
export const deskIdParams = z.object({ id: z.coerce.number().int().positive({ error: 'NOT_FOUND' }) });
/** Deposit orders by status; empty lists every status. */
export const depositListQuery = z.object({ status: statusFilter(DEPOSIT_STATUSES).default('') });
/** Withdrawals by status (`unhandled` is what waits for the desk); empty lists every status. */
export const withdrawalListQuery = z.object({ status: statusFilter(WITHDRAW_STATUSES).default('') });

const amountText = z.string().refine((value) => parseAmount(value).ok, { error: 'AMOUNT_INVALID' });

/** A deposit channel, new or changed (by id). */
export const depositChannelBody = z.object({
  id: z.string().regex(/^[a-z0-9_-]{2,40}$/),
  kind: z.enum(DEPOSIT_KINDS),
  name: z.string().min(1).max(40),
  min: amountText,
  max: amountText,
  payee: z.record(z.string().max(40), z.string().max(200)),
  tips: z.string().max(500).default(''),
  sort: z.number().int().default(0),
  active: z.boolean().default(true),
});

/** The day to sum up (platform time), today when left out. */
export const summaryQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** The member's order a queued payment is credited to. */
export const assignPaymentBody = z.object({ orderId: z.coerce.number().int().positive({ error: 'NOT_FOUND' }) });

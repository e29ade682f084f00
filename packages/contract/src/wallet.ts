import { parseAmount } from '@jinb/money';
import { z } from 'zod';
import { accountNoProblem, CARD_KINDS } from './account-formats';
import { isWireDateTime, wireDateTimeKey } from './date-range';
import { RECORD_TYPES } from './record-types';

/**
 * A member-entered amount: a decimal string with at most 2 decimals, > 0. Parsed to scale-4 units (bigint) on the
 * server; the site uses the same rules before sending.
 */
export const memberAmount = z
  .union([z.string(), z.number()], { error: 'AMOUNT_INVALID' })
  .transform((value, context) => {
    const text = String(value).trim();
    if (/^\d+\.\d{3,}$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'AMOUNT_PRECISION' });
      return z.NEVER;
    }
    const parsed = parseAmount(value);
    if (!parsed.ok || parsed.value <= 0n) {
      context.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
      return z.NEVER;
    }
    return parsed.value;
  });

/** An operator adjustment: signed, up to 4 decimals, never zero. */
export const signedAmount = z
  .union([z.string(), z.number()], { error: 'AMOUNT_INVALID' })
  .transform((value, context) => {
    const parsed = parseAmount(value);
    if (!parsed.ok || parsed.value === 0n) {
      context.addIssue({
        code: 'custom',
        message: parsed.ok ? 'AMOUNT_INVALID' : parsed.error === 'precision' ? 'AMOUNT_PRECISION' : 'AMOUNT_INVALID',
      });
      return z.NEVER;
    }
    return parsed.value;
  });

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

export const DEPOSIT_KINDS = ['bank', 'alipay', 'usdt_trc20', 'usdt_erc20'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const depositChannel = z.object({
  id: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  name: z.string(),
  min: money,
  max: money,
  tips: z.string(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

export const depositBody = z.object({
  channel: z.string().min(1, { error: 'CHANNEL_UNAVAILABLE' }).max(40),
  amount: memberAmount,
});

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected', 'expired'] as const;
export const depositOrder = z.object({
  id: z.string(),
  channel: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  amount: money,
  /** What to pay: for bank transfers the amount plus odd cents that identify the payment. */
  payAmount: money,
  /** USDT orders: the coin amount to send, at the locked rate. */
  coinAmount: money.nullable(),
  rate: money.nullable(),
  remark: z.string(),
  payee: z.record(z.string(), z.string()),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

/** The payment gateway's signed server-to-server callback (the server checks `sign`). */
export const depositCallbackBody = z.object({
  orderId: z.string().max(20),
  amount: z.string().max(30),
  reference: z.string().min(1).max(80),
  status: z.enum(['paid', 'failed']),
  sign: z.string().max(128),
});

export const WITHDRAW_PASSWORD_PATTERN = /^\d{6}$/;

/** The withdraw password travels RSA-encrypted like the login password; 6 digits once decrypted. */
export const withdrawPasswordBody = z.object({
  password: z.string({ error: 'REQUIRED_PASSWORD' }).min(1, { error: 'REQUIRED_PASSWORD' }).max(1024),
  oldPassword: z.string().max(1024).optional(),
  smsCode: z
    .string()
    .regex(/^\d{6}$/, { error: 'CODE_WRONG' })
    .optional(),
});

export const bindCardBody = z
  .object({
    kind: z.enum(CARD_KINDS, { error: 'BAD_REQUEST' }),
    bankCode: z.string().max(20).optional().default(''),
    branch: z.string().trim().max(60).optional().default(''),
    holderName: z.string().trim().max(30).optional().default(''),
    accountNo: z.string({ error: 'BAD_REQUEST' }).trim().min(1, { error: 'BAD_REQUEST' }).max(100),
    network: z.string().max(10).optional().default(''),
    password: z.string({ error: 'REQUIRED_PASSWORD' }).min(1, { error: 'REQUIRED_PASSWORD' }).max(1024),
  })
  .superRefine((body, context) => {
    const problem = accountNoProblem(body.kind, body.accountNo, body.network);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['accountNo'] });
  });

export const card = z.object({
  id: z.string(),
  kind: z.enum(CARD_KINDS),
  bankCode: z.string(),
  bankName: z.string(),
  branch: z.string(),
  holderName: z.string(),
  /** Masked: the last 4 characters show. */
  accountNo: z.string(),
  network: z.string(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof card>;

export const cardLimits = z.object({ bank: z.number().int(), alipay: z.number().int(), usdt: z.number().int() });

export const withdrawInfo = z.object({
  balance: money,
  min: money,
  max: money,
  dailyCount: z.number().int(),
  dailyAmount: money,
  remainingCount: z.number().int(),
  remainingAmount: money,
  feeRate: z.string().describe('percent, e.g. "1.5"'),
  feeFixed: money,
  flowMultiple: z.string(),
  unmetTurnover: money,
  passwordEnabled: z.boolean(),
  passwordSet: z.boolean(),
});
export type WithdrawInfo = z.infer<typeof withdrawInfo>;

export const withdrawBody = z.object({
  amount: memberAmount,
  cardId: z.coerce.number<string | number>({ error: 'CARD_NOT_FOUND' }).int().positive({ error: 'CARD_NOT_FOUND' }),
  password: z.string({ error: 'REQUIRED_PASSWORD' }).min(1, { error: 'REQUIRED_PASSWORD' }).max(1024),
});

export const WITHDRAW_STATUSES = ['unhandled', 'accepted', 'paid', 'refused', 'cancelled'] as const;
export const withdrawal = z.object({
  id: z.string(),
  amount: money,
  fee: money,
  /** What reaches the member's account: amount minus fee. */
  actual: money,
  status: z.enum(WITHDRAW_STATUSES),
  reason: z.string(),
  card: card,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const idBody = z.object({
  id: z.coerce.number<string | number>({ error: 'NOT_FOUND' }).int().positive({ error: 'NOT_FOUND' }),
});

export const transferBody = z.object({
  from: z.string().min(1, { error: 'VENUE_UNKNOWN' }).max(20),
  to: z.string().min(1, { error: 'VENUE_UNKNOWN' }).max(20),
  amount: memberAmount,
});

export const venueWallet = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  balance: money,
  /** A transfer to or from this venue is still waiting for the venue to confirm. */
  pending: money,
  maintenance: z.boolean(),
});
export type VenueWallet = z.infer<typeof venueWallet>;

export const transferResult = z.object({
  id: z.string(),
  status: z.enum(['confirmed', 'pending', 'failed']),
  main: money,
  venues: z.array(venueWallet),
});
export type TransferResult = z.infer<typeof transferResult>;

/** A records call's start or end: empty (no bound) or a real day and time, "YYYY-MM-DD[ HH:mm:ss]". */
export const recordTime = z
  .string()
  .max(19)
  .refine((text) => text === '' || isWireDateTime(text), { error: 'DATE_INVALID' })
  .optional()
  .default('');

/** A start after its end asks for nothing: refused rather than answered with an empty list that looks like no records. */
export function inOrder(range: { startTime: string; endTime: string }): boolean {
  return (
    range.startTime === '' || range.endTime === '' || wireDateTimeKey(range.startTime) <= wireDateTimeKey(range.endTime)
  );
}

export const recordsQuery = z
  .object({
    type: z
      .enum(['', ...RECORD_TYPES])
      .optional()
      .default(''),
    startTime: recordTime,
    endTime: recordTime,
    page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
    size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
  })
  .refine(inOrder, { error: 'DATE_INVALID', path: ['endTime'] });

/**
 * Where a business event stands: a withdrawal waits for review (pending), is being paid out (processing), then is
 * completed, refused or cancelled; a venue transfer is processing until the venue answers, then completed or failed
 * (its money back in the main wallet). Deposits, adjustments and bonuses are completed when they appear.
 */
export const RECORD_STATES = ['pending', 'processing', 'completed', 'refused', 'cancelled', 'failed'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/** One business event (a deposit, a withdrawal, a venue transfer, an adjustment), not one ledger leg. */
export const walletRecord = z.object({
  /** The event's first ledger entry; the detail call takes it. */
  id: z.string(),
  type: z.enum(RECORD_TYPES),
  /** What happened: deposit, withdraw, venue_out (main -> venue), venue_in (venue -> main), adjust or bonus. */
  code: z.string(),
  /** Signed, as the event moved the main wallet when it began: a withdrawal is negative even after it was paid. */
  amount: money,
  /** The main wallet once the event's last movement on it was made (a refused withdrawal: after the refund). */
  balanceAfter: money,
  account: z.string().describe('main, frozen or venue:<code>'),
  reference: z.string(),
  memo: z.string(),
  createdAt: z.string(),
  state: z.enum(RECORD_STATES),
  /** What the member reads and quotes, e.g. W20261123000042 (see formatOrderNo). */
  orderNo: z.string(),
});
export type WalletRecord = z.infer<typeof walletRecord>;

/** One ledger movement of an event, on the member's account it touched (the main wallet when it touched that). */
export const walletRecordLeg = z.object({
  code: z.string(),
  account: z.string(),
  amount: money,
  balanceAfter: money,
  createdAt: z.string(),
});
export type WalletRecordLeg = z.infer<typeof walletRecordLeg>;

export const walletRecordDetail = walletRecord.extend({
  balanceBefore: money,
  transferId: z.string(),
  counterparty: z.string(),
  /** Withdrawals: the fee kept and what reaches the member's account; null otherwise, and once refused or cancelled. */
  fee: money.nullable(),
  actual: money.nullable(),
  /** Why a withdrawal was refused, when the operator said. */
  reason: z.string(),
  legs: z.array(walletRecordLeg),
});
export type WalletRecordDetail = z.infer<typeof walletRecordDetail>;

export const myAssets = z.object({
  main: money,
  frozen: money,
  venues: z.array(venueWallet),
  total: money,
  recent: z.array(walletRecord),
});
export type MyAssets = z.infer<typeof myAssets>;

/**
 * An operator's reason for moving or refusing money: it is what an auditor reads later, so "-1", "NaN" or "..." will
 * not do. At least 4 characters, two of them letters (any script, so Chinese counts).
 */
export const operatorReason = z
  .string({ error: 'REASON_REQUIRED' })
  .trim()
  .max(200)
  .refine((text) => text.length >= 4 && (text.match(/\p{L}/gu)?.length ?? 0) >= 2, { error: 'REASON_REQUIRED' });

export const adjustBody = z.object({ amount: signedAmount, reason: operatorReason });
export const reasonBody = z.object({ reason: z.string().trim().max(200).optional().default('') });
export const requiredReasonBody = z.object({ reason: operatorReason });

export const walletSettings = z.object({
  flowMultiple: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
  withdrawMin: money,
  withdrawMax: money,
  withdrawDailyCount: z.number().int().min(0).max(1000),
  withdrawDailyAmount: money,
  withdrawFeeRate: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/),
  withdrawFeeFixed: money,
  depositExpiryMinutes: z.number().int().min(1).max(1440),
  /** Unpaid, unexpired deposit orders a member may hold at once. */
  depositPendingMax: z.number().int().min(1).max(20),
  /** Hours an expired order keeps its exact amount, so a late payment still finds it. */
  depositGraceHours: z.number().int().min(0).max(168),
  usdtRate: money.describe('yuan per USDT'),
  cardLimits: cardLimits,
  withdrawPasswordEnabled: z.boolean(),
  /** The largest manual adjustment, credit or debit, even with a second operator's approval. */
  adjustMax: money,
  /** Adjustments above this wait for a second operator's approval; left out of a save, it keeps its value. */
  adjustApprovalAbove: money.optional(),
});
export type WalletSettings = z.infer<typeof walletSettings>;

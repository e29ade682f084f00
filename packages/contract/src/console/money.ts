import { parseAmount } from '@jinb/money';
import { z } from 'zod';
import type { EndpointSpec } from '../endpoint-spec';
import {
  APPROVAL_STATUSES,
  adminDeposit,
  adminDepositChannel,
  adminWithdrawal,
  approvalView,
  DEPOSIT_PAYMENT_STATUSES,
  depositPaymentView,
} from '../money-desk';
import { MONEY_QUEUES } from '../realtime';
import { DEPOSIT_KINDS, DEPOSIT_STATUSES, WITHDRAW_STATUSES } from '../wallet';

/** The entries of money.paths.ts's calls in the endpoint table. */

const money = z.string();

/** One queue: how many items wait, and since when the oldest (null when empty). */
export const moneyQueueView = z.object({ count: z.number().int(), oldestAt: z.string().nullable() });

export const moneyQueuesView = z.object({
  /** A withdrawal waiting longer than this (WITHDRAW_SLA_MINUTES) is overdue. */
  withdrawSlaMinutes: z.number().int(),
  queues: z.record(z.enum(MONEY_QUEUES), moneyQueueView),
});
export type MoneyQueuesView = z.infer<typeof moneyQueuesView>;

const WITHDRAWAL_SORTS = ['createdAt', 'amount'] as const;
const DEPOSIT_SORTS = ['createdAt', 'amount'] as const;

const APPROVAL_SORTS = ['createdAt'] as const;
const PAYMENT_SORTS = ['seenAt', 'amount'] as const;
const CHANNEL_SORTS = ['sort', 'min', 'max'] as const;

// A page past the end answers no rows (and the total); a page or size that is not a whole number in range is refused.
const page = z.coerce.number<string | number>({ error: 'PAGE_INVALID' }).int({ error: 'PAGE_INVALID' }).min(1, {
  error: 'PAGE_INVALID',
});
const pageField = page.max(100_000, { error: 'PAGE_INVALID' }).default(1);
const pageSize = page.max(100, { error: 'PAGE_INVALID' }).default(20);
/** `field` or `-field` (descending) of the list's own fields; empty for the list's default order. */
const sortOf = (fields: readonly string[]) =>
  z
    .string()
    .regex(new RegExp(`^-?(${fields.join('|')})$|^$`), { error: 'SORT_UNKNOWN' })
    .optional()
    .default('');
/** An instant the console sends (ISO 8601), empty for no bound. */
const instant = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((value) => !value || !Number.isNaN(Date.parse(value)), { error: 'DATE_INVALID' });
/** An amount bound as typed ("100" or "100.50"), empty for no bound. */
const amountBound = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((value) => !value || (parseAmount(value).ok && !value.startsWith('-')), { error: 'AMOUNT_INVALID' });
/** A member's account as they typed it (accounts are stored lower-case); empty for every member. */
const account = z.string().trim().toLowerCase().max(32).optional().default('');
const id = z
  .string()
  .regex(/^\d{0,18}$/, { error: 'BAD_REQUEST' })
  .optional()
  .default('');

export const withdrawalDeskQuery = z.object({
  page: pageField,
  pageSize,
  /** `createdAt` or `amount`, `-` first for descending; the newest first without it. */
  sort: sortOf(WITHDRAWAL_SORTS),
  /** One status, or `queue` (unhandled and accepted: what the desk still owes), or empty for all. */
  status: z.enum(['', 'queue', ...WITHDRAW_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  account,
  id,
});

export const withdrawalDeskRow = adminWithdrawal.extend({
  account: z.string(),
  /** The member's main wallet and turnover now (the desk checks them before paying). */
  balance: money,
  turnoverRequired: money,
  turnoverWagered: money,
  /** Still in the queue (unhandled or accepted) and older than the SLA. */
  overdue: z.boolean(),
});
export type WithdrawalDeskRow = z.infer<typeof withdrawalDeskRow>;

export const depositDeskQuery = z.object({
  page: pageField,
  pageSize,
  sort: sortOf(DEPOSIT_SORTS),
  status: z.enum(['', ...DEPOSIT_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  account,
  id,
});

export const depositDeskRow = adminDeposit.extend({ account: z.string(), channelName: z.string() });
export type DepositDeskRow = z.infer<typeof depositDeskRow>;

/** Approval requests (four eyes), paged, the newest first; every status unless `status` names one. */
export const approvalDeskQuery = z.object({
  page: pageField,
  pageSize,
  sort: sortOf(APPROVAL_SORTS),
  status: z.enum(['', ...APPROVAL_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  /** The kind of request (`wallet.adjust`), empty for every kind. */
  action: z.string().trim().max(40).optional().default(''),
  /** The member a request is about, by account. */
  account,
  /** Requests filed by this operator (their id), empty for anyone's. */
  requestedBy: id,
  /** When the request was filed: from (inclusive) and to (exclusive). */
  from: instant,
  to: instant,
});
export type ApprovalDeskQuery = z.output<typeof approvalDeskQuery>;

/** Payments seen on the chain or a bank statement, paged; the newest first. */
export const paymentDeskQuery = z.object({
  page: pageField,
  pageSize,
  sort: sortOf(PAYMENT_SORTS),
  status: z.enum(['', ...DEPOSIT_PAYMENT_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  /** The chain txid or bank reference, or its start. */
  reference: z.string().trim().max(200).optional().default(''),
  /** When the payment was seen: from (inclusive) and to (exclusive). */
  from: instant,
  to: instant,
  /** The amount paid, both bounds inclusive. */
  amountMin: amountBound,
  amountMax: amountBound,
});
export type PaymentDeskQuery = z.output<typeof paymentDeskQuery>;

/** Deposit channels, paged; by `sort` (the order members see them) by default. */
export const channelDeskQuery = z.object({
  page: pageField,
  pageSize,
  sort: sortOf(CHANNEL_SORTS),
  kind: z.enum(['', ...DEPOSIT_KINDS], { error: 'BAD_REQUEST' }).default(''),
  /** `true` for the channels members see, `false` for the ones switched off, empty for both. */
  active: z.enum(['', 'true', 'false'], { error: 'STATUS_UNKNOWN' }).default(''),
  /** The channel's name or id, or a part of it. */
  name: z.string().trim().max(40).optional().default(''),
});
export type ChannelDeskQuery = z.output<typeof channelDeskQuery>;

export const moneyConsoleEndpoints = {
  adminMoneyQueues: { method: 'GET', response: moneyQueuesView },
  adminWithdrawalDesk: {
    method: 'GET',
    query: withdrawalDeskQuery,
    response: z.object({ rows: z.array(withdrawalDeskRow), total: z.number().int(), slaMinutes: z.number().int() }),
  },
  adminDepositDesk: {
    method: 'GET',
    query: depositDeskQuery,
    response: z.object({ rows: z.array(depositDeskRow), total: z.number().int() }),
  },
  adminApprovals: {
    method: 'GET',
    query: approvalDeskQuery,
    response: z.object({ rows: z.array(approvalView), total: z.number().int() }),
  },
  adminDepositPayments: {
    method: 'GET',
    query: paymentDeskQuery,
    response: z.object({ rows: z.array(depositPaymentView), total: z.number().int() }),
  },
  adminDepositChannels: {
    method: 'GET',
    query: channelDeskQuery,
    response: z.object({ rows: z.array(adminDepositChannel), total: z.number().int() }),
  },
} satisfies Record<string, EndpointSpec>;

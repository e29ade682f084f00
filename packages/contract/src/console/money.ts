import { z } from 'zod';
import type { EndpointSpec } from '../endpoint-spec';
import { adminDeposit, adminWithdrawal } from '../money-desk';
import { MONEY_QUEUES } from '../realtime';
import { DEPOSIT_STATUSES, WITHDRAW_STATUSES } from '../wallet';

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

const page = z.coerce.number<string | number>().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number<string | number>().int().min(1).max(100).default(20);
const sortOf = (fields: readonly string[]) =>
  z
    .string()
    .regex(new RegExp(`^-?(${fields.join('|')})$|^$`), { error: 'BAD_REQUEST' })
    .optional()
    .default('');
/** A member's account as they typed it (accounts are stored lower-case); empty for every member. */
const account = z.string().trim().toLowerCase().max(32).optional().default('');
const id = z
  .string()
  .regex(/^\d{0,18}$/, { error: 'BAD_REQUEST' })
  .optional()
  .default('');

export const withdrawalDeskQuery = z.object({
  page,
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
  page,
  pageSize,
  sort: sortOf(DEPOSIT_SORTS),
  status: z.enum(['', ...DEPOSIT_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  account,
  id,
});

export const depositDeskRow = adminDeposit.extend({ account: z.string(), channelName: z.string() });
export type DepositDeskRow = z.infer<typeof depositDeskRow>;

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
} satisfies Record<string, EndpointSpec>;

import { z } from 'zod';
import { fields } from './auth';
import type { EndpointSpec } from './endpoint-spec';
import {
  EXCLUSION_KINDS,
  LIMIT_KEYS,
  REALITY_MINUTES_RANGE,
  SESSION_MINUTES_RANGE,
  STATEMENT_MONTHS,
} from './protection-choices';
import { memberAmount } from './wallet';

/**
 * Player protection (issue 26): limits the member sets, a time-out or self-exclusion, the reality check and the
 * activity statement. The server enforces every limit where money moves; the site only shows and edits them.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

/** A raise (or removal) waiting its 24 hours, or waiting for the member's confirmation once they have passed. */
export const pendingLimit = z.object({
  /** The new value: an amount, minutes for `sessionMinutes`; null removes the limit. */
  value: z.union([money, z.number().int(), z.null()]),
  requestedAt: z.string(),
  /** ISO time from which the member may confirm it. */
  effectiveAt: z.string(),
  /** Whether `effectiveAt` has passed: the site offers 确认生效. */
  confirmable: z.boolean(),
});
export type PendingLimit = z.infer<typeof pendingLimit>;

/** How much of a period's limit is used and when the period starts again. */
export const limitUsage = z.object({ used: money, resetsAt: z.string() });
export type LimitUsage = z.infer<typeof limitUsage>;

/**
 * GET /member/limits. The fixed names at the top level hold what is in force now (null: no limit). `pending` holds
 * raises and removals by key; `usage` what the periods have used (deposits and net loss).
 */
export const limitsView = z.object({
  depositDay: money.nullable(),
  depositWeek: money.nullable(),
  depositMonth: money.nullable(),
  lossDay: money.nullable(),
  lossWeek: money.nullable(),
  lossMonth: money.nullable(),
  stakeMax: money.nullable(),
  sessionMinutes: z.number().int().nullable(),
  /** The reality check's interval in minutes; null: off. Not a limit: a change applies at once. */
  realityMinutes: z.number().int().nullable(),
  pending: z.partialRecord(z.enum(LIMIT_KEYS), pendingLimit),
  usage: z.object({
    depositDay: limitUsage,
    depositWeek: limitUsage,
    depositMonth: limitUsage,
    lossDay: limitUsage,
    lossWeek: limitUsage,
    lossMonth: limitUsage,
  }),
});
export type LimitsView = z.infer<typeof limitsView>;

/** An empty string (or absent key in JSON null) removes a limit; an absent key leaves it as it is. */
const optionalMoneyLimit = z
  .union([z.literal(''), z.null(), memberAmount])
  .optional()
  .transform((value) => (value === '' ? null : value));
const optionalMinutes = (range: { min: number; max: number }) =>
  z
    .union([
      z.literal(''),
      z.null(),
      z.coerce
        .number<string | number>({ error: 'LIMIT_INVALID' })
        .int({ error: 'LIMIT_INVALID' })
        .min(range.min, { error: 'LIMIT_INVALID' })
        .max(range.max, { error: 'LIMIT_INVALID' }),
    ])
    .optional()
    .transform((value) => (value === '' ? null : value));

/** PUT /member/limits: any subset of the limits; `''` (or null) removes one. */
export const limitsBody = z.object({
  depositDay: optionalMoneyLimit,
  depositWeek: optionalMoneyLimit,
  depositMonth: optionalMoneyLimit,
  lossDay: optionalMoneyLimit,
  lossWeek: optionalMoneyLimit,
  lossMonth: optionalMoneyLimit,
  stakeMax: optionalMoneyLimit,
  sessionMinutes: optionalMinutes(SESSION_MINUTES_RANGE),
  realityMinutes: optionalMinutes(REALITY_MINUTES_RANGE),
});
export type LimitsBody = z.input<typeof limitsBody>;

/** What a PUT did to each key it named: applied at once, or waiting until `effectiveAt` (a raise or removal). */
export const limitChange = z.object({
  key: z.enum([...LIMIT_KEYS, 'realityMinutes']),
  status: z.enum(['applied', 'pending', 'unchanged']),
  /** When it took effect (applied) or may be confirmed (pending). */
  effectiveAt: z.string(),
});
export type LimitChange = z.infer<typeof limitChange>;

export const limitsUpdated = limitsView.extend({ changes: z.array(limitChange) });
export type LimitsUpdated = z.infer<typeof limitsUpdated>;

/** POST /member/limits/confirm and /member/limits/cancel: one pending key. */
export const limitKeyBody = z.object({ key: z.enum(LIMIT_KEYS, { error: 'LIMIT_INVALID' }) });
export type LimitKeyBody = z.input<typeof limitKeyBody>;

/** POST /member/exclusion; `password` is the sign-in password, RSA-encrypted as at sign-in. */
export const exclusionBody = z.object({
  kind: z.enum(EXCLUSION_KINDS, { error: 'EXCLUSION_INVALID' }),
  days: z.coerce.number<string | number>({ error: 'EXCLUSION_INVALID' }).int({ error: 'EXCLUSION_INVALID' }),
  password: fields.cipher,
});
export type ExclusionBody = z.input<typeof exclusionBody>;

/** An exclusion in force: `until` null is permanent. */
export const exclusionView = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  startsAt: z.string(),
  until: z.string().nullable(),
});
export type ExclusionView = z.infer<typeof exclusionView>;

/**
 * The `detail` of a sign-in refused with SELF_EXCLUDED or TIMED_OUT (after the right password): when it ends, and
 * the withdrawal-only session offered when there is a balance to take out (null otherwise).
 */
export const exclusionRefusal = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  until: z.string().nullable(),
  withdrawOnly: z.object({ token: z.string(), expiresAt: z.string() }).nullable(),
});
export type ExclusionRefusal = z.infer<typeof exclusionRefusal>;

/** GET /member/session: what the reality check shows. */
export const sessionSummary = z.object({
  startedAt: z.string(),
  /** Payouts minus stakes since the session started (negative: a loss). */
  net: money,
  stakes: money,
  realityMinutes: z.number().int().nullable(),
  sessionMinutes: z.number().int().nullable(),
  /** Set while this session is the withdrawal-only one. */
  withdrawOnly: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const statementQuery = z.object({
  months: z.coerce
    .number<string | number>()
    .refine((value) => (STATEMENT_MONTHS as readonly number[]).includes(value), { error: 'BAD_REQUEST' })
    .default(1),
});
export type StatementQuery = z.input<typeof statementQuery>;

const statementTotals = z.object({
  deposits: money,
  withdrawals: money,
  stakes: money,
  payouts: money,
  /** Payouts minus stakes: the member's gaming result. */
  net: money,
});

/** GET /member/statement: totals for the span and per calendar month (platform time zone), newest first. */
export const statement = statementTotals.extend({
  from: z.string(),
  to: z.string(),
  months: z.array(statementTotals.extend({ month: z.string().describe('YYYY-MM') })),
});
export type Statement = z.infer<typeof statement>;

/** An operator's view of a member's protection (read-only: nobody lifts an exclusion early). */
export const adminProtectionView = z.object({
  limits: limitsView,
  exclusion: exclusionView.nullable(),
  history: z.array(exclusionView.extend({ createdAt: z.string() })),
});
export type AdminProtectionView = z.infer<typeof adminProtectionView>;

export const protectionEndpoints = {
  memberLimits: { method: 'GET', response: limitsView },
  memberLimitsUpdate: { method: 'PUT', body: limitsBody, response: limitsUpdated },
  memberLimitsConfirm: { method: 'POST', body: limitKeyBody, response: limitsView },
  memberLimitsCancel: { method: 'POST', body: limitKeyBody, response: limitsView },
  memberExclusion: { method: 'POST', body: exclusionBody, response: exclusionView },
  memberSession: { method: 'GET', response: sessionSummary },
  memberStatement: { method: 'GET', query: statementQuery, response: statement },
} satisfies Record<string, EndpointSpec>;

import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { turnoverMultiple } from './rewards';

/**
 * The agent programme (issue 24): every member's invite code and link, the downline two levels deep, commission by
 * tier of the downline's valid turnover or net loss computed once per period, claimed through the ledger, and the
 * referral-farming flags operators review.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

/** What a commission is a share of: the downline's valid turnover, or what the downline lost (stakes - payouts). */
export const AGENT_BASES = ['turnover', 'net_loss'] as const;
export type AgentBasis = (typeof AGENT_BASES)[number];

/** How long one commission period runs: a platform day (2026-11-25), an ISO week (2026-W48), a month (2026-11). */
export const AGENT_PERIODS = ['day', 'week', 'month'] as const;
export type AgentPeriod = (typeof AGENT_PERIODS)[number];

export const AGENT_FLAG_REASONS = ['self_invite', 'shared_device', 'shared_phone', 'shared_card'] as const;
export type AgentFlagReason = (typeof AGENT_FLAG_REASONS)[number];

export const COMMISSION_STATUSES = ['paid', 'pending', 'claimed', 'expired'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** One tier: from this total of the direct downline's basis in a period (inclusive), this percent of it. */
export const agentTier = z.object({ from: money, rate: z.string().describe('percent, e.g. "0.5"') });

/** The commission scheme as the agent page explains it and the console edits it. */
export const agentScheme = z.object({
  enabled: z.boolean(),
  basis: z.enum(AGENT_BASES),
  period: z.enum(AGENT_PERIODS),
  /** Ascending by `from`; the highest tier the direct downline's total reaches sets the rate. */
  tiers: z.array(agentTier),
  /** Percent of the second-level downline's total, whatever the tier. */
  secondRate: z.string(),
  /** Turnover multiple of the commission, as operators write it ("1", "1.5"). */
  multiple: z.string(),
  /** auto: credited by the job; claim: the member claims it within `expiryDays`. */
  mode: z.enum(['auto', 'claim']),
  expiryDays: z.number().int(),
});
export type AgentScheme = z.infer<typeof agentScheme>;

/** `agentInfo`: the member's code and link, the downline's size, what the programme paid, the scheme. */
export const agentInfoView = z.object({
  inviteCode: z.string(),
  /** The site's address + /register?i_code=<code> (the site keeps `i_code` from any page's URL). */
  link: z.string(),
  direct: z.number().int(),
  second: z.number().int(),
  /** Commission credited (paid by the job or claimed). */
  paid: money,
  /** Commission waiting to be claimed (not expired). */
  waiting: money,
  scheme: agentScheme,
});
export type AgentInfoView = z.infer<typeof agentInfoView>;

const pageNumber = z.coerce.number<string | number>().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number<string | number>().int().min(1).max(50).default(20);
const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'DATE_INVALID' })
  .optional();

export const agentDownlineQuery = z.object({
  /** 1: registered with the member's code; 2: with the code of one of those. */
  level: z.coerce
    .number<string | number>()
    .int()
    .refine((value) => value === 1 || value === 2, { error: 'BAD_REQUEST' })
    .default(1),
  /** Days in the platform's zone, inclusive; the figures are all time when both are empty. */
  from: dayText,
  to: dayText,
  page: pageNumber,
  size: pageSize,
});
export type AgentDownlineQuery = z.infer<typeof agentDownlineQuery>;

/** One downline member: the masked account, when they registered, what they deposited and wagered, nothing else. */
export const agentDownlineMember = z.object({
  account: z.string().describe("masked, e.g. 'ab***9'"),
  registeredAt: z.string().describe('yyyy-MM-dd in the platform zone'),
  deposits: money,
  validTurnover: money,
});
export type AgentDownlineMember = z.infer<typeof agentDownlineMember>;

export const agentDownlinePage = z.object({
  list: z.array(agentDownlineMember),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AgentDownlinePage = z.infer<typeof agentDownlinePage>;

/** One period's commission of one agent. */
export const agentCommissionView = z.object({
  id: z.string(),
  period: z.string(),
  basis: z.enum(AGENT_BASES),
  /** The direct downline's total basis in the period, and the second level's. */
  basisAmount: money,
  secondAmount: money,
  /** 1-based index of the tier reached (0: none). */
  tier: z.number().int(),
  rate: z.string(),
  secondRate: z.string(),
  amount: money,
  status: z.enum(COMMISSION_STATUSES),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AgentCommissionView = z.infer<typeof agentCommissionView>;

export const agentCommissionsQuery = z.object({ page: pageNumber, size: pageSize });

export const agentCommissionsPage = z.object({
  list: z.array(agentCommissionView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AgentCommissionsPage = z.infer<typeof agentCommissionsPage>;

export const agentCommissionClaimBody = z.object({
  id: z.coerce
    .number<string | number>({ error: 'COMMISSION_NOT_FOUND' })
    .int()
    .positive({ error: 'COMMISSION_NOT_FOUND' }),
});

export const agentCommissionClaimed = z.object({ id: z.string(), amount: money });
export type AgentCommissionClaimed = z.infer<typeof agentCommissionClaimed>;

// --- operators ---------------------------------------------------------------------------------------------------

const amountText = z
  .union([z.string(), z.number()], { error: 'BAD_REQUEST' })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, { error: 'BAD_REQUEST' }));
const percentText = z
  .union([z.string(), z.number()], { error: 'BAD_REQUEST' })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'BAD_REQUEST' }));

/** The whole scheme, replacing the one before (tiers ascending by `from`, rates at most 100%). */
export const agentSettingsBody = z.object({
  enabled: z.boolean({ error: 'BAD_REQUEST' }),
  basis: z.enum(AGENT_BASES, { error: 'BAD_REQUEST' }),
  period: z.enum(AGENT_PERIODS, { error: 'BAD_REQUEST' }),
  tiers: z
    .array(z.object({ from: amountText, rate: percentText }), { error: 'BAD_REQUEST' })
    .min(1, { error: 'BAD_REQUEST' })
    .max(20, { error: 'BAD_REQUEST' }),
  secondRate: percentText,
  multiple: turnoverMultiple,
  mode: z.enum(['auto', 'claim'], { error: 'BAD_REQUEST' }),
  expiryDays: z.number({ error: 'BAD_REQUEST' }).int().min(1).max(365),
});
export type AgentSettingsBody = z.infer<typeof agentSettingsBody>;

export const adminAgentCommissionsQuery = z.object({
  period: z.string().max(10).optional(),
  agentId: z.coerce.number<string | number>().int().positive().optional(),
  page: pageNumber,
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});
export type AdminAgentCommissionsQuery = z.infer<typeof adminAgentCommissionsQuery>;

export const adminAgentCommissionView = agentCommissionView.extend({
  agentId: z.string(),
  account: z.string(),
  /** Downline members counted (unflagged) at each level. */
  members: z.number().int(),
  secondMembers: z.number().int(),
  claimedAt: z.string().nullable(),
});

export const adminAgentCommissionsPage = z.object({
  list: z.array(adminAgentCommissionView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The sum over every commission the query matches. */
  amount: money,
});

export const adminAgentRunBody = z.object({
  /** 2026-11-25 (day), 2026-W48 (week) or 2026-11 (month), of the scheme's period, already ended. */
  period: z.string({ error: 'COMMISSION_PERIOD_INVALID' }).max(10, { error: 'COMMISSION_PERIOD_INVALID' }),
});

export const adminAgentRunView = z.object({
  id: z.string(),
  period: z.string(),
  status: z.enum(['running', 'done']),
  commissions: z.number().int(),
  credited: z.number().int(),
  amount: money,
  slices: z.number().int(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminAgentRunView = z.infer<typeof adminAgentRunView>;

export const adminAgentFlagsQuery = z.object({
  status: z.enum(['pending', 'confirmed', 'cleared'], { error: 'BAD_REQUEST' }).optional(),
  page: pageNumber,
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});

export const adminAgentFlagView = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  agentId: z.string(),
  agentAccount: z.string(),
  reason: z.enum(AGENT_FLAG_REASONS),
  /** What matched: the device id, the phone number, the card number (masked). */
  detail: z.string(),
  status: z.enum(['pending', 'confirmed', 'cleared']),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminAgentFlagView = z.infer<typeof adminAgentFlagView>;

export const adminAgentFlagsPage = z.object({
  list: z.array(adminAgentFlagView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const adminAgentFlagDecideBody = z.object({
  /** confirm: the referral stays out of commission; clear: it counts from the next period computed. */
  decision: z.enum(['confirm', 'clear'], { error: 'BAD_REQUEST' }),
});

const idParams = z.object({ id: z.coerce.number<string | number>().int().positive() });

export const agentEndpoints = {
  agentInfo: { method: 'GET', response: agentInfoView },
  agentDownline: { method: 'GET', query: agentDownlineQuery, response: agentDownlinePage },
  agentCommissions: { method: 'GET', query: agentCommissionsQuery, response: agentCommissionsPage },
  agentCommissionClaim: { method: 'POST', body: agentCommissionClaimBody, response: agentCommissionClaimed },
  adminAgentSettings: { method: 'GET', response: agentScheme },
  adminAgentSettingsSave: { method: 'PUT', body: agentSettingsBody, json: true, response: agentScheme },
  adminAgentCommissions: { method: 'GET', query: adminAgentCommissionsQuery, response: adminAgentCommissionsPage },
  adminAgentRun: { method: 'POST', body: adminAgentRunBody, json: true, response: adminAgentRunView },
  adminAgentFlags: { method: 'GET', query: adminAgentFlagsQuery, response: adminAgentFlagsPage },
  adminAgentFlagDecide: {
    method: 'POST',
    params: idParams,
    body: adminAgentFlagDecideBody,
    json: true,
    response: adminAgentFlagView,
  },
} satisfies Record<string, EndpointSpec>;

import { parseAmount } from '@jinb/money';
import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { turnoverMultiple } from './rewards';
import { idQuery, page } from './site';
import { DEPOSIT_KINDS, inOrder, memberAmount, recordTime } from './wallet';

/** Activities, bonuses and redemption codes (issue 23): the calls' schemas and their endpoint-table entries. */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

/** An operator-entered amount, 0 allowed (no cap, no minimum), at most 4 decimals. */
const operatorAmount = z.union([z.string(), z.number()], { error: 'AMOUNT_INVALID' }).transform((value, context) => {
  const parsed = parseAmount(value);
  if (!parsed.ok || parsed.value < 0n) {
    context.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
    return z.NEVER;
  }
  return parsed.value;
});

export const PROMOTION_KINDS = [
  'first_deposit',
  'reload',
  'rebate_boost',
  'loss_rebate',
  'red_packet',
  'apply',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** How often a member may take a promotion: once ever, once per platform day, once per week (Monday to Sunday). */
export const PROMOTION_FREQUENCIES = ['once', 'day', 'week'] as const;
export type PromotionFrequency = (typeof PROMOTION_FREQUENCIES)[number];

/** Why a member cannot take a promotion now (the error codes the claim would answer). */
export const PROMOTION_REASONS = [
  'PROMO_NOT_FOUND',
  'PROMO_NOT_STARTED',
  'PROMO_ENDED',
  'PROMO_LEVEL',
  'PROMO_NO_DEPOSIT',
  'PROMO_ONCE',
  'PROMO_PERIOD_USED',
  'PROMO_NOTHING',
  'PROMO_PENDING',
] as const;
export type PromotionReason = (typeof PROMOTION_REASONS)[number];

/** A promotion's rule as members read it beside the promotion's text. */
export const promotionRuleView = z.object({
  promoId: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  /** Percent with up to two decimals, e.g. "100" or "1.5" (first deposit, reload, rebate boost, loss rebate). */
  rate: z.string(),
  /** The most one claim pays; "0.0000" means no cap. */
  cap: money,
  /** Least qualifying deposit (first deposit, reload) or net loss (loss rebate); red packet: the least amount. */
  minAmount: money,
  /** Red packet: the most one packet holds. */
  maxAmount: money,
  /** Red packet: what all members may take per day in total; "0.0000" means no pool. */
  dailyPool: money,
  minLevel: z.number().int(),
  /** Deposit channel kinds that count; empty means every channel. */
  channelKinds: z.array(z.enum(DEPOSIT_KINDS)),
  frequency: z.enum(PROMOTION_FREQUENCIES),
  /** Turnover multiple as the operator wrote it ("1.5"). */
  multiple: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export type PromotionRuleView = z.infer<typeof promotionRuleView>;

/** Whether the member may take it now, and how much it would pay now. */
export const promotionEligibility = z.object({
  promoId: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  eligible: z.boolean(),
  /** Null when eligible. */
  reason: z.enum(PROMOTION_REASONS).nullable(),
  /** What a claim would pay now; null for a red packet (random) and an application (the operator decides). */
  amount: money.nullable(),
  /** The deposit, turnover or loss the amount is computed from (null when none applies). */
  basis: money.nullable(),
  /** Which period a claim now would use: "once", a day "2026-11-25" or a week's Monday "w2026-11-23". */
  period: z.string(),
});
export type PromotionEligibility = z.infer<typeof promotionEligibility>;

export const PROMOTION_CLAIM_STATUSES = ['paid', 'review', 'pending', 'rejected'] as const;
export type PromotionClaimStatus = (typeof PROMOTION_CLAIM_STATUSES)[number];

/** One claim or application, as the member and the operators see it. */
export const promotionClaimView = z.object({
  id: z.string(),
  promoId: z.number().int(),
  title: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  period: z.string(),
  /** paid (credited), review (flagged: waits for an operator), pending (an application), rejected. */
  status: z.enum(PROMOTION_CLAIM_STATUSES),
  amount: money,
  basis: money,
  note: z.string(),
  /** Why it was flagged: which of device, phone, real_name, card it shares with a member already paid. */
  flags: z.array(z.string()),
  reviewNote: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type PromotionClaimView = z.infer<typeof promotionClaimView>;

export const promotionClaimBody = z.object({
  id: z.coerce.number<string | number>().int().positive({ error: 'PROMO_NOT_FOUND' }),
});
export const promotionApplyBody = z.object({
  id: z.coerce.number<string | number>().int().positive({ error: 'PROMO_NOT_FOUND' }),
  note: z.string().trim().max(200, { error: 'BAD_REQUEST' }).optional().default(''),
});

export const promotionClaimsQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
});

// --- operators ---------------------------------------------------------------------------------------------------

/** Percent with at most two decimals, 0 to 1000 -> basis points (100% = 10000). */
const ratePercent = z.union([z.string(), z.number()], { error: 'BAD_REQUEST' }).transform((value, context) => {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  const points = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!(points >= 0 && points <= 100_000)) {
    context.addIssue({ code: 'custom', message: 'BAD_REQUEST' });
    return z.NEVER;
  }
  return points;
});

export const adminPromotionBody = z.object({
  title: z.string().trim().min(1).max(60),
  summary: z.string().trim().max(200).default(''),
  content: z.string().trim().max(5000).default(''),
  image: z.string().trim().max(500).default(''),
  /** "YYYY-MM-DD HH:mm:ss" in the platform's zone, or empty for open. */
  startAt: recordTime,
  endAt: recordTime,
  sort: z.coerce.number<string | number>().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
  kind: z.enum(PROMOTION_KINDS),
  rate: ratePercent.default(0),
  cap: operatorAmount.default(0n),
  minAmount: operatorAmount.default(0n),
  maxAmount: operatorAmount.default(0n),
  dailyPool: operatorAmount.default(0n),
  minLevel: z.coerce.number<string | number>().int().min(0).max(100).default(0),
  channelKinds: z.array(z.enum(DEPOSIT_KINDS)).max(10).default([]),
  frequency: z.enum(PROMOTION_FREQUENCIES).default('once'),
  multiple: turnoverMultiple.default(100),
});
export type AdminPromotionBody = z.infer<typeof adminPromotionBody>;

export const adminPromotionView = promotionRuleView.extend({
  title: z.string(),
  summary: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  /** Claims paid so far, and their total. */
  paid: z.number().int(),
  paidAmount: money,
});

export const promoParams = z.object({ id: z.coerce.number<string | number>().int().positive({ error: 'NOT_FOUND' }) });
export const claimParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'REWARD_NOT_FOUND' }) });

export const adminPromotionClaimsQuery = z.object({
  /** review (flagged) and pending (applications) by default. */
  status: z.enum(['open', ...PROMOTION_CLAIM_STATUSES]).default('open'),
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});
export const adminPromotionClaimView = promotionClaimView.extend({ memberId: z.string(), account: z.string() });

export const adminClaimApproveBody = z.object({
  /** Required for an application; a flagged claim pays what it computed when the member claimed. */
  amount: memberAmount.optional(),
  note: z.string().trim().max(200).default(''),
});
export const adminClaimRejectBody = z.object({ note: z.string().trim().max(200).default('') });

// --- redemption codes ----------------------------------------------------------------------------------------------

export const adminCodesBody = z.object({
  count: z.coerce.number<string | number>().int().min(1, { error: 'BAD_REQUEST' }).max(1000, { error: 'BAD_REQUEST' }),
  amount: memberAmount,
  /** How many members may redeem each code (1 = single use). */
  uses: z.coerce.number<string | number>().int().min(1, { error: 'BAD_REQUEST' }).max(1_000_000),
  /** "YYYY-MM-DD[ HH:mm:ss]" in the platform's zone, an ISO instant or epoch milliseconds. */
  expiresAt: z.union([
    z.string().trim().min(10, { error: 'DATE_INVALID' }).max(40, { error: 'DATE_INVALID' }),
    z.number({ error: 'DATE_INVALID' }).int().positive(),
  ]),
  multiple: turnoverMultiple,
  minLevel: z.coerce.number<string | number>().int().min(0).max(100).default(0),
  name: z.string().trim().max(60).default(''),
});
export type AdminCodesBody = z.infer<typeof adminCodesBody>;

export const codeBatchView = z.object({
  id: z.string(),
  name: z.string(),
  amount: money,
  uses: z.number().int(),
  multiple: z.string(),
  minLevel: z.number().int(),
  expiresAt: z.string(),
  disabled: z.boolean(),
  /** How many codes, and how many redemptions so far over all of them. */
  codes: z.number().int(),
  redeemed: z.number().int(),
  createdAt: z.string(),
});
export const adminCodesResult = z.object({ batch: codeBatchView, codes: z.array(z.string()) });

export const adminCodeBatchesQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});
export const codeBatchParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'NOT_FOUND' }) });

export const redeemBody = z.object({
  code: z
    .string({ error: 'REDEEM_CODE_UNKNOWN' })
    .trim()
    .min(1, { error: 'REDEEM_CODE_UNKNOWN' })
    .max(32, { error: 'REDEEM_CODE_UNKNOWN' }),
});

/** One redemption, as the member's records and detail show it. */
export const redemptionView = z.object({
  id: z.string(),
  code: z.string(),
  amount: money,
  /** What it added to the turnover to wager before withdrawing. */
  turnoverRequired: money,
  multiple: z.string(),
  status: z.literal('credited'),
  createdAt: z.string(),
});
export type RedemptionView = z.infer<typeof redemptionView>;

export const redemptionsQuery = z
  .object({
    startTime: recordTime,
    endTime: recordTime,
    page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
    size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
  })
  .refine(inOrder, { error: 'DATE_INVALID', path: ['endTime'] });

export const redemptionDetailQuery = z.object({
  id: z.string().regex(/^\d{1,18}$/, { error: 'REWARD_NOT_FOUND' }),
});

export const promotionEndpoints = {
  promoRule: { method: 'GET', query: idQuery, response: promotionRuleView.nullable() },
  promoEligibility: { method: 'GET', query: idQuery, response: promotionEligibility },
  promoClaim: { method: 'POST', body: promotionClaimBody, response: promotionClaimView },
  promoApply: { method: 'POST', body: promotionApplyBody, response: promotionClaimView },
  promoClaims: { method: 'GET', query: promotionClaimsQuery, response: page(promotionClaimView) },
  redeem: { method: 'POST', body: redeemBody, response: redemptionView },
  redemptions: { method: 'GET', query: redemptionsQuery, response: page(redemptionView) },
  redemption: { method: 'GET', query: redemptionDetailQuery, response: redemptionView },

  adminPromotions: { method: 'GET', response: z.array(adminPromotionView) },
  adminPromotionCreate: { method: 'POST', body: adminPromotionBody, json: true, response: adminPromotionView },
  adminPromotionUpdate: {
    method: 'PUT',
    params: promoParams,
    body: adminPromotionBody,
    json: true,
    response: adminPromotionView,
  },
  adminPromotionClaims: {
    method: 'GET',
    query: adminPromotionClaimsQuery,
    response: page(adminPromotionClaimView),
  },
  adminPromotionClaimApprove: {
    method: 'POST',
    params: claimParams,
    body: adminClaimApproveBody,
    response: adminPromotionClaimView,
  },
  adminPromotionClaimReject: {
    method: 'POST',
    params: claimParams,
    body: adminClaimRejectBody,
    response: adminPromotionClaimView,
  },
  adminCodes: { method: 'POST', body: adminCodesBody, response: adminCodesResult },
  adminCodeBatches: { method: 'GET', query: adminCodeBatchesQuery, response: page(codeBatchView) },
  adminCodeBatchDisable: { method: 'POST', params: codeBatchParams, response: codeBatchView },
} satisfies Record<string, EndpointSpec>;

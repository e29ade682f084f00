import { z } from 'zod';
import type { EndpointSpec } from '../endpoint-spec';
import { codeBatchParams, codeBatchView, promoParams } from '../promotions';

/** The entries of marketing.paths.ts's calls in the endpoint table. */

/** A code's state: never redeemed, redeemed and uses left, or every use taken. */
export const CODE_STATES = ['unused', 'partly', 'usedUp'] as const;
export type CodeState = (typeof CODE_STATES)[number];

const CODE_SORTS = ['code', 'redeemed', 'lastRedeemedAt'] as const;

export const adminCodeBatchCodesQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<string | number>().int().min(1).max(100).default(20),
  /** `code`, `redeemed` or `lastRedeemedAt`, `-` first for descending; the codes in issue order without it. */
  sort: z
    .string()
    .regex(new RegExp(`^-?(${CODE_SORTS.join('|')})$|^$`), { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
  /** Codes containing this text (any case, spaces and dashes ignored). */
  code: z.string().trim().max(32).optional().default(''),
  /** Left out or empty: every code. */
  state: z
    .union([z.enum(CODE_STATES), z.literal('')], { error: 'STATUS_UNKNOWN' })
    .optional()
    .default(''),
});
export type AdminCodeBatchCodesQuery = z.input<typeof adminCodeBatchCodesQuery>;
export type AdminCodeBatchCodesFilter = z.output<typeof adminCodeBatchCodesQuery>;

export const adminBatchCodeView = z.object({
  code: z.string(),
  uses: z.number().int(),
  redeemed: z.number().int(),
  state: z.enum(CODE_STATES),
  /** The latest redemption's time (ISO) and member, null before the first. */
  lastRedeemedAt: z.string().nullable(),
  lastAccount: z.string().nullable(),
});
export type AdminBatchCodeView = z.infer<typeof adminBatchCodeView>;

/** What an activity's edit form fills from: the texts and picture the list leaves out, with the other languages'. */
export const adminPromotionTextsView = z.object({
  promoId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  image: z.string(),
  i18n: z.record(z.string(), z.record(z.string(), z.string())),
});
export type AdminPromotionTextsView = z.infer<typeof adminPromotionTextsView>;

export const marketingConsoleEndpoints = {
  adminPromotionTexts: { method: 'GET', params: promoParams, response: adminPromotionTextsView },
  adminCodeBatchCodes: {
    method: 'GET',
    params: codeBatchParams,
    query: adminCodeBatchCodesQuery,
    /** The page of codes, and the batch they belong to (the page's head). */
    response: z.object({ rows: z.array(adminBatchCodeView), total: z.number().int(), batch: codeBatchView }),
  },
} satisfies Record<string, EndpointSpec>;

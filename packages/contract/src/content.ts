import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { localizedTexts } from './localized';
import { activeField, idsDistinct, sortField, storedTexts, titleField } from './operator-fields';
import { banner, notice } from './site';
import { recordTime } from './wallet';

/**
 * Operator content (issue 24): announcements (the home page's marquee and popups), banners, news with categories,
 * sponsorships, and the per-language texts of promotions and games (localized.ts). Members read them in their
 * request's language; operators write the default (zh-CN) text in the ordinary fields and the others in `i18n`.
 */

// --- members ---------------------------------------------------------------------------------------------------

/** A tab of /find. */
export const newsCategory = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int() });
export type NewsCategory = z.infer<typeof newsCategory>;

/** One of the brand's sponsorships (/app/sponsor). `period` is what the operator wrote ("2024-2026 赛季"). */
export const sponsor = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  summary: z.string(),
  content: z.string().describe('plain text, paragraphs split by newlines'),
  period: z.string(),
  sort: z.number().int(),
});
export type Sponsor = z.infer<typeof sponsor>;

// --- operators -------------------------------------------------------------------------------------------------

const sort = sortField;
const active = activeField;
const image = z.string().trim().max(500, { error: 'BAD_REQUEST' });
const title = titleField;
const text = (max: number) => z.string({ error: 'BAD_REQUEST' }).trim().max(max, { error: 'BAD_REQUEST' });

/** Any of the operators' content rows by id. */
export const contentIdParams = z.object({
  id: z.coerce
    .number<string | number>()
    .int()
    .positive({ error: 'CONTENT_NOT_FOUND' })
    .max(2_147_483_647, { error: 'CONTENT_NOT_FOUND' }),
});
export const contentDeleted = z.object({ id: z.number().int() });

/** An announcement. `startAt`/`endAt` ("YYYY-MM-DD HH:mm:ss" in the platform's zone, empty for open) bound when it shows. */
export const adminNoticeBody = z.object({
  title: title(120),
  content: text(5000).optional().default(''),
  popup: z.boolean({ error: 'BAD_REQUEST' }).optional().default(false),
  startAt: recordTime,
  endAt: recordTime,
  sort,
  active,
  i18n: localizedTexts(['title', 'content'], 5000),
});
export type AdminNoticeBody = z.input<typeof adminNoticeBody>;
export type AdminNoticeInput = z.output<typeof adminNoticeBody>;
export const adminNoticeView = notice.extend({
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
  i18n: storedTexts,
});
export type AdminNoticeView = z.infer<typeof adminNoticeView>;

export const adminBannerBody = z.object({
  title: title(120),
  image: image.min(1, { error: 'BAD_REQUEST' }),
  /** A site path ("/activity/list") or an https address; empty for a picture that opens nothing. */
  link: text(500)
    .refine((link) => link === '' || link.startsWith('/') || /^https?:\/\//.test(link), { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
  sort,
  active,
  i18n: localizedTexts(['title'], 120),
});
export type AdminBannerBody = z.input<typeof adminBannerBody>;
export type AdminBannerInput = z.output<typeof adminBannerBody>;
export const adminBannerView = banner.extend({ sort: z.number().int(), active: z.boolean(), i18n: storedTexts });
export type AdminBannerView = z.infer<typeof adminBannerView>;

export const adminNewsBody = z.object({
  title: title(120),
  image: image.optional().default(''),
  summary: text(500).optional().default(''),
  content: text(20_000).optional().default(''),
  /** A category id from `adminNewsCategories`, or null / 0 for none. */
  category: z.coerce
    .number<string | number>()
    .int()
    .min(0, { error: 'BAD_REQUEST' })
    .max(2_147_483_647, { error: 'BAD_REQUEST' })
    .nullable()
    .optional()
    .default(null)
    .transform((value) => value || null),
  /** Empty: now. A later time keeps it off /find until then. */
  publishedAt: recordTime,
  active,
  i18n: localizedTexts(['title', 'summary', 'content']),
});
export type AdminNewsBody = z.input<typeof adminNewsBody>;
export type AdminNewsInput = z.output<typeof adminNewsBody>;
export const adminNewsView = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  summary: z.string(),
  content: z.string(),
  category: z.number().int().nullable(),
  publishedAt: z.string(),
  active: z.boolean(),
  i18n: storedTexts,
});
export type AdminNewsView = z.infer<typeof adminNewsView>;

/**
 * The categories replaced as a whole: an entry with an `id` keeps that category (and its news), one without is new,
 * a category left out is deleted (its news stay, without a category). Names are unique.
 */
export const adminNewsCategoriesBody = z.object({
  list: z
    .array(
      z.object({
        id: z.coerce.number<string | number>().int().positive({ error: 'BAD_REQUEST' }).max(2_147_483_647).optional(),
        name: title(20),
        sort,
        i18n: localizedTexts(['name'], 20),
      }),
      { error: 'BAD_REQUEST' },
    )
    .max(30, { error: 'BAD_REQUEST' })
    .refine((list) => new Set(list.map((entry) => entry.name)).size === list.length, { error: 'BAD_REQUEST' })
    .refine(idsDistinct, { error: 'BAD_REQUEST' }),
});
export type AdminNewsCategoriesBody = z.input<typeof adminNewsCategoriesBody>;
export type AdminNewsCategoriesInput = z.output<typeof adminNewsCategoriesBody>;
export const adminNewsCategoryView = newsCategory.extend({ news: z.number().int(), i18n: storedTexts });
export type AdminNewsCategoryView = z.infer<typeof adminNewsCategoryView>;

export const adminSponsorBody = z.object({
  title: title(120),
  image: image.optional().default(''),
  summary: text(500).optional().default(''),
  content: text(20_000).optional().default(''),
  period: text(60).optional().default(''),
  sort,
  active,
  i18n: localizedTexts(['title', 'summary', 'content', 'period']),
});
export type AdminSponsorBody = z.input<typeof adminSponsorBody>;
export type AdminSponsorInput = z.output<typeof adminSponsorBody>;
export const adminSponsorView = sponsor.extend({ active: z.boolean(), i18n: storedTexts });
export type AdminSponsorView = z.infer<typeof adminSponsorView>;

/** A promotion's texts in the other languages (its default texts are edited with the promotion). */
export const adminPromoTextsBody = z.object({ i18n: localizedTexts(['title', 'summary', 'content']) });
/** A game's or a game group's name in the other languages. */
export const adminNameTextsBody = z.object({ i18n: localizedTexts(['name'], 60) });
export const adminTextsView = z.object({ id: z.number().int(), i18n: storedTexts });
export type AdminTextsView = z.infer<typeof adminTextsView>;

export const contentEndpoints = {
  newsCategories: { method: 'GET', response: z.array(newsCategory) },
  sponsors: { method: 'GET', response: z.array(sponsor) },

  adminNotices: { method: 'GET', response: z.array(adminNoticeView) },
  adminNoticeCreate: { method: 'POST', json: true, body: adminNoticeBody, response: adminNoticeView },
  adminNoticeUpdate: {
    method: 'PUT',
    json: true,
    params: contentIdParams,
    body: adminNoticeBody,
    response: adminNoticeView,
  },
  adminNoticeDelete: { method: 'DELETE', params: contentIdParams, response: contentDeleted },

  adminBanners: { method: 'GET', response: z.array(adminBannerView) },
  adminBannerCreate: { method: 'POST', json: true, body: adminBannerBody, response: adminBannerView },
  adminBannerUpdate: {
    method: 'PUT',
    json: true,
    params: contentIdParams,
    body: adminBannerBody,
    response: adminBannerView,
  },
  adminBannerDelete: { method: 'DELETE', params: contentIdParams, response: contentDeleted },

  adminNews: { method: 'GET', response: z.array(adminNewsView) },
  adminNewsCreate: { method: 'POST', json: true, body: adminNewsBody, response: adminNewsView },
  adminNewsUpdate: { method: 'PUT', json: true, params: contentIdParams, body: adminNewsBody, response: adminNewsView },
  adminNewsDelete: { method: 'DELETE', params: contentIdParams, response: contentDeleted },
  adminNewsCategories: { method: 'GET', response: z.array(adminNewsCategoryView) },
  adminNewsCategoriesSave: {
    method: 'PUT',
    json: true,
    body: adminNewsCategoriesBody,
    response: z.array(adminNewsCategoryView),
  },

  adminSponsors: { method: 'GET', response: z.array(adminSponsorView) },
  adminSponsorCreate: { method: 'POST', json: true, body: adminSponsorBody, response: adminSponsorView },
  adminSponsorUpdate: {
    method: 'PUT',
    json: true,
    params: contentIdParams,
    body: adminSponsorBody,
    response: adminSponsorView,
  },
  adminSponsorDelete: { method: 'DELETE', params: contentIdParams, response: contentDeleted },

  adminPromoTexts: {
    method: 'PUT',
    json: true,
    params: contentIdParams,
    body: adminPromoTextsBody,
    response: adminTextsView,
  },
  adminGameTexts: {
    method: 'PUT',
    json: true,
    params: contentIdParams,
    body: adminNameTextsBody,
    response: adminTextsView,
  },
  adminGameGroupTexts: {
    method: 'PUT',
    json: true,
    params: contentIdParams,
    body: adminNameTextsBody,
    response: adminTextsView,
  },
} satisfies Record<string, EndpointSpec>;

import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { HELP_IMAGE_PATTERN, HELP_LINK_PATTERN } from './help-patterns';
import { localizedTexts } from './localized';
import { idsDistinct, sortField, storedTexts, titleField } from './operator-fields';

/**
 * The help centre and the tutorials (issue 25): operator-editable articles per language, in categories, searchable;
 * each spec tutorial route reads the article with its name as `slug`.
 *
 * An article's `body` is a small text format, never HTML (the site renders it itself; raw HTML shows as text):
 * `#`/`##`/`###` headings, paragraphs (blank line between), `- ` and `1. ` lists, `> ` tips, tables (`| a | b |` rows,
 * the second row a `| --- | --- |` rule), pictures on a line of their own (`![what it shows](/media/help/x.svg)`, our
 * own media only), fenced code (a line of three backticks above and below, shown as written), and inline `**bold**`
 * and links to the site's own routes (`[text](/finance/deposit)`).
 */

/** The spec's tutorial routes (`/tutorial/<slug>`); each is an article with that slug. */
export const TUTORIAL_SLUGS = [
  'sportRules',
  'bettingIntroduction',
  'betStrategy',
  'withdraw',
  'transfer',
  'deposit',
  'example',
  'games',
  'tech',
  'techDetail',
  'contact',
  'leaveMsg',
  'games/answer',
  'knowExchange',
  'knowVirtualCurrency',
  'protocolDifference',
] as const;

/** A slug: path segments of letters, digits, `_` and `-` (`games/answer`). */
export const HELP_SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;
/** The longest search the help centre takes (characters, after trimming). */
export const HELP_QUERY_MAX = 50;

// --- members ---------------------------------------------------------------------------------------------------

export const helpArticleSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummary>;

/** A section of the help centre with its articles, in the operator's order. */
export const helpCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  articles: z.array(helpArticleSummary),
});
export type HelpCategory = z.infer<typeof helpCategory>;

export const helpSearchQuery = z.object({
  /** Words to find in titles and texts (every word must be found); empty with no category finds nothing. */
  q: z.string().trim().max(HELP_QUERY_MAX, { error: 'BAD_REQUEST' }).optional().default(''),
  /** A category's id: only its articles (with `q`, those that match). */
  category: z.coerce.number<string | number>().int().min(0).max(2_147_483_647).optional().default(0),
});

export const helpSearchHit = helpArticleSummary.extend({
  category: z.number().int().nullable(),
  /** A line of plain text around the first match (or the summary): the site highlights `q`'s words in it. */
  snippet: z.string(),
});
export type HelpSearchHit = z.infer<typeof helpSearchHit>;
export const helpSearchResult = z.object({ q: z.string(), list: z.array(helpSearchHit) });
export type HelpSearchResult = z.infer<typeof helpSearchResult>;

/** Any slug is looked up (a malformed one is simply not found: HELP_ARTICLE_NOT_FOUND, 404). */
export const helpArticleQuery = z.object({
  slug: z
    .string({ error: 'HELP_ARTICLE_NOT_FOUND' })
    .max(500, { error: 'HELP_ARTICLE_NOT_FOUND' })
    .optional()
    .default(''),
});

export const helpArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string().describe('the help text format (see help.ts), never HTML'),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updatedAt: z.string(),
  /** Other articles of its category (up to 5). */
  related: z.array(helpArticleSummary),
});
export type HelpArticle = z.infer<typeof helpArticle>;

// --- operators -------------------------------------------------------------------------------------------------

const sort = sortField;
const title = titleField;

/** Every picture of a body is our own media and every link a site route (else the body is refused). */
export function helpBodyProblems(body: string): string[] {
  const problems: string[] = [];
  for (const match of body.matchAll(/!\[[^\]]*\]\(([^)]*)\)/g))
    if (!HELP_IMAGE_PATTERN.test(match[1] ?? '')) problems.push(`image:${match[1]}`);
  for (const match of body.matchAll(/(?<!!)\[[^\]]+\]\(([^)]*)\)/g))
    if (!HELP_LINK_PATTERN.test(match[1] ?? '')) problems.push(`link:${match[1]}`);
  return problems;
}

const body = z
  .string({ error: 'BAD_REQUEST' })
  .max(30_000, { error: 'BAD_REQUEST' })
  .refine((text) => helpBodyProblems(text).length === 0, { error: 'BAD_REQUEST' });

export const helpIdParams = z.object({
  id: z.coerce
    .number<string | number>()
    .int()
    .positive({ error: 'HELP_ARTICLE_NOT_FOUND' })
    .max(2_147_483_647, { error: 'HELP_ARTICLE_NOT_FOUND' }),
});

export const adminHelpArticleBody = z.object({
  slug: z
    .string({ error: 'BAD_REQUEST' })
    .trim()
    .min(1, { error: 'BAD_REQUEST' })
    .max(80, { error: 'BAD_REQUEST' })
    .regex(HELP_SLUG_PATTERN, { error: 'BAD_REQUEST' }),
  /** A category id from `adminHelpCategories`, or null / 0 for none. */
  category: z.coerce
    .number<string | number>()
    .int()
    .min(0, { error: 'BAD_REQUEST' })
    .max(2_147_483_647, { error: 'BAD_REQUEST' })
    .nullable()
    .optional()
    .default(null)
    .transform((value) => value || null),
  title: title(80),
  summary: z.string({ error: 'BAD_REQUEST' }).trim().max(200, { error: 'BAD_REQUEST' }).optional().default(''),
  body: body.optional().default(''),
  /** One of the chat's quick questions (常见问题), in `quickSort` order. */
  quick: z.boolean({ error: 'BAD_REQUEST' }).optional().default(false),
  quickSort: sort,
  sort,
  active: z.boolean({ error: 'BAD_REQUEST' }).optional().default(true),
  i18n: localizedTexts(['title', 'summary', 'body'], 30_000).refine(
    (texts) => Object.values(texts).every((fields) => helpBodyProblems(fields?.body ?? '').length === 0),
    { error: 'BAD_REQUEST' },
  ),
});
export type AdminHelpArticleBody = z.input<typeof adminHelpArticleBody>;
export type AdminHelpArticleInput = z.output<typeof adminHelpArticleBody>;
export const adminHelpArticleView = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: z.number().int().nullable(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  quick: z.boolean(),
  quickSort: z.number().int(),
  sort: z.number().int(),
  active: z.boolean(),
  i18n: storedTexts,
  updatedAt: z.string(),
});
export type AdminHelpArticleView = z.infer<typeof adminHelpArticleView>;

/**
 * The categories replaced as a whole: an entry with an `id` keeps that category (and its articles), one without is
 * new, a category left out is deleted (its articles stay, without a category). Codes are unique.
 */
export const adminHelpCategoriesBody = z.object({
  list: z
    .array(
      z.object({
        id: z.coerce.number<string | number>().int().positive({ error: 'BAD_REQUEST' }).max(2_147_483_647).optional(),
        code: z
          .string({ error: 'BAD_REQUEST' })
          .trim()
          .regex(/^[a-z][a-z0-9-]{0,29}$/, { error: 'BAD_REQUEST' }),
        name: title(20),
        sort,
        i18n: localizedTexts(['name'], 20),
      }),
      { error: 'BAD_REQUEST' },
    )
    .max(30, { error: 'BAD_REQUEST' })
    .refine((list) => new Set(list.map((entry) => entry.code)).size === list.length, { error: 'BAD_REQUEST' })
    .refine(idsDistinct, { error: 'BAD_REQUEST' }),
});
export type AdminHelpCategoriesBody = z.input<typeof adminHelpCategoriesBody>;
export type AdminHelpCategoriesInput = z.output<typeof adminHelpCategoriesBody>;
export const adminHelpCategoryView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  i18n: storedTexts,
  articles: z.number().int(),
});
export type AdminHelpCategoryView = z.infer<typeof adminHelpCategoryView>;

export const helpEndpoints = {
  helpCategories: { method: 'GET', response: z.array(helpCategory) },
  helpSearch: { method: 'GET', query: helpSearchQuery, response: helpSearchResult },
  helpArticle: { method: 'GET', query: helpArticleQuery, response: helpArticle },

  adminHelpCategories: { method: 'GET', response: z.array(adminHelpCategoryView) },
  adminHelpCategoriesSave: {
    method: 'PUT',
    json: true,
    body: adminHelpCategoriesBody,
    response: z.array(adminHelpCategoryView),
  },
  adminHelpArticles: { method: 'GET', response: z.array(adminHelpArticleView) },
  adminHelpArticleCreate: { method: 'POST', json: true, body: adminHelpArticleBody, response: adminHelpArticleView },
  adminHelpArticleUpdate: {
    method: 'PUT',
    json: true,
    params: helpIdParams,
    body: adminHelpArticleBody,
    response: adminHelpArticleView,
  },
  adminHelpArticleDelete: { method: 'DELETE', params: helpIdParams, response: z.object({ id: z.number().int() }) },
} satisfies Record<string, EndpointSpec>;

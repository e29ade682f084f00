import { z } from 'zod';
import type { SiteVariant } from './site-build';

export const preInfo = z.object({
  customer_service: z.string(),
  username: z.string(),
  isLogin: z.boolean(),
  whatsAppUrl: z.string(),
  site: z.string(),
  /** The platform's IANA zone: date filters and business days are counted in it, whatever the phone's clock says. */
  timeZone: z.string(),
  /**
   * Issue 25: the built-in chat desk is on (the server always says); /app/customer opens it. Off, the operator has
   * configured an external service and the link rule below applies.
   */
  supportDesk: z.boolean().optional(),
});
export type PreInfo = z.infer<typeof preInfo>;

/**
 * The customer-service link rule (spec section 6): variant by opens WhatsApp; otherwise, when logged in
 * with a username, the username rides along as the CUSTOM!name query parameter.
 */
export function customerServiceLink(info: PreInfo, variant: SiteVariant): string {
  if (variant === 'by') return info.whatsAppUrl;
  if (!info.isLogin || !info.username || !info.customer_service) return info.customer_service;
  const separator = info.customer_service.includes('?') ? '&' : '?';
  return `${info.customer_service}${separator}CUSTOM!name=${encodeURIComponent(info.username)}`;
}

export const game = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  name: z.string(),
  code: z.string(),
  gtype: z.string(),
  platform: z.string(),
  icon: z.string(),
  /** Launching comes with the casino issue; until then the catalogue says so instead of pretending. */
  playable: z.boolean(),
  maintenance: z.boolean(),
});
export type Game = z.infer<typeof game>;

export const gameGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  games: z.array(game),
});
export type GameGroup = z.infer<typeof gameGroup>;

/** Game lists merge by id (spec section 3): a later list's entry replaces an earlier one with the same id. */
export function mergeGamesById(...lists: Game[][]): Game[] {
  const byId = new Map<number, Game>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export const banner = z.object({ id: z.number().int(), image: z.string(), title: z.string(), link: z.string() });
/**
 * An announcement in force now (switched on and within its window). Every one runs in the home page's marquee; a
 * `popup` one also opens as a dialog once per visit until the member dismisses it for the day (今日不再提示).
 */
export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  popup: z.boolean(),
});
export type Notice = z.infer<typeof notice>;
export const homeContent = z.object({ banners: z.array(banner), notices: z.array(notice) });
export type HomeContent = z.infer<typeof homeContent>;

export const promoSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  summary: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export const promoDetail = promoSummary.extend({
  content: z.string().describe('plain text, paragraphs split by newlines'),
});
export type PromoSummary = z.infer<typeof promoSummary>;
export type PromoDetail = z.infer<typeof promoDetail>;

export const newsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  /** The news category's id (`newsCategories`), null when the item has none. */
  category: z.number().int().nullable(),
});
export const newsDetail = newsSummary.extend({ content: z.string() });
export type NewsSummary = z.infer<typeof newsSummary>;
export type NewsDetail = z.infer<typeof newsDetail>;

export const treeNode = z.object({ id: z.string(), code: z.string(), label: z.string(), sort: z.number().int() });
export type TreeNode = z.infer<typeof treeNode>;

export const analyticsConfig = z.object({
  list: z.array(z.object({ url: z.string(), platform_ck: z.string() })),
  scriptsList: z.record(z.string(), z.array(z.string())),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfig>;

export const pageViewBody = z.object({
  path: z.string().min(1).max(512),
  referrer: z.string().max(512).optional().default(''),
});

/** Coerced numbers say what a caller may send (`<string | number>`), so the site's typed calls check it. */
export const idQuery = z.object({ id: z.coerce.number<string | number>().int().positive({ error: 'NOT_FOUND' }) });
/** A configuration dictionary's id (010 = banks). */
export const treeQuery = z.object({ id: z.string().regex(/^\d{3,12}$/, { error: 'NOT_FOUND' }) });
/** Game and venue ids are PostgreSQL integers: a larger number cannot name one, and in a query it fails the statement. */
const MAX_SHOW_ID = 2_147_483_647;
/** `?show=1001,1002`: the ids a site variant shows, junk dropped, at most 500. */
export const showQuery = z.object({
  show: z
    .string()
    .max(2000)
    .optional()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((part) => Number.parseInt(part, 10))
        .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_SHOW_ID)
        .slice(0, 500),
    ),
});
export const pageQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});

/** /find's list: a page of one category's news (`category` from `newsCategories`), or of every category (0). */
export const newsListQuery = pageQuery.extend({
  category: z.coerce.number<string | number>().int().min(0).max(2_147_483_647, { error: 'BAD_REQUEST' }).default(0),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

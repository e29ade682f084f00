import type {
  AnalyticsConfig,
  GameGroup,
  HomeContent,
  Lang,
  NewsCategory,
  NewsDetail,
  NewsSummary,
  PromoDetail,
  PromoSummary,
  Sponsor,
  TreeNode,
} from '@jinb/contract';
import { DEFAULT_LANG } from '@jinb/contract';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { localize, traditional } from '../shared/localize';
import { contentRepository, type NewsRow } from './content.repository';

export type ContentService = ReturnType<typeof createContentService>;

type CatalogueRow = Awaited<ReturnType<typeof contentRepository.activeGames>>[number];

/** Whether launch opens a game and whether it (or its vendor) is in maintenance: the games module answers. */
export interface GameAvailability {
  availability(game: CatalogueRow): Promise<{ playable: boolean; maintenance: boolean }>;
}

/** Public content changes rarely and is read by every visitor: cached briefly in each process. */
const PUBLIC_TTL_MS = 30_000;

/**
 * The bus message of an operator's content change: every process drops its whole content cache, so the next read
 * anywhere shows the change (the cache holds a few dozen small answers and refills in milliseconds).
 */
export const CONTENT_CHANGED = { kind: 'settings', key: 'content' } as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function newsSummary(row: NewsRow, lang: Lang): NewsSummary {
  const { id, title, image, summary, publishedAt, category } = localize(row, ['title', 'summary'], lang);
  return { id, title, image, summary, publishedAt: publishedAt.toISOString(), category };
}

/**
 * What members read of operator content, each text in the request's language (shared/localize.ts). Answers shared
 * by every visitor are cached per process and per language; an operator's change clears them in every process
 * through the invalidation bus (content-admin.service.ts).
 */
export function createContentService(db: Database, games: GameAvailability, bus: InvalidationBus) {
  // Boxed, because a cached answer may itself be empty (null) and the cache only holds objects.
  const cache = new LRUCache<string, { value: unknown }>({ max: 500, ttl: PUBLIC_TTL_MS });
  bus.subscribe((message) => {
    if (message.kind === CONTENT_CHANGED.kind && message.key === CONTENT_CHANGED.key) cache.clear();
  });
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    cache.set(key, { value });
    return value;
  }

  return {
    /** Banners and the announcements in force (the marquee; `popup` ones also open as a dialog). */
    home(lang: Lang): Promise<HomeContent> {
      return cached(`home:${lang}`, async () => {
        const [bannerRows, noticeRows] = await Promise.all([
          contentRepository.activeBanners(db),
          contentRepository.liveNotices(db, 20),
        ]);
        return {
          banners: bannerRows.map((row) => {
            const { id, image, title, link } = localize(row, ['title'], lang);
            return { id, image, title, link };
          }),
          notices: noticeRows.map((row) => {
            const { id, title, content, createdAt, popup } = localize(row, ['title', 'content'], lang);
            return { id, title, content, popup, createdAt: createdAt.toISOString() };
          }),
        };
      });
    },

    /**
     * Groups in `sort` order, each with its games in `sort` order, limited to the ids the site variant shows.
     * An empty show list means every active game. `playable` is exactly what launch opens (our sportsbook's entries,
     * our open tables, configured vendors' games) and `maintenance` says the game or its vendor is in maintenance;
     * both are worked out on every call from the cached rows, so a vendor's switch shows at once.
     */
    async gameList(showIds: number[], lang: Lang): Promise<GameGroup[]> {
      const key = `games:${lang}:${showIds.join(',')}`;
      const { groups, rows } = await cached(key, async () => ({
        groups: (await contentRepository.gameGroups(db)).map((group) => localize(group, ['name'], lang)),
        rows: (showIds.length
          ? await contentRepository.gamesByIds(db, showIds)
          : await contentRepository.activeGames(db)
        ).map((game) => localize(game, ['name'], lang)),
      }));
      const states = await Promise.all(rows.map((game) => games.availability(game)));
      const listed = rows.map(({ id, groupId, sort, name, code, gtype, platform, icon }, index) => ({
        groupId,
        game: {
          id,
          sort,
          name,
          code,
          gtype,
          platform,
          icon,
          ...(states[index] as { playable: boolean; maintenance: boolean }),
        },
      }));
      return groups
        .map((group) => ({
          id: group.id,
          name: group.name,
          icon: group.icon,
          sort: group.sort,
          games: listed.filter((entry) => entry.groupId === group.id).map((entry) => entry.game),
        }))
        .filter((group) => group.games.length > 0);
    },

    async promoList(page: number, size: number, lang: Lang) {
      const { rows, total } = await contentRepository.runningPromos(db, (page - 1) * size, size);
      const list: PromoSummary[] = rows.map((row) => {
        const { id, title, image, summary, startAt, endAt } = localize(row, ['title', 'summary'], lang);
        return { id, title, image, summary, startAt: iso(startAt), endAt: iso(endAt) };
      });
      return { list, total, page, size };
    },

    async promoDetail(id: number, lang: Lang): Promise<PromoDetail> {
      const row = await contentRepository.promo(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      const { title, image, summary, content, startAt, endAt } = localize(row, ['title', 'summary', 'content'], lang);
      return { id, title, image, summary, content, startAt: iso(startAt), endAt: iso(endAt) };
    },

    /** /find: one category's published news (0: every category), newest first. */
    async newsList(query: { page: number; size: number; category: number }, lang: Lang) {
      const { page, size, category } = query;
      const { rows, total } = await contentRepository.publishedNews(db, category, (page - 1) * size, size);
      return { list: rows.map((row) => newsSummary(row, lang)), total, page, size };
    },

    async newsDetail(id: number, lang: Lang): Promise<NewsDetail> {
      const row = await contentRepository.newsItem(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...newsSummary(row, lang), content: localize(row, ['content'], lang).content };
    },

    /** /find's tabs, in `sort` order. */
    newsCategories(lang: Lang): Promise<NewsCategory[]> {
      return cached(`categories:${lang}`, async () =>
        (await contentRepository.newsCategories(db)).map((row) => {
          const { id, name, sort } = localize(row, ['name'], lang);
          return { id, name, sort };
        }),
      );
    },

    /** /app/sponsor: the sponsorships switched on, in `sort` order. */
    sponsors(lang: Lang): Promise<Sponsor[]> {
      return cached(`sponsors:${lang}`, async () =>
        (await contentRepository.activeSponsors(db)).map((row) => {
          const { id, title, image, summary, content, period, sort } = localize(
            row,
            ['title', 'summary', 'content', 'period'],
            lang,
          );
          return { id, title, image, summary, content, period, sort };
        }),
      );
    },

    /** A dictionary's entries; in zh-HK their labels converted (bank names, feedback categories). */
    tree(id: string, lang: Lang): Promise<TreeNode[]> {
      return cached(`tree:${id}:${lang}`, async () =>
        (await contentRepository.treeChildren(db, id)).map(({ id: nodeId, code, label, sort }) => ({
          id: nodeId,
          code,
          label: lang === DEFAULT_LANG ? label : traditional(label),
          sort,
        })),
      );
    },

    analyticsConfig(): Promise<AnalyticsConfig> {
      return cached('analytics', async () => {
        const stored = await contentRepository.setting<AnalyticsConfig>(db, 'analytics');
        return stored ?? { list: [], scriptsList: { default: [] } };
      });
    },

    supportLinks(): Promise<{ customerService: string; whatsApp: string }> {
      return cached('support', async () => {
        const stored = await contentRepository.setting<{ customerService: string; whatsApp: string }>(db, 'support');
        return stored ?? { customerService: '', whatsApp: '' };
      });
    },
  };
}

import type {
  AnalyticsConfig,
  GameGroup,
  HomeContent,
  NewsDetail,
  NewsSummary,
  PromoDetail,
  PromoSummary,
  TreeNode,
} from '@jinb/contract';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { contentRepository } from './content.repository';

export type ContentService = ReturnType<typeof createContentService>;

type CatalogueRow = Awaited<ReturnType<typeof contentRepository.activeGames>>[number];

/** Whether launch opens a game and whether it (or its vendor) is in maintenance: the games module answers. */
export interface GameAvailability {
  availability(game: CatalogueRow): Promise<{ playable: boolean; maintenance: boolean }>;
}

/** Public content changes rarely and is read by every visitor: cached briefly in each process. */
const PUBLIC_TTL_MS = 30_000;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function createContentService(db: Database, games: GameAvailability) {
  // Boxed, because a cached answer may itself be empty (null) and the cache only holds objects.
  const cache = new LRUCache<string, { value: unknown }>({ max: 500, ttl: PUBLIC_TTL_MS });
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    cache.set(key, { value });
    return value;
  }

  return {
    home(): Promise<HomeContent> {
      return cached('home', async () => {
        const [bannerRows, noticeRows] = await Promise.all([
          contentRepository.activeBanners(db),
          contentRepository.activeNotices(db, 10),
        ]);
        return {
          banners: bannerRows.map(({ id, image, title, link }) => ({ id, image, title, link })),
          notices: noticeRows.map(({ id, title, content, createdAt }) => ({
            id,
            title,
            content,
            createdAt: createdAt.toISOString(),
          })),
        };
      });
    },

    /**
     * Groups in `sort` order, each with its games in `sort` order, limited to the ids the site variant shows.
     * An empty show list means every active game. `playable` is exactly what launch opens (our sportsbook's entries,
     * our open tables, configured vendors' games) and `maintenance` says the game or its vendor is in maintenance;
     * both are worked out on every call from the cached rows, so a vendor's switch shows at once.
     */
    async gameList(showIds: number[]): Promise<GameGroup[]> {
      const key = `games:${showIds.join(',')}`;
      const { groups, rows } = await cached(key, async () => ({
        groups: await contentRepository.gameGroups(db),
        rows: showIds.length
          ? await contentRepository.gamesByIds(db, showIds)
          : await contentRepository.activeGames(db),
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

    async promoList(page: number, size: number) {
      const { rows, total } = await contentRepository.runningPromos(db, (page - 1) * size, size);
      const list: PromoSummary[] = rows.map(({ id, title, image, summary, startAt, endAt }) => ({
        id,
        title,
        image,
        summary,
        startAt: iso(startAt),
        endAt: iso(endAt),
      }));
      return { list, total, page, size };
    },

    async promoDetail(id: number): Promise<PromoDetail> {
      const row = await contentRepository.promo(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      const { title, image, summary, content, startAt, endAt } = row;
      return { id, title, image, summary, content, startAt: iso(startAt), endAt: iso(endAt) };
    },

    async newsList(page: number, size: number) {
      const { rows, total } = await contentRepository.publishedNews(db, (page - 1) * size, size);
      const list: NewsSummary[] = rows.map(({ id, title, image, summary, publishedAt }) => ({
        id,
        title,
        image,
        summary,
        publishedAt: publishedAt.toISOString(),
      }));
      return { list, total, page, size };
    },

    async newsDetail(id: number): Promise<NewsDetail> {
      const row = await contentRepository.newsItem(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      return {
        id,
        title: row.title,
        image: row.image,
        summary: row.summary,
        content: row.content,
        publishedAt: row.publishedAt.toISOString(),
      };
    },

    tree(id: string): Promise<TreeNode[]> {
      return cached(`tree:${id}`, async () =>
        (await contentRepository.treeChildren(db, id)).map(({ id: nodeId, code, label, sort }) => ({
          id: nodeId,
          code,
          label,
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

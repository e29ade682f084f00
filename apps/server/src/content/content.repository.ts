import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { banners, configTree, gameGroups, games, news, notices, promos, settings } from '../db/schema';

export const contentRepository = {
  activeBanners(db: Executor) {
    return db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.sort), asc(banners.id));
  },

  activeNotices(db: Executor, limit: number) {
    return db
      .select()
      .from(notices)
      .where(eq(notices.active, true))
      .orderBy(asc(notices.sort), desc(notices.id))
      .limit(limit);
  },

  /** Promotions that are switched on and within their dates (open-ended dates allowed). */
  async runningPromos(db: Executor, offset: number, limit: number) {
    const now = new Date();
    const where = and(
      eq(promos.active, true),
      or(isNull(promos.startAt), lte(promos.startAt, now)),
      or(isNull(promos.endAt), gte(promos.endAt, now)),
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(promos).where(where).orderBy(asc(promos.sort), desc(promos.id)).offset(offset).limit(limit),
      db.select({ value: count() }).from(promos).where(where),
    ]);
    return { rows, total: Number(total?.value ?? 0) };
  },

  async promo(db: Executor, id: number) {
    return (
      await db
        .select()
        .from(promos)
        .where(and(eq(promos.id, id), eq(promos.active, true)))
        .limit(1)
    )[0];
  },

  async publishedNews(db: Executor, offset: number, limit: number) {
    const where = and(eq(news.active, true), lte(news.publishedAt, new Date()));
    const [rows, [total]] = await Promise.all([
      db.select().from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)).offset(offset).limit(limit),
      db.select({ value: count() }).from(news).where(where),
    ]);
    return { rows, total: Number(total?.value ?? 0) };
  },

  async newsItem(db: Executor, id: number) {
    return (
      await db
        .select()
        .from(news)
        .where(and(eq(news.id, id), eq(news.active, true)))
        .limit(1)
    )[0];
  },

  treeChildren(db: Executor, parentId: string) {
    return db
      .select()
      .from(configTree)
      .where(eq(configTree.parentId, parentId))
      .orderBy(asc(configTree.sort), asc(configTree.id));
  },

  gameGroups(db: Executor) {
    return db.select().from(gameGroups).orderBy(asc(gameGroups.sort), asc(gameGroups.id));
  },

  gamesByIds(db: Executor, ids: number[]) {
    return db
      .select()
      .from(games)
      .where(and(eq(games.active, true), inArray(games.id, ids)))
      .orderBy(asc(games.sort), asc(games.id));
  },

  activeGames(db: Executor) {
    return db.select().from(games).where(eq(games.active, true)).orderBy(asc(games.sort), asc(games.id));
  },

  async setting<T>(db: Executor, key: string): Promise<T | undefined> {
    return (await db.select().from(settings).where(eq(settings.key, key)).limit(1))[0]?.value as T | undefined;
  },
};

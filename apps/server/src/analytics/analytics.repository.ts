import { count, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { pageViews } from '../db/schema';

/** SQL for page views: recording one, and the per-day and per-path counts an operator reads. */
export const analyticsRepository = {
  async insertPageView(
    db: Executor,
    view: { path: string; referrer: string; deviceNo: string; memberId: bigint | null },
  ): Promise<void> {
    await db.insert(pageViews).values(view);
  },

  /** Views and distinct devices per day of the platform's calendar (`timeZone`), from `since`. */
  async viewsPerDay(db: Executor, since: Date, timeZone: string) {
    const day = sql<string>`to_char(${pageViews.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, views: count(), visitors: sql<number>`count(distinct ${pageViews.deviceNo})` })
      .from(pageViews)
      .where(gte(pageViews.createdAt, since))
      // By position: the zone is a parameter, so the same expression written twice would be two different ones.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));
  },

  async topPaths(db: Executor, since: Date, limit: number) {
    const rows = await db
      .select({ path: pageViews.path, views: count() })
      .from(pageViews)
      .where(gte(pageViews.createdAt, since))
      .groupBy(pageViews.path)
      .orderBy(sql`count(*) desc`)
      .limit(limit);
    return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
  },
};

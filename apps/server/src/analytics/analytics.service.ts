import { count, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pageViews } from '../db/schema';
import { hmac } from '../shared/tokens';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Page views kept in our own database, so an operator can count visits without a third party. */
export function createAnalyticsService(db: Database, secret: string) {
  return {
    async recordPageView(view: { path: string; referrer: string; deviceNo: string; memberId: bigint | null }) {
      await db.insert(pageViews).values({
        path: view.path.slice(0, 512),
        referrer: view.referrer.slice(0, 512),
        deviceNo: view.deviceNo.slice(0, 128),
        memberId: view.memberId,
      });
    },

    /** A stable, opaque visitor id for a device (the `vid` header); it cannot be turned back into the device id. */
    visitorId(deviceNo: string): string {
      return hmac(secret, `vid:${deviceNo}`).slice(0, 24);
    },

    /** Views and distinct devices per day and the most viewed paths since `since`. */
    async summary(since: Date) {
      const day = sql<string>`to_char(${pageViews.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
      const [days, topPaths] = await Promise.all([
        db
          .select({ day, views: count(), visitors: sql<number>`count(distinct ${pageViews.deviceNo})` })
          .from(pageViews)
          .where(gte(pageViews.createdAt, since))
          .groupBy(day)
          .orderBy(day),
        db
          .select({ path: pageViews.path, views: count() })
          .from(pageViews)
          .where(gte(pageViews.createdAt, since))
          .groupBy(pageViews.path)
          .orderBy(sql`count(*) desc`)
          .limit(20),
      ]);
      return {
        days: days.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) })),
        topPaths: topPaths.map((row) => ({ path: row.path, views: Number(row.views) })),
      };
    },
  };
}

import type { Database } from '../db/database';
import { hmac } from '../shared/tokens';
import { analyticsRepository } from './analytics.repository';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Page views kept in our own database, so an operator can count visits without a third party. */
export function createAnalyticsService(deps: { db: Database; secret: string; timeZone: string }) {
  const { db } = deps;
  return {
    async recordPageView(view: { path: string; referrer: string; deviceNo: string; memberId: bigint | null }) {
      await analyticsRepository.insertPageView(db, {
        path: view.path.slice(0, 512),
        referrer: view.referrer.slice(0, 512),
        deviceNo: view.deviceNo.slice(0, 128),
        memberId: view.memberId,
      });
    },

    /** A stable, opaque visitor id for a device (the `vid` header); it cannot be turned back into the device id. */
    visitorId(deviceNo: string): string {
      return hmac(deps.secret, `vid:${deviceNo}`).slice(0, 24);
    },

    /** Views and distinct devices per platform day, and the most viewed paths, since `since`. */
    async summary(since: Date) {
      const [days, topPaths] = await Promise.all([
        analyticsRepository.viewsPerDay(db, since, deps.timeZone),
        analyticsRepository.topPaths(db, since, 20),
      ]);
      return { days, topPaths };
    },
  };
}

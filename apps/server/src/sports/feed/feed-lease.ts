import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

/**
 * Which process runs a feed: a lease row in the settings table (`sports.feed:<name>`) naming its owner until a time
 * taken from the database's clock, so processes on machines whose clocks disagree still agree. The owner renews it on
 * every poll; another process takes it over only once it has run out (its owner died or stopped), so a feed runs in
 * one process at a time without holding a connection for its whole life, as a session advisory lock would.
 */
export function createFeedLease(db: Executor, feed: string, owner: string, ttlMs: number) {
  const key = `sports.feed:${feed}`;
  return {
    /** Takes or renews the lease; false while another live process holds it. */
    async acquire(): Promise<boolean> {
      const rows = resultRows<{ key: string }>(
        await db.execute(sql`
          insert into settings (key, value, updated_at)
          values (${key}, jsonb_build_object('owner', ${owner}::text,
            'until', now() + ${ttlMs}::int * interval '1 millisecond'), now())
          on conflict (key) do update set value = excluded.value, updated_at = now()
            where settings.value->>'owner' = ${owner} or (settings.value->>'until')::timestamptz < now()
          returning key`),
      );
      return rows.length === 1;
    },

    /** Gives the lease up at once (a clean stop), so a restarted process need not wait for it to run out. */
    async release(): Promise<void> {
      await db.execute(sql`delete from settings where key = ${key} and value->>'owner' = ${owner}`);
    },
  };
}

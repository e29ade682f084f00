import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';

/** Tables whose rows are dead once expires_at has passed. Names are constants, never input. */
export const PURGEABLE_TABLES = ['captchas', 'verification_codes', 'member_sessions', 'operator_sessions'] as const;
export type PurgeableTable = (typeof PURGEABLE_TABLES)[number];

// Arbitrary constant shared by every process of this app: whoever holds it is the one purging.
const PURGE_LOCK_KEY = 7_202_611;

export const purgeRepository = {
  /** Deletes up to `limit` rows that expired before `before`; returns how many went. */
  async deleteExpiredBatch(db: Executor, table: PurgeableTable, before: Date, limit: number): Promise<number> {
    // ctid batches keep each delete short (no long lock, no huge WAL burst) on a table that grew for years.
    const result = await db.execute(
      sql`delete from ${sql.identifier(table)} where ctid in (
            select ctid from ${sql.identifier(table)} where expires_at < ${before.toISOString()} limit ${limit})`,
    );
    return Number(
      (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
        (result as { affectedRows?: number }).affectedRows ??
        0,
    );
  },

  /**
   * Transaction-level lock, released at commit: a pooled connection never keeps it by mistake. False when another
   * process is purging right now.
   */
  async tryLockForTransaction(tx: Executor): Promise<boolean> {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`);
    const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
    return rows[0]?.locked === true;
  },
};

import type { Database } from '../db/database';
import { PURGEABLE_TABLES, type PurgeableTable, purgeRepository } from './purge.repository';

export type PurgeOptions = {
  /** Expired rows are kept this long so support can still look at recent ones. */
  marginMs?: number;
  batchSize?: number;
  /** Stops a run after this many batches per table; the next period carries on. */
  maxBatches?: number;
};

export type PurgeResult = { skipped: boolean; deleted: Record<PurgeableTable, number> };

export type PurgeService = ReturnType<typeof createPurgeService>;

/**
 * Deletes captchas, verification codes and member/operator sessions whose expiry is older than the margin. Every
 * process calls it each period; an advisory lock lets one of them do the work while the others skip.
 */
export function createPurgeService(db: Database, options: PurgeOptions = {}) {
  const marginMs = options.marginMs ?? 86_400_000;
  const batchSize = options.batchSize ?? 1_000;
  const maxBatches = options.maxBatches ?? 50;

  return {
    async purgeExpired(now: Date = new Date()): Promise<PurgeResult> {
      const before = new Date(now.getTime() - marginMs);
      const deleted = Object.fromEntries(PURGEABLE_TABLES.map((table) => [table, 0])) as Record<PurgeableTable, number>;
      for (const table of PURGEABLE_TABLES) {
        for (let batch = 0; batch < maxBatches; batch++) {
          const count = await db.transaction(async (tx) => {
            if (!(await purgeRepository.tryLockForTransaction(tx))) return -1;
            return purgeRepository.deleteExpiredBatch(tx, table, before, batchSize);
          });
          if (count < 0) return { skipped: true, deleted };
          deleted[table] += count;
          if (count < batchSize) break;
        }
      }
      return { skipped: false, deleted };
    },
  };
}

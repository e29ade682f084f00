import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { operatorApprovals } from '../db/schema';

export type ApprovalRow = typeof operatorApprovals.$inferSelect;

export const approvalRepository = {
  /** Inserts a request once per key; a replay of the same request gets the row the first one made. */
  async insertOnce(
    db: Executor,
    values: { action: string; requestKey: string; target: string; payload: unknown; requestedBy: bigint },
  ): Promise<{ row: ApprovalRow; created: boolean }> {
    const [inserted] = await db
      .insert(operatorApprovals)
      .values(values)
      .onConflictDoNothing({ target: operatorApprovals.requestKey })
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await db
      .select()
      .from(operatorApprovals)
      .where(eq(operatorApprovals.requestKey, values.requestKey))
      .limit(1);
    if (!existing) throw new Error(`approval ${values.requestKey} vanished after a key conflict`);
    return { row: existing, created: false };
  },

  async lock(db: Executor, id: bigint): Promise<ApprovalRow | undefined> {
    return (await db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id)).for('update').limit(1))[0];
  },

  async decide(
    db: Executor,
    id: bigint,
    decision: { status: 'approved' | 'rejected'; decidedBy: bigint; reason: string; result: unknown },
  ): Promise<ApprovalRow> {
    const [row] = await db
      .update(operatorApprovals)
      .set({ ...decision, decidedAt: new Date() })
      .where(and(eq(operatorApprovals.id, id), eq(operatorApprovals.status, 'pending')))
      .returning();
    if (!row) throw new Error(`approval ${id} was not pending under its lock`);
    return row;
  },

  list(db: Executor, filter: { status?: string; beforeId?: bigint; limit: number }) {
    const conditions = [
      filter.status ? eq(operatorApprovals.status, filter.status) : undefined,
      filter.beforeId ? lt(operatorApprovals.id, filter.beforeId) : undefined,
    ].filter((condition) => condition !== undefined);
    return db
      .select()
      .from(operatorApprovals)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(operatorApprovals.id))
      .limit(filter.limit);
  },
};

import { and, count, desc, eq, gte, inArray, notInArray, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { withdrawals } from '../../db/schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** SQL for withdrawals and the daily sums their limits read. */
export const withdrawRepository = {
  async withdrawalByKey(db: Executor, memberId: bigint, key: string) {
    return (
      await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.idempotencyKey, key)))
        .limit(1)
    )[0];
  },

  async withdrawal(db: Executor, id: bigint, lock = false) {
    const query = db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
    return (lock ? await query.for('update') : await query)[0];
  },

  async insertWithdrawal(db: Executor, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    const [row] = await db.insert(withdrawals).values(values).returning();
    if (!row) throw new Error('withdrawal insert returned nothing');
    return row;
  },

  async moveWithdrawal(
    db: Executor,
    id: bigint,
    from: string[],
    to: string,
    values: { reason?: string; handledBy?: string } = {},
  ) {
    const [row] = await db
      .update(withdrawals)
      .set({ status: to, updatedAt: new Date(), ...values })
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
      .returning();
    return row;
  },

  /** Withdrawals that count against today's limits: everything since `since` not refused or cancelled. */
  async withdrawnSince(db: Executor, memberId: bigint, since: Date) {
    const [row] = await db
      .select({ n: count(), total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.memberId, memberId),
          gte(withdrawals.createdAt, since),
          notInArray(withdrawals.status, ['refused', 'cancelled']),
        ),
      );
    return { count: Number(row?.n ?? 0), amount: BigInt(row?.total ?? '0') };
  },

  listWithdrawals(db: Executor, filter: { memberId?: bigint; status?: string; limit: number }) {
    const conditions = [];
    if (filter.memberId !== undefined) conditions.push(eq(withdrawals.memberId, filter.memberId));
    if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
    return db
      .select()
      .from(withdrawals)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(withdrawals.id))
      .limit(filter.limit);
  },
};

import { and, asc, eq, lte, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { venueTransfers } from '../../db/schema';

export type VenueTransferRow = typeof venueTransfers.$inferSelect;

/** SQL for transfers between the main wallet and the venues. */
export const venueTransferRepository = {
  async venueTransferByKey(db: Executor, memberId: bigint, key: string) {
    return (
      await db
        .select()
        .from(venueTransfers)
        .where(and(eq(venueTransfers.memberId, memberId), eq(venueTransfers.idempotencyKey, key)))
        .limit(1)
    )[0];
  },

  async insertVenueTransfer(db: Executor, values: typeof venueTransfers.$inferInsert): Promise<VenueTransferRow> {
    const [row] = await db.insert(venueTransfers).values(values).returning();
    if (!row) throw new Error('venue transfer insert returned nothing');
    return row;
  },

  async resolveVenueTransfer(db: Executor, id: bigint, status: 'confirmed' | 'failed') {
    const [row] = await db
      .update(venueTransfers)
      .set({ status, resolvedAt: new Date() })
      .where(and(eq(venueTransfers.id, id), eq(venueTransfers.status, 'pending')))
      .returning();
    return row;
  },

  pendingVenueTransfers(db: Executor, olderThan: Date, limit: number) {
    return db
      .select()
      .from(venueTransfers)
      .where(and(eq(venueTransfers.status, 'pending'), lte(venueTransfers.createdAt, olderThan)))
      .orderBy(asc(venueTransfers.id))
      .limit(limit);
  },

  async pendingByVenue(db: Executor, memberId: bigint) {
    return db
      .select({ venue: venueTransfers.venue, total: sum(venueTransfers.amount) })
      .from(venueTransfers)
      .where(and(eq(venueTransfers.memberId, memberId), eq(venueTransfers.status, 'pending')))
      .groupBy(venueTransfers.venue);
  },
};

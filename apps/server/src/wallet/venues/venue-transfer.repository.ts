import { and, asc, eq, lte, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { venueTransfers } from '../../db/schema';

export type VenueTransferRow = typeof venueTransfers.$inferSelect;

/** A member's accounts and pending venue transfers as the transfer call saw them right after it moved the money. */
export type WalletSnapshot = {
  balances: Array<{ kind: string; balance: bigint }>;
  pending: Array<{ venue: string; total: bigint }>;
};

type SnapshotColumns = { kinds: string[]; balances: string[]; pending_venues: string[]; pending_totals: string[] };

function snapshotOf(row: SnapshotColumns): WalletSnapshot {
  return {
    balances: row.kinds.map((kind, index) => ({ kind, balance: BigInt(row.balances[index] ?? '0') })),
    pending: row.pending_venues.map((venue, index) => ({ venue, total: BigInt(row.pending_totals[index] ?? '0') })),
  };
}

/** SQL for transfers between the main wallet and the venues. */
export const venueTransferRepository = {
  /**
   * Step 1 of a transfer in one statement (wallet_venue_transfer, migration 0009): the row, unique per member and
   * key, and the money that leaves first; answers with the row (the existing one on a replay) and the wallet after.
   */
  async transfer(
    db: Executor,
    input: {
      memberId: bigint;
      venue: string;
      direction: 'in' | 'out';
      amount: bigint;
      key: string;
      inHouse: boolean;
      fromId: bigint;
      toId: bigint;
      actor: string;
    },
  ): Promise<{ replayed: boolean; row: VenueTransferRow; wallet: WalletSnapshot }> {
    const result = await db.execute(sql`
      select * from wallet_venue_transfer(${input.memberId}, ${input.venue}, ${input.direction}, ${input.amount},
        ${input.key}, ${input.inHouse}, ${input.fromId}, ${input.toId}, ${input.actor})`);
    const [found] = resultRows<
      SnapshotColumns & {
        outcome: 'created' | 'replayed';
        id: string;
        venue: string;
        direction: string;
        amount: string;
        status: string;
        created_ms: string;
        resolved_ms: string | null;
      }
    >(result);
    if (!found) throw new Error('wallet_venue_transfer returned nothing');
    return {
      replayed: found.outcome === 'replayed',
      row: {
        id: BigInt(found.id),
        memberId: input.memberId,
        venue: found.venue,
        direction: found.direction,
        amount: BigInt(found.amount),
        status: found.status,
        idempotencyKey: input.key,
        createdAt: new Date(Number(found.created_ms)),
        resolvedAt: found.resolved_ms === null ? null : new Date(Number(found.resolved_ms)),
      },
      wallet: snapshotOf(found),
    };
  },

  /** The transfer a member's key already made, if any (a retry refused by a limit answers with it instead). */
  async byKey(db: Executor, memberId: bigint, key: string): Promise<VenueTransferRow | undefined> {
    const [row] = await db
      .select()
      .from(venueTransfers)
      .where(and(eq(venueTransfers.memberId, memberId), eq(venueTransfers.idempotencyKey, key)))
      .limit(1);
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

import { and, asc, count, desc, eq, gte, inArray, lt, lte, notInArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../db/database';
import {
  depositOrders,
  ledgerEntries,
  ledgerTransfers,
  memberCards,
  members,
  turnoverRequirements,
  venueTransfers,
  walletAccounts,
  withdrawals,
} from '../db/schema';

export type CardRow = typeof memberCards.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type VenueTransferRow = typeof venueTransfers.$inferSelect;

/** SQL for cards, withdrawals, venue transfers, turnover and records. The ledger has its own. */
export const walletRepository = {
  cards(db: Executor, memberId: bigint) {
    return db.select().from(memberCards).where(eq(memberCards.memberId, memberId)).orderBy(asc(memberCards.id));
  },

  async card(db: Executor, memberId: bigint, id: bigint) {
    return (
      await db
        .select()
        .from(memberCards)
        .where(and(eq(memberCards.memberId, memberId), eq(memberCards.id, id)))
        .limit(1)
    )[0];
  },

  async cardById(db: Executor, id: bigint) {
    return (await db.select().from(memberCards).where(eq(memberCards.id, id)).limit(1))[0];
  },

  async cardByKey(db: Executor, memberId: bigint, key: string) {
    return (
      await db
        .select()
        .from(memberCards)
        .where(and(eq(memberCards.memberId, memberId), eq(memberCards.idempotencyKey, key)))
        .limit(1)
    )[0];
  },

  async insertCard(db: Executor, values: typeof memberCards.$inferInsert): Promise<CardRow> {
    const [row] = await db.insert(memberCards).values(values).returning();
    if (!row) throw new Error('card insert returned nothing');
    return row;
  },

  async setRealNameIfEmpty(db: Executor, memberId: bigint, realName: string) {
    await db
      .update(members)
      .set({ realName })
      .where(and(eq(members.id, memberId), eq(members.realName, '')));
  },

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

  async addTurnover(db: Executor, memberId: bigint, required: bigint) {
    await db
      .insert(turnoverRequirements)
      .values({ memberId, required })
      .onConflictDoUpdate({
        target: turnoverRequirements.memberId,
        set: { required: sql`${turnoverRequirements.required} + ${required}` },
      });
  },

  /** Operator waiver: whatever is still unmet is forgiven (wagered is raised to required). */
  async waiveTurnover(db: Executor, memberId: bigint) {
    await db
      .update(turnoverRequirements)
      .set({ wagered: sql`greatest(${turnoverRequirements.wagered}, ${turnoverRequirements.required})` })
      .where(eq(turnoverRequirements.memberId, memberId));
  },

  async turnover(db: Executor, memberId: bigint) {
    const [row] = await db
      .select()
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, memberId))
      .limit(1);
    return { required: row?.required ?? 0n, wagered: row?.wagered ?? 0n };
  },

  /** Entries on a member's accounts, newest first, with the transfer that caused each. */
  async records(
    db: Executor,
    filter: {
      memberId: bigint;
      codes: string[] | null;
      start: Date | null;
      end: Date | null;
      offset: number;
      limit: number;
      entryId?: bigint;
    },
  ) {
    const conditions = [eq(walletAccounts.memberId, filter.memberId)];
    if (filter.codes) conditions.push(inArray(ledgerTransfers.code, filter.codes));
    if (filter.start) conditions.push(gte(ledgerEntries.createdAt, filter.start));
    if (filter.end) conditions.push(lte(ledgerEntries.createdAt, filter.end));
    if (filter.entryId !== undefined) conditions.push(eq(ledgerEntries.id, filter.entryId));
    const where = and(...conditions);
    const base = () =>
      db
        .select({
          id: ledgerEntries.id,
          amount: ledgerEntries.amount,
          balanceBefore: ledgerEntries.balanceBefore,
          balanceAfter: ledgerEntries.balanceAfter,
          createdAt: ledgerEntries.createdAt,
          kind: walletAccounts.kind,
          transferId: ledgerTransfers.id,
          code: ledgerTransfers.code,
          reference: ledgerTransfers.reference,
          memo: ledgerTransfers.memo,
          fromAccountId: ledgerTransfers.fromAccountId,
          toAccountId: ledgerTransfers.toAccountId,
          accountId: ledgerEntries.accountId,
        })
        .from(ledgerEntries)
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId));
    const [list, [total]] = await Promise.all([
      base().where(where).orderBy(desc(ledgerEntries.id)).offset(filter.offset).limit(filter.limit),
      db
        .select({ n: count() })
        .from(ledgerEntries)
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .where(where),
    ]);
    return { list, total: Number(total?.n ?? 0) };
  },

  async accountKind(db: Executor, id: bigint) {
    return (
      await db
        .select({ kind: walletAccounts.kind, memberId: walletAccounts.memberId })
        .from(walletAccounts)
        .where(eq(walletAccounts.id, id))
        .limit(1)
    )[0];
  },

  /** Operator summary of one day (from `since` to `until`). */
  async daySummary(db: Executor, since: Date, until: Date) {
    const [deposited] = await db
      .select({ n: count(), total: sum(depositOrders.payAmount) })
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.status, 'confirmed'),
          gte(depositOrders.resolvedAt, since),
          lt(depositOrders.resolvedAt, until),
        ),
      );
    const [paid] = await db
      .select({ n: count(), total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'paid'), gte(withdrawals.updatedAt, since), lt(withdrawals.updatedAt, until)));
    const [pendingDeposits] = await db
      .select({ n: count() })
      .from(depositOrders)
      .where(eq(depositOrders.status, 'pending'));
    const [pendingWithdrawals] = await db
      .select({ n: count() })
      .from(withdrawals)
      .where(inArray(withdrawals.status, ['unhandled', 'accepted']));
    const [pendingVenue] = await db
      .select({ n: count() })
      .from(venueTransfers)
      .where(eq(venueTransfers.status, 'pending'));
    return {
      deposits: { count: Number(deposited?.n ?? 0), amount: BigInt(deposited?.total ?? '0') },
      withdrawals: { count: Number(paid?.n ?? 0), amount: BigInt(paid?.total ?? '0') },
      pending: {
        deposits: Number(pendingDeposits?.n ?? 0),
        withdrawals: Number(pendingWithdrawals?.n ?? 0),
        venueTransfers: Number(pendingVenue?.n ?? 0),
      },
    };
  },
};

import { and, count, desc, eq, gte, inArray, lt, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  depositOrders,
  ledgerEntries,
  ledgerTransfers,
  venueTransfers,
  walletAccounts,
  withdrawals,
} from '../../db/schema';

/** SQL the operator's money desk reads: a member's ledger entries, a day's summary. */
export const deskRepository = {
  /** A member's latest ledger entries on any of their accounts, newest first, with the transfer that caused each. */
  latestEntries(db: Executor, memberId: bigint, limit: number) {
    return db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
        kind: walletAccounts.kind,
        code: ledgerTransfers.code,
        reference: ledgerTransfers.reference,
        memo: ledgerTransfers.memo,
      })
      .from(ledgerEntries)
      .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(eq(walletAccounts.memberId, memberId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
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

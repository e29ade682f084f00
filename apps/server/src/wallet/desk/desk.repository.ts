import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, lte, min, or, type SQL, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  depositChannels,
  depositOrders,
  depositPayments,
  ledgerEntries,
  ledgerTransfers,
  memberCards,
  members,
  operatorApprovals,
  turnoverRequirements,
  venueTransfers,
  walletAccounts,
  withdrawals,
} from '../../db/schema';

/** Withdrawals the desk still owes a decision or a payment. */
export const WITHDRAWAL_QUEUE = ['unhandled', 'accepted'];

/** A paged list's filter, as the desk's calls take it (the contract's query, validated). */
export type DeskListFilter = {
  offset: number;
  limit: number;
  /** `createdAt` or `amount`, descending when `descending`. */
  sort: 'createdAt' | 'amount';
  descending: boolean;
  statuses: string[];
  account: string;
  id: bigint | null;
};

/** A page of the payments seen: the contract's query with its bounds parsed. */
export type PaymentPageFilter = {
  offset: number;
  limit: number;
  sort: 'seenAt' | 'amount';
  descending: boolean;
  status: string;
  /** The start of the reference (a txid or bank reference is pasted whole or in part). */
  reference: string;
  from: Date | null;
  to: Date | null;
  amountMin: bigint | null;
  amountMax: bigint | null;
};

export type ChannelPageFilter = {
  offset: number;
  limit: number;
  sort: 'sort' | 'min' | 'max';
  descending: boolean;
  kind: string;
  active: boolean | null;
  name: string;
};

/** A search text taken literally inside LIKE: `%` and `_` typed by the operator match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** SQL the operator's money desk reads: a member's ledger entries, a day's summary, the queues and paged lists. */
export const deskRepository = {
  /** Each queue's count and oldest item (the console's badges and the dashboard). */
  async queues(db: Executor) {
    const [deposits] = await db
      .select({ n: count(), oldest: min(depositOrders.createdAt) })
      .from(depositOrders)
      .where(eq(depositOrders.status, 'pending'));
    const [queued] = await db
      .select({ n: count(), oldest: min(withdrawals.createdAt) })
      .from(withdrawals)
      .where(inArray(withdrawals.status, WITHDRAWAL_QUEUE));
    const [approvals] = await db
      .select({ n: count(), oldest: min(operatorApprovals.createdAt) })
      .from(operatorApprovals)
      .where(eq(operatorApprovals.status, 'pending'));
    const [unmatched] = await db
      .select({ n: count(), oldest: min(depositPayments.seenAt) })
      .from(depositPayments)
      .where(eq(depositPayments.status, 'unmatched'));
    const queue = (row: { n: number; oldest: Date | null } | undefined) => ({
      count: Number(row?.n ?? 0),
      // pg answers min() of a timestamp as text through drizzle's untyped aggregate: read it either way.
      oldestAt: row?.oldest ? new Date(row.oldest) : null,
    });
    return {
      deposits: queue(deposits),
      withdrawals: queue(queued),
      approvals: queue(approvals),
      unmatched: queue(unmatched),
    };
  },

  /** Withdrawals with the member's account, main balance and turnover, one page of them and the total. */
  async withdrawalPage(db: Executor, filter: DeskListFilter) {
    const conditions: SQL[] = [];
    if (filter.statuses.length) conditions.push(inArray(withdrawals.status, filter.statuses));
    if (filter.account) conditions.push(eq(members.account, filter.account));
    if (filter.id !== null) conditions.push(eq(withdrawals.id, filter.id));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = filter.sort === 'amount' ? withdrawals.amount : withdrawals.id;
    const order = filter.descending ? desc(column) : asc(column);
    const rows = await db
      .select({
        withdrawal: withdrawals,
        card: memberCards,
        account: members.account,
        balance: walletAccounts.balance,
        required: turnoverRequirements.required,
        wagered: turnoverRequirements.wagered,
      })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .innerJoin(memberCards, eq(memberCards.id, withdrawals.cardId))
      .leftJoin(walletAccounts, and(eq(walletAccounts.memberId, withdrawals.memberId), eq(walletAccounts.kind, 'main')))
      .leftJoin(turnoverRequirements, eq(turnoverRequirements.memberId, withdrawals.memberId))
      .where(where)
      .orderBy(order, desc(withdrawals.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db
      .select({ n: count() })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Deposit orders with the member's account and the channel's name, one page of them and the total. */
  async depositPage(db: Executor, filter: DeskListFilter) {
    const conditions: SQL[] = [];
    if (filter.statuses.length) conditions.push(inArray(depositOrders.status, filter.statuses));
    if (filter.account) conditions.push(eq(members.account, filter.account));
    if (filter.id !== null) conditions.push(eq(depositOrders.id, filter.id));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = filter.sort === 'amount' ? depositOrders.amount : depositOrders.id;
    const order = filter.descending ? desc(column) : asc(column);
    const rows = await db
      .select({ order: depositOrders, account: members.account, channelName: depositChannels.name })
      .from(depositOrders)
      .innerJoin(members, eq(members.id, depositOrders.memberId))
      .leftJoin(depositChannels, eq(depositChannels.id, depositOrders.channelId))
      .where(where)
      .orderBy(order, desc(depositOrders.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db
      .select({ n: count() })
      .from(depositOrders)
      .innerJoin(members, eq(members.id, depositOrders.memberId))
      .where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Payments seen on the chain or a bank statement, one page of them and the total. */
  async paymentPage(db: Executor, filter: PaymentPageFilter) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(depositPayments.status, filter.status));
    if (filter.reference) conditions.push(like(depositPayments.reference, `${escapeLike(filter.reference)}%`));
    if (filter.from) conditions.push(gte(depositPayments.seenAt, filter.from));
    if (filter.to) conditions.push(lt(depositPayments.seenAt, filter.to));
    if (filter.amountMin !== null) conditions.push(gte(depositPayments.amount, filter.amountMin));
    if (filter.amountMax !== null) conditions.push(lte(depositPayments.amount, filter.amountMax));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = filter.sort === 'amount' ? depositPayments.amount : depositPayments.seenAt;
    const rows = await db
      .select()
      .from(depositPayments)
      .where(where)
      .orderBy(filter.descending ? desc(column) : asc(column), desc(depositPayments.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db.select({ n: count() }).from(depositPayments).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Deposit channels, one page of them and the total. */
  async channelPage(db: Executor, filter: ChannelPageFilter) {
    const conditions: SQL[] = [];
    if (filter.kind) conditions.push(eq(depositChannels.kind, filter.kind));
    if (filter.active !== null) conditions.push(eq(depositChannels.active, filter.active));
    if (filter.name) {
      const part = `%${escapeLike(filter.name)}%`;
      const named = or(ilike(depositChannels.name, part), ilike(depositChannels.id, part));
      if (named) conditions.push(named);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const column =
      filter.sort === 'min'
        ? depositChannels.minAmount
        : filter.sort === 'max'
          ? depositChannels.maxAmount
          : depositChannels.sort;
    const rows = await db
      .select()
      .from(depositChannels)
      .where(where)
      .orderBy(filter.descending ? desc(column) : asc(column), asc(depositChannels.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db.select({ n: count() }).from(depositChannels).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

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

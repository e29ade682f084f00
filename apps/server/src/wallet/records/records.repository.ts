import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { depositOrders, sportsBets, venueTransfers, walletAccounts, withdrawals } from '../../db/schema';

/**
 * Which business event a transfer belongs to: the order it names (a withdrawal's freeze, payout, fee and refund all
 * name `withdrawal:<id>`), or the transfer alone when it names none (adjustments name the member, bonuses nothing).
 */
const BUSINESS_REFERENCE = /^(withdrawal|deposit|venue-transfer):\d+$/;
const EVENT_KEY = sql.raw(
  `(case when t.reference ~ '^(withdrawal|deposit|venue-transfer):[0-9]+$' then t.reference else 'transfer:' || t.id::text end)`,
);

/**
 * A bet's stake moving from the member's open-bets account to the house at settlement is no record of the member's:
 * the main wallet does not move (the stake left it at placement).
 */
const NOT_A_RECORD = sql.raw(`t.code <> 'bet_settle'`);

export function eventKeyOf(transferId: bigint, reference: string): string {
  return BUSINESS_REFERENCE.test(reference) ? reference : `transfer:${transferId}`;
}

export type LegRow = {
  entryId: bigint;
  transferId: bigint;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  createdAt: Date;
  kind: string;
  code: string;
  reference: string;
  memo: string;
  fromAccountId: bigint;
  toAccountId: bigint;
  accountId: bigint;
};

type RawLeg = {
  entry_id: string;
  transfer_id: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  created_ms: string;
  kind: string;
  code: string;
  reference: string;
  memo: string;
  from_account_id: string;
  to_account_id: string;
  account_id: string;
};

function toLeg(row: RawLeg): LegRow {
  return {
    entryId: BigInt(row.entry_id),
    transferId: BigInt(row.transfer_id),
    amount: BigInt(row.amount),
    balanceBefore: BigInt(row.balance_before),
    balanceAfter: BigInt(row.balance_after),
    createdAt: new Date(Number(row.created_ms)),
    kind: row.kind,
    code: row.code,
    reference: row.reference,
    memo: row.memo,
    fromAccountId: BigInt(row.from_account_id),
    toAccountId: BigInt(row.to_account_id),
    accountId: BigInt(row.account_id),
  };
}

function list(values: ReadonlyArray<string | bigint>): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** SQL for the member's transaction records: ledger entries grouped into business events. */
export const recordsRepository = {
  async accountKind(db: Executor, id: bigint) {
    return (
      await db
        .select({ kind: walletAccounts.kind, memberId: walletAccounts.memberId })
        .from(walletAccounts)
        .where(eq(walletAccounts.id, id))
        .limit(1)
    )[0];
  },

  /**
   * One page of the member's events, newest first, by when each began; a filter on codes keeps the events whose
   * transfers carry them (every transfer of an event is of one record type). `end` is exclusive.
   */
  async eventPage(
    db: Executor,
    filter: {
      memberId: bigint;
      codes: string[] | null;
      start: Date | null;
      end: Date | null;
      offset: number;
      limit: number;
    },
  ): Promise<{ events: string[]; total: number }> {
    const codes = filter.codes ? sql`and t.code in (${list(filter.codes)})` : sql``;
    const conditions: SQL[] = [];
    if (filter.start) conditions.push(sql`started_at >= ${filter.start.toISOString()}::timestamptz`);
    if (filter.end) conditions.push(sql`started_at < ${filter.end.toISOString()}::timestamptz`);
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const events = sql`
      with legs as (
        select e.id, e.created_at, ${EVENT_KEY} as event
        from ledger_entries e
        join wallet_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.member_id = ${filter.memberId} and ${NOT_A_RECORD} ${codes}
      )
      select event, min(id) as first_id, min(created_at) as started_at from legs group by event`;
    const page = resultRows<{ event: string; total: string }>(
      await db.execute(sql`
        select event, (count(*) over ())::text as total
        from (${events}) as events ${where}
        order by first_id desc
        offset ${filter.offset} limit ${filter.limit}`),
    );
    if (page.length > 0 || filter.offset === 0)
      return { events: page.map((row) => row.event), total: Number(page[0]?.total ?? 0) };
    // A page past the end has no row to carry the window count.
    const [counted] = resultRows<{ total: string }>(
      await db.execute(sql`select count(*)::text as total from (${events}) as events ${where}`),
    );
    return { events: [], total: Number(counted?.total ?? 0) };
  },

  /** The event a member's own entry belongs to; undefined for someone else's entry or none. */
  async eventOfEntry(db: Executor, memberId: bigint, entryId: bigint): Promise<string | undefined> {
    const [row] = resultRows<{ event: string }>(
      await db.execute(sql`
        select ${EVENT_KEY} as event
        from ledger_entries e
        join wallet_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where e.id = ${entryId} and a.member_id = ${memberId} and ${NOT_A_RECORD}`),
    );
    return row?.event;
  },

  /** Every entry on the member's own accounts that belongs to these events, oldest first. */
  async legs(db: Executor, memberId: bigint, events: string[]): Promise<LegRow[]> {
    if (events.length === 0) return [];
    const references = events.filter((event) => BUSINESS_REFERENCE.test(event));
    const transferIds = events.filter((event) => event.startsWith('transfer:')).map((event) => event.slice(9));
    const matches: SQL[] = [];
    // By reference (indexed) or by transfer id; never by computing the key on every row.
    if (references.length) matches.push(sql`t.reference in (${list(references)})`);
    if (transferIds.length) matches.push(sql`t.id in (${list(transferIds.map((id) => BigInt(id)))})`);
    const found = resultRows<RawLeg>(
      await db.execute(sql`
        select e.id::text as entry_id, e.transfer_id::text as transfer_id, e.amount::text as amount,
          e.balance_before::text as balance_before, e.balance_after::text as balance_after,
          floor(extract(epoch from e.created_at) * 1000)::bigint::text as created_ms,
          a.kind, t.code, t.reference, t.memo, t.from_account_id::text as from_account_id,
          t.to_account_id::text as to_account_id, e.account_id::text as account_id
        from ledger_entries e
        join wallet_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.member_id = ${memberId} and (${sql.join(matches, sql` or `)})
        order by e.id`),
    );
    return found.map(toLeg);
  },

  withdrawals(db: Executor, memberId: bigint, ids: bigint[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), inArray(withdrawals.id, ids)));
  },

  deposits(db: Executor, memberId: bigint, ids: bigint[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: depositOrders.id, createdAt: depositOrders.createdAt })
      .from(depositOrders)
      .where(and(eq(depositOrders.memberId, memberId), inArray(depositOrders.id, ids)));
  },

  bets(db: Executor, memberId: bigint, ids: bigint[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: sportsBets.id, placedAt: sportsBets.placedAt })
      .from(sportsBets)
      .where(and(eq(sportsBets.memberId, memberId), inArray(sportsBets.id, ids)));
  },

  venueTransfers(db: Executor, memberId: bigint, ids: bigint[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(venueTransfers)
      .where(and(eq(venueTransfers.memberId, memberId), inArray(venueTransfers.id, ids)));
  },
};

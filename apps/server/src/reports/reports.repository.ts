import type { ProductKind } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** Instants [start, end) and the zone whose calendar days the figures are grouped by. */
export type Span = { start: Date; end: Date; timeZone: string };

/** Sums come back as text (numeric on PostgreSQL, whatever PGlite makes of it): one parse for both drivers. */
const big = (text: string | null | undefined): bigint => BigInt(text ?? '0');

function dayOf(column: string, timeZone: string) {
  return sql`to_char(${sql.raw(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

export type DayAmount = { day: string; count: number; amount: bigint };
export type ProductDay = {
  day: string;
  product: string;
  kind: ProductKind;
  name: string;
  bets: number;
  stake: bigint;
  payout: bigint;
};
export type Queue = { count: number; oldestAt: Date | null };

type DayAmountRow = { day: string; n: number; amount: string };
const dayAmounts = (rows: DayAmountRow[]): DayAmount[] =>
  rows.map((row) => ({ day: row.day, count: Number(row.n), amount: big(row.amount) }));

type QueueRow = { n: number; oldest: Date | string | null };
const queueOf = (row: QueueRow | undefined): Queue => ({
  count: Number(row?.n ?? 0),
  oldestAt: row?.oldest ? new Date(row.oldest) : null,
});

/**
 * The SQL behind the dashboard and the reports. Every figure is read by time over an index (deposit_orders_confirmed_idx,
 * the bets' and payouts' indexes of migration 0035, the queues' status indexes) and grouped per business day in SQL,
 * so a request reads the rows of its range, never the ledger.
 */
export const reportsRepository = {
  /** Deposits confirmed per day, at the amount credited (the pay amount, as the wallet's summary counts it). */
  async depositsByDay(db: Executor, span: Span): Promise<DayAmount[]> {
    return dayAmounts(
      resultRows<DayAmountRow>(
        await db.execute(sql`
          select ${dayOf('resolved_at', span.timeZone)} as day, count(*)::int as n,
            coalesce(sum(pay_amount), 0)::text as amount
          from deposit_orders
          where status = 'confirmed' and resolved_at >= ${span.start.toISOString()} and resolved_at < ${span.end.toISOString()}
          group by 1`),
      ),
    );
  },

  /** Withdrawals paid per day (the day the desk paid them). */
  async paidWithdrawalsByDay(db: Executor, span: Span): Promise<DayAmount[]> {
    return dayAmounts(
      resultRows<DayAmountRow>(
        await db.execute(sql`
          select ${dayOf('updated_at', span.timeZone)} as day, count(*)::int as n,
            coalesce(sum(amount), 0)::text as amount
          from withdrawals
          where status = 'paid' and updated_at >= ${span.start.toISOString()} and updated_at < ${span.end.toISOString()}
          group by 1`),
      ),
    );
  },

  /**
   * Settled bets per day and product: the sportsbook (settled bets at their latest settlement, and each cash out on
   * the day it was taken: its stake part and what it paid), each house table, each external vendor.
   */
  async betsByDayAndProduct(db: Executor, span: Span): Promise<ProductDay[]> {
    const start = span.start.toISOString();
    const end = span.end.toISOString();
    const tz = span.timeZone;
    const rows = resultRows<{
      day: string;
      product: string;
      kind: ProductKind;
      name: string;
      bets: number;
      stake: string;
      payout: string;
    }>(
      await db.execute(sql`
        select day, product, kind, name, sum(n)::int as bets, sum(stake)::text as stake, sum(payout)::text as payout
        from (
          select ${dayOf('settled_at', tz)} as day, 'sports' as product, 'sports' as kind, '' as name, 1 as n,
            total_stake as stake, coalesce(payout, 0) as payout
          from sports_bets
          where status = 'settled' and settled_at >= ${start} and settled_at < ${end}
          union all
          select ${dayOf('created_at', tz)}, 'sports', 'sports', '', 0, stake, amount
          from sports_cashouts
          where created_at >= ${start} and created_at < ${end}
          union all
          select ${dayOf('b.settled_at', tz)}, 'table:' || b.table_code, 'table', coalesce(t.name, b.table_code), 1,
            b.stake, coalesce(b.payout, 0)
          from casino_bets b left join casino_tables t on t.code = b.table_code
          where b.status = 'settled' and b.settled_at >= ${start} and b.settled_at < ${end}
          union all
          select ${dayOf('coalesce(settled_at, placed_at)', tz)}, 'vendor:' || platform, 'vendor', platform, 1,
            stake, coalesce(payout, 0)
          from vendor_bets
          where status = 'settled' and not tombstone
            and coalesce(settled_at, placed_at) >= ${start} and coalesce(settled_at, placed_at) < ${end}
        ) settled
        group by day, product, kind, name`),
    );
    return rows.map((row) => ({
      day: row.day,
      product: row.product,
      kind: row.kind,
      name: row.name,
      bets: Number(row.bets),
      stake: big(row.stake),
      payout: big(row.payout),
    }));
  },

  /** Members who placed a bet anywhere or had a deposit confirmed in the span. */
  async activeMembers(db: Executor, span: Span): Promise<number> {
    const start = span.start.toISOString();
    const end = span.end.toISOString();
    const [row] = resultRows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from (
          select member_id from sports_bets where placed_at >= ${start} and placed_at < ${end} and status <> 'refused'
          union select member_id from casino_bets where placed_at >= ${start} and placed_at < ${end}
          union select member_id from vendor_bets where placed_at >= ${start} and placed_at < ${end} and not tombstone
          union select member_id from deposit_orders
            where status = 'confirmed' and resolved_at >= ${start} and resolved_at < ${end}
        ) active`),
    );
    return Number(row?.n ?? 0);
  },

  async newMembersByDay(db: Executor, span: Span): Promise<Array<{ day: string; count: number }>> {
    const rows = resultRows<{ day: string; n: number }>(
      await db.execute(sql`
        select ${dayOf('created_at', span.timeZone)} as day, count(*)::int as n from members
        where created_at >= ${span.start.toISOString()} and created_at < ${span.end.toISOString()}
        group by 1`),
    );
    return rows.map((row) => ({ day: row.day, count: Number(row.n) }));
  },

  /**
   * First deposits per day: each member's earliest confirmed deposit in the span, when they had none confirmed before
   * it. Reads the span's deposits (deposit_orders_confirmed_idx) and, per depositor, their own earlier orders
   * (deposit_orders_member_status_idx), never every member's history.
   */
  async firstDepositsByDay(db: Executor, span: Span): Promise<DayAmount[]> {
    const start = span.start.toISOString();
    const end = span.end.toISOString();
    return dayAmounts(
      resultRows<DayAmountRow>(
        await db.execute(sql`
          select ${dayOf('resolved_at', span.timeZone)} as day, count(*)::int as n, coalesce(sum(pay_amount), 0)::text as amount
          from (
            select distinct on (d.member_id) d.member_id, d.resolved_at, d.pay_amount
            from deposit_orders d
            where d.status = 'confirmed' and d.resolved_at >= ${start} and d.resolved_at < ${end}
              and not exists (
                select 1 from deposit_orders e
                where e.member_id = d.member_id and e.status = 'confirmed' and e.resolved_at < ${start})
            order by d.member_id, d.resolved_at, d.id
          ) firsts
          group by 1`),
      ),
    );
  },

  /** What waits for an operator now, each with its oldest item's time. */
  async queues(db: Executor) {
    const one = async (query: ReturnType<typeof sql>) => queueOf(resultRows<QueueRow>(await db.execute(query))[0]);
    return {
      deposits: await one(sql`
        select count(*)::int as n, min(created_at) as oldest from deposit_orders where status = 'pending'`),
      withdrawals: await one(sql`
        select count(*)::int as n, min(created_at) as oldest from withdrawals where status in ('unhandled', 'accepted')`),
      approvals: await one(sql`
        select count(*)::int as n, min(created_at) as oldest from operator_approvals where status = 'pending'`),
      claims: await one(sql`
        select count(*)::int as n, min(created_at) as oldest from promotion_claims where status in ('review', 'pending')`),
      // Chats: asked for a person and not taken yet (since they asked), or with an agent and a message the agents
      // have not read (since the first such message).
      chats: await one(sql`
        select count(*)::int as n, min(since) as oldest from (
          select queued_at as since from support_conversations where status = 'waiting' and queued_at is not null
          union all
          select m.created_at from support_conversations c
            join support_messages m on m.conversation_id = c.id and m.seq = c.agent_seen_seq + 1
          where c.status = 'open' and c.agent_seen_seq < c.last_seq
        ) unread`),
    };
  },

  /** Deposits confirmed in the span per channel. */
  async depositsByChannel(db: Executor, span: Span) {
    const rows = resultRows<{
      channel_id: string;
      name: string | null;
      kind: string | null;
      n: number;
      members: number;
      amount: string;
    }>(
      await db.execute(sql`
        select d.channel_id, c.name, c.kind, count(*)::int as n, count(distinct d.member_id)::int as members,
          coalesce(sum(d.pay_amount), 0)::text as amount
        from deposit_orders d left join deposit_channels c on c.id = d.channel_id
        where d.status = 'confirmed' and d.resolved_at >= ${span.start.toISOString()} and d.resolved_at < ${span.end.toISOString()}
        group by d.channel_id, c.name, c.kind`),
    );
    return rows.map((row) => ({
      channelId: row.channel_id,
      channelName: row.name ?? row.channel_id,
      kind: row.kind ?? '',
      count: Number(row.n),
      members: Number(row.members),
      amount: big(row.amount),
    }));
  },

  /** Withdrawals asked for per day (and how many of them still wait for the desk). */
  async withdrawalsRequestedByDay(db: Executor, span: Span) {
    const rows = resultRows<{ day: string; n: number; amount: string; waiting: number }>(
      await db.execute(sql`
        select ${dayOf('created_at', span.timeZone)} as day, count(*)::int as n, coalesce(sum(amount), 0)::text as amount,
          (count(*) filter (where status in ('unhandled', 'accepted')))::int as waiting
        from withdrawals
        where created_at >= ${span.start.toISOString()} and created_at < ${span.end.toISOString()}
        group by 1`),
    );
    return rows.map((row) => ({
      day: row.day,
      count: Number(row.n),
      amount: big(row.amount),
      waiting: Number(row.waiting),
    }));
  },

  /** Withdrawals paid, refused or cancelled per day (the day it happened) and status. */
  async withdrawalsDecidedByDay(db: Executor, span: Span) {
    const rows = resultRows<{
      day: string;
      status: 'paid' | 'refused' | 'cancelled';
      n: number;
      amount: string;
      fee: string;
    }>(
      await db.execute(sql`
        select ${dayOf('updated_at', span.timeZone)} as day, status, count(*)::int as n,
          coalesce(sum(amount), 0)::text as amount, coalesce(sum(fee), 0)::text as fee
        from withdrawals
        where status in ('paid', 'refused', 'cancelled')
          and updated_at >= ${span.start.toISOString()} and updated_at < ${span.end.toISOString()}
        group by 1, 2`),
    );
    return rows.map((row) => ({
      day: row.day,
      status: row.status,
      count: Number(row.n),
      amount: big(row.amount),
      fee: big(row.fee),
    }));
  },

  /**
   * Members registered per day and how many made their first deposit within 1, 7 and 30 days of registering. The
   * cohort's members come from members_created_idx, their first deposits from their own confirmed orders.
   */
  async registrationCohorts(db: Executor, span: Span) {
    const rows = resultRows<{ day: string; n: number; d1: number; d7: number; d30: number; amount: string }>(
      await db.execute(sql`
        with cohort as (
          select id, created_at from members
          where created_at >= ${span.start.toISOString()} and created_at < ${span.end.toISOString()}
        ), firsts as (
          select distinct on (d.member_id) d.member_id, d.resolved_at, d.pay_amount
          from deposit_orders d
          where d.status = 'confirmed' and d.member_id in (select id from cohort)
          order by d.member_id, d.resolved_at, d.id
        )
        select ${dayOf('m.created_at', span.timeZone)} as day, count(*)::int as n,
          (count(f.resolved_at) filter (where f.resolved_at < m.created_at + interval '1 day'))::int as d1,
          (count(f.resolved_at) filter (where f.resolved_at < m.created_at + interval '7 days'))::int as d7,
          (count(f.resolved_at) filter (where f.resolved_at < m.created_at + interval '30 days'))::int as d30,
          coalesce(sum(f.pay_amount) filter (where f.resolved_at < m.created_at + interval '30 days'), 0)::text as amount
        from cohort m left join firsts f on f.member_id = m.id
        group by 1`),
    );
    return rows.map((row) => ({
      day: row.day,
      registered: Number(row.n),
      within1: Number(row.d1),
      within7: Number(row.d7),
      within30: Number(row.d30),
      firstDepositAmount: big(row.amount),
    }));
  },

  /** The agent programme's commissions computed in the span, per period, and where the money went. */
  async commissionsByPeriod(db: Executor, span: Span) {
    const rows = resultRows<{
      period: string;
      agents: number;
      members: number;
      basis: string;
      second: string;
      amount: string;
      paid: string;
      pending: string;
      claimed: string;
      expired: string;
    }>(
      await db.execute(sql`
        select period, count(*)::int as agents, coalesce(sum(members), 0)::int as members,
          coalesce(sum(basis_amount), 0)::text as basis, coalesce(sum(second_amount), 0)::text as second,
          coalesce(sum(amount), 0)::text as amount,
          coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid,
          coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending,
          coalesce(sum(amount) filter (where status = 'claimed'), 0)::text as claimed,
          coalesce(sum(amount) filter (where status = 'expired'), 0)::text as expired
        from agent_commissions
        where created_at >= ${span.start.toISOString()} and created_at < ${span.end.toISOString()}
        group by period`),
    );
    return rows.map((row) => ({
      period: row.period,
      agents: Number(row.agents),
      members: Number(row.members),
      basisAmount: big(row.basis),
      secondAmount: big(row.second),
      amount: big(row.amount),
      paid: big(row.paid),
      pending: big(row.pending),
      claimed: big(row.claimed),
      expired: big(row.expired),
    }));
  },
};

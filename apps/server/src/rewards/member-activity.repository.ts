import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** A half-open range of instants; either end may be open. */
export type Span = { start?: Date | null; end?: Date | null };

function within(column: ReturnType<typeof sql.raw>, span: Span) {
  return sql`${span.start ? sql`and ${column} >= ${span.start.toISOString()}::timestamptz` : sql``}
    ${span.end ? sql`and ${column} < ${span.end.toISOString()}::timestamptz` : sql``}`;
}

/**
 * What members did that rewards count, read from where it is recorded (migration 0019's views over the bets and the
 * confirmed deposits), never from a copy: a level, a rebate or a task's progress is always what really happened.
 * Categories are `sports`, `casino` (the house tables) and each vendor's platform code.
 */
export const memberActivityRepository = {
  /** A member's valid turnover per category within the span (all time when open). */
  async validTurnover(db: Executor, memberId: bigint, span: Span = {}): Promise<Map<string, bigint>> {
    const rows = resultRows<{ category: string; valid: string }>(
      await db.execute(sql`select category, sum(valid)::text as valid from member_valid_bets
        where member_id = ${memberId} ${within(sql.raw('counted_at'), span)}
        group by category`),
    );
    return new Map(rows.map((row) => [row.category, BigInt(row.valid)]));
  },

  /** A member's confirmed deposits within the span: how many and how much. */
  async deposits(db: Executor, memberId: bigint, span: Span = {}): Promise<{ count: number; amount: bigint }> {
    const [row] = resultRows<{ count: number; amount: string }>(
      await db.execute(sql`select count(*)::int as count, coalesce(sum(amount), 0)::text as amount from member_deposits
        where member_id = ${memberId} ${within(sql.raw('counted_at'), span)}`),
    );
    return { count: Number(row?.count ?? 0), amount: BigInt(row?.amount ?? '0') };
  },

  /**
   * Every member's valid turnover per category within a span (a day, for the rebate job), for members with ids in
   * (afterMemberId, upToMemberId]: jobs walk the members in slices so no statement holds a whole day at once.
   */
  async turnoverByMember(
    db: Executor,
    span: { start: Date; end: Date },
    slice: { afterMemberId: bigint; limit: number },
  ): Promise<Array<{ memberId: bigint; category: string; valid: bigint }>> {
    const rows = resultRows<{ member_id: string; category: string; valid: string }>(
      await db.execute(sql`with members_in_slice as (
          select distinct member_id from member_valid_bets
          where counted_at >= ${span.start.toISOString()}::timestamptz and counted_at < ${span.end.toISOString()}::timestamptz
            and member_id > ${slice.afterMemberId}
          order by member_id limit ${slice.limit})
        select b.member_id::text, b.category, sum(b.valid)::text as valid
        from member_valid_bets b join members_in_slice s using (member_id)
        where b.counted_at >= ${span.start.toISOString()}::timestamptz and b.counted_at < ${span.end.toISOString()}::timestamptz
        group by b.member_id, b.category order by b.member_id, b.category`),
    );
    return rows.map((row) => ({ memberId: BigInt(row.member_id), category: row.category, valid: BigInt(row.valid) }));
  },
};

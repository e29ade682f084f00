import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

/** The limits in force for a member (null: none), money at scale 4. */
export type LimitsRow = {
  depositDay: bigint | null;
  depositWeek: bigint | null;
  depositMonth: bigint | null;
  lossDay: bigint | null;
  lossWeek: bigint | null;
  lossMonth: bigint | null;
  stakeMax: bigint | null;
  sessionMinutes: number | null;
};

type RawLimits = Record<
  'deposit_day' | 'deposit_week' | 'deposit_month' | 'loss_day' | 'loss_week' | 'loss_month' | 'stake_max',
  string | null
> & { session_minutes: number | null };

const big = (value: string | null) => (value === null ? null : BigInt(value));

function toLimits(raw: RawLimits): LimitsRow {
  return {
    depositDay: big(raw.deposit_day),
    depositWeek: big(raw.deposit_week),
    depositMonth: big(raw.deposit_month),
    lossDay: big(raw.loss_day),
    lossWeek: big(raw.loss_week),
    lossMonth: big(raw.loss_month),
    stakeMax: big(raw.stake_max),
    sessionMinutes: raw.session_minutes === null ? null : Number(raw.session_minutes),
  };
}

const columns = sql`deposit_day::text, deposit_week::text, deposit_month::text, loss_day::text, loss_week::text,
  loss_month::text, stake_max::text, session_minutes`;

/** SQL the gate needs: the member's limits (locked or not), and who among many members is excluded. */
export const gateRepository = {
  /**
   * The member's limits row, locked until the transaction ends when `lock`: money paths of one member that has
   * limits then check and move one at a time. A member without a row costs one primary-key lookup and locks nothing.
   */
  async limits(db: Executor, memberId: bigint, lock: boolean): Promise<LimitsRow | null> {
    const [row] = resultRows<RawLimits>(
      await db.execute(
        lock
          ? sql`select ${columns} from member_limits where member_id = ${memberId} for update`
          : sql`select ${columns} from member_limits where member_id = ${memberId}`,
      ),
    );
    return row ? toLimits(row) : null;
  },

  /**
   * The hot paths' first look, one round trip: the member's limits row (not locked) and whether any time-out or
   * self-exclusion is in force at `now` (which one, and until when, exclusionOf answers when there is one).
   */
  async screen(db: Executor, memberId: bigint, now: Date): Promise<{ limits: LimitsRow | null; excluded: boolean }> {
    const at = now.toISOString();
    const [row] = resultRows<RawLimits & { has_limits: boolean; excluded: boolean }>(
      await db.execute(sql`select l.member_id is not null as has_limits, ${columns},
          exists (select 1 from member_exclusions x where x.member_id = m.id and x.starts_at <= ${at}::timestamptz
            and (x.ends_at is null or x.ends_at > ${at}::timestamptz)) as excluded
        from (select ${memberId}::bigint as id) m left join member_limits l on l.member_id = m.id`),
    );
    return { limits: row?.has_limits ? toLimits(row) : null, excluded: Boolean(row?.excluded) };
  },

  /**
   * Which of these members have a time-out or self-exclusion in force at `now` (the batch form of exclusionOf's
   * rule, for jobs and broadcasts that handle thousands of members at once).
   */
  async excludedAmong(db: Executor, memberIds: readonly bigint[], now: Date): Promise<Set<bigint>> {
    if (memberIds.length === 0) return new Set();
    const at = now.toISOString();
    const rows = resultRows<{ member_id: string }>(
      await db.execute(sql`select distinct member_id::text as member_id from member_exclusions
        where member_id = any(${sql.param(memberIds.map(String))}::bigint[])
          and starts_at <= ${at}::timestamptz and (ends_at is null or ends_at > ${at}::timestamptz)`),
    );
    return new Set(rows.map((row) => BigInt(row.member_id)));
  },
};

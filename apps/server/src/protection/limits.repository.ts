import type { LimitKey } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** What is in force for a member (null: no limit); money at scale 4, minutes as whole minutes. */
export type MemberLimits = Record<Exclude<LimitKey, 'sessionMinutes'>, bigint | null> & {
  sessionMinutes: number | null;
  realityMinutes: number | null;
};

/** A raise or removal (value null) waiting until effectiveAt, then for the member's confirmation. */
export type LimitRaise = { key: LimitKey; value: bigint | null; requestedAt: Date; effectiveAt: Date };

export const NO_LIMITS: MemberLimits = {
  depositDay: null,
  depositWeek: null,
  depositMonth: null,
  lossDay: null,
  lossWeek: null,
  lossMonth: null,
  stakeMax: null,
  sessionMinutes: null,
  realityMinutes: null,
};

/** The wire name of each column of member_limits. */
const COLUMN: Record<keyof MemberLimits, string> = {
  depositDay: 'deposit_day',
  depositWeek: 'deposit_week',
  depositMonth: 'deposit_month',
  lossDay: 'loss_day',
  lossWeek: 'loss_week',
  lossMonth: 'loss_month',
  stakeMax: 'stake_max',
  sessionMinutes: 'session_minutes',
  realityMinutes: 'reality_minutes',
};
const MINUTE_KEYS = new Set<keyof MemberLimits>(['sessionMinutes', 'realityMinutes']);

type RawLimits = Record<string, string | number | null>;

const columns = sql.raw(
  Object.values(COLUMN)
    .map((column) => `${column}::text as ${column}`)
    .join(', '),
);

function toLimits(raw: RawLimits): MemberLimits {
  const limits = { ...NO_LIMITS } as Record<keyof MemberLimits, bigint | number | null>;
  for (const [key, column] of Object.entries(COLUMN) as [keyof MemberLimits, string][]) {
    const value = raw[column];
    limits[key] = value === null || value === undefined ? null : MINUTE_KEYS.has(key) ? Number(value) : BigInt(value);
  }
  return limits as MemberLimits;
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** SQL for member_limits and member_limit_raises. */
export const limitsRepository = {
  /**
   * The member's row, locked until the transaction ends, created first when the member never set anything: every
   * change of a member's limits, and the money paths that check them, queue on this one row.
   */
  async lock(tx: Executor, memberId: bigint): Promise<MemberLimits> {
    await tx.execute(sql`insert into member_limits (member_id) values (${memberId}) on conflict do nothing`);
    const [row] = resultRows<RawLimits>(
      await tx.execute(sql`select ${columns} from member_limits where member_id = ${memberId} for update`),
    );
    return row ? toLimits(row) : { ...NO_LIMITS };
  },

  async read(db: Executor, memberId: bigint): Promise<MemberLimits> {
    const [row] = resultRows<RawLimits>(
      await db.execute(sql`select ${columns} from member_limits where member_id = ${memberId}`),
    );
    return row ? toLimits(row) : { ...NO_LIMITS };
  },

  async set(tx: Executor, memberId: bigint, key: keyof MemberLimits, value: bigint | number | null, at: Date) {
    await tx.execute(sql`update member_limits set ${sql.raw(COLUMN[key])} = ${value === null ? null : String(value)},
      updated_at = ${at.toISOString()}::timestamptz where member_id = ${memberId}`);
  },

  async raises(db: Executor, memberId: bigint): Promise<LimitRaise[]> {
    const rows = resultRows<{
      limit_key: LimitKey;
      value: string | null;
      requested_at: unknown;
      effective_at: unknown;
    }>(
      await db.execute(sql`select limit_key, value::text as value, requested_at, effective_at
        from member_limit_raises where member_id = ${memberId} order by limit_key`),
    );
    return rows.map((row) => ({
      key: row.limit_key,
      value: row.value === null ? null : BigInt(row.value),
      requestedAt: toDate(row.requested_at),
      effectiveAt: toDate(row.effective_at),
    }));
  },

  /** A new request for a key replaces the one waiting, and its 24 hours start again. */
  async putRaise(tx: Executor, memberId: bigint, raise: LimitRaise) {
    await tx.execute(sql`insert into member_limit_raises (member_id, limit_key, value, requested_at, effective_at)
      values (${memberId}, ${raise.key}, ${raise.value === null ? null : String(raise.value)},
        ${raise.requestedAt.toISOString()}::timestamptz, ${raise.effectiveAt.toISOString()}::timestamptz)
      on conflict (member_id, limit_key) do update set value = excluded.value, requested_at = excluded.requested_at,
        effective_at = excluded.effective_at`);
  },

  /** Drops the raise waiting for a key; false when there was none. */
  async dropRaise(tx: Executor, memberId: bigint, key: LimitKey): Promise<boolean> {
    const rows = resultRows<{ limit_key: string }>(
      await tx.execute(sql`delete from member_limit_raises where member_id = ${memberId} and limit_key = ${key}
        returning limit_key`),
    );
    return rows.length > 0;
  },
};

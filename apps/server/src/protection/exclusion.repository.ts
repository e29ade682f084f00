import type { ExclusionKind } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** A time-out or self-exclusion as stored; `endsAt` null is permanent. */
export type ExclusionRow = {
  id: bigint;
  kind: ExclusionKind;
  startsAt: Date;
  endsAt: Date | null;
  createdAt: Date;
};

type RawExclusion = { id: string; kind: ExclusionKind; starts_at: unknown; ends_at: unknown; created_at: unknown };

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toRow(raw: RawExclusion): ExclusionRow {
  return {
    id: BigInt(raw.id),
    kind: raw.kind,
    startsAt: toDate(raw.starts_at),
    endsAt: raw.ends_at === null ? null : toDate(raw.ends_at),
    createdAt: toDate(raw.created_at),
  };
}

const columns = sql`id::text, kind, starts_at, ends_at, created_at`;

/**
 * The exclusion in force at `now`: of the rows already started, the one ending last (permanent first), if it has not
 * ended. Rows are never changed, so a longer exclusion taken later simply outlasts the earlier one.
 */
export async function exclusionOf(db: Executor, memberId: bigint, now: Date): Promise<ExclusionRow | null> {
  const [row] = resultRows<RawExclusion>(
    await db.execute(sql`select ${columns} from member_exclusions
      where member_id = ${memberId} and starts_at <= ${now.toISOString()}::timestamptz
        and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)
      order by ends_at desc nulls first, id desc limit 1`),
  );
  return row ? toRow(row) : null;
}

/** SQL for member_exclusions: insert and read only (the table's triggers refuse updates and deletes). */
export const exclusionRepository = {
  exclusionOf,

  async insert(
    db: Executor,
    values: { memberId: bigint; kind: ExclusionKind; startsAt: Date; endsAt: Date | null },
  ): Promise<ExclusionRow> {
    const [row] = resultRows<RawExclusion>(
      await db.execute(sql`insert into member_exclusions (member_id, kind, starts_at, ends_at, created_at)
        values (${values.memberId}, ${values.kind}, ${values.startsAt.toISOString()}::timestamptz,
          ${values.endsAt ? values.endsAt.toISOString() : null}::timestamptz, ${values.startsAt.toISOString()}::timestamptz)
        returning ${columns}`),
    );
    if (!row) throw new Error('exclusion insert returned no row');
    return toRow(row);
  },

  /** Every exclusion the member ever took, newest first (the operator's history). */
  async history(db: Executor, memberId: bigint): Promise<ExclusionRow[]> {
    return resultRows<RawExclusion>(
      await db.execute(sql`select ${columns} from member_exclusions where member_id = ${memberId}
        order by id desc limit 100`),
    ).map(toRow);
  },
};

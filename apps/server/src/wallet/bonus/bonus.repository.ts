import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

export type GrantRow = {
  id: bigint;
  memberId: bigint;
  programme: string;
  reference: string;
  amount: bigint;
  turnoverRequired: bigint;
  detail: Record<string, string | number>;
  transferId: bigint;
  createdAt: Date;
};

export type NewGrant = {
  memberId: bigint;
  programme: string;
  reference: string;
  amount: bigint;
  turnoverRequired: bigint;
  detail: Record<string, string | number>;
  transferId: bigint;
};

type RawGrant = {
  id: string;
  member_id: string;
  programme: string;
  reference: string;
  amount: string;
  turnover_required: string;
  detail: Record<string, string | number>;
  transfer_id: string;
  created_at: string | Date;
};

function toGrant(row: RawGrant): GrantRow {
  return {
    id: BigInt(row.id),
    memberId: BigInt(row.member_id),
    programme: row.programme,
    reference: row.reference,
    amount: BigInt(row.amount),
    turnoverRequired: BigInt(row.turnover_required),
    detail: row.detail,
    transferId: BigInt(row.transfer_id),
    createdAt: new Date(row.created_at),
  };
}

const columns = sql`id::text, member_id::text, programme, reference, amount::text, turnover_required::text, detail,
  transfer_id::text, created_at`;

/** SQL for reward grants: the member's received rewards and the turnover each adds. */
export const bonusRepository = {
  /**
   * Writes the grants of freshly posted transfers (a replayed transfer already has its row: nothing happens) and adds
   * each new grant's turnover requirement, member rows locked in member order so batches never wait in a cycle.
   * Answers the grants written now.
   */
  async insert(db: Executor, grants: readonly NewGrant[]): Promise<GrantRow[]> {
    if (grants.length === 0) return [];
    const rows = resultRows<RawGrant>(
      await db.execute(sql`insert into reward_grants
          (member_id, programme, reference, amount, turnover_required, detail, transfer_id)
        select m, p, r, a, t, d, x from unnest(
          ${sql.param(grants.map((g) => String(g.memberId)))}::bigint[],
          ${sql.param(grants.map((g) => g.programme))}::text[],
          ${sql.param(grants.map((g) => g.reference))}::text[],
          ${sql.param(grants.map((g) => String(g.amount)))}::bigint[],
          ${sql.param(grants.map((g) => String(g.turnoverRequired)))}::bigint[],
          ${sql.param(grants.map((g) => JSON.stringify(g.detail)))}::jsonb[],
          ${sql.param(grants.map((g) => String(g.transferId)))}::bigint[]) as i(m, p, r, a, t, d, x)
        on conflict (transfer_id) do nothing
        returning ${columns}`),
    ).map(toGrant);
    const required = new Map<bigint, bigint>();
    for (const grant of rows)
      if (grant.turnoverRequired > 0n)
        required.set(grant.memberId, (required.get(grant.memberId) ?? 0n) + grant.turnoverRequired);
    const entries = [...required].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length > 0)
      await db.execute(sql`insert into turnover_requirements (member_id, required)
        select m, r from unnest(${sql.param(entries.map(([id]) => String(id)))}::bigint[],
          ${sql.param(entries.map(([, amount]) => String(amount)))}::bigint[]) as i(m, r)
        order by m
        on conflict (member_id) do update set required = turnover_requirements.required + excluded.required`);
    return rows;
  },

  async byTransfer(db: Executor, transferId: bigint): Promise<GrantRow | undefined> {
    const [row] = resultRows<RawGrant>(
      await db.execute(sql`select ${columns} from reward_grants where transfer_id = ${transferId}`),
    );
    return row ? toGrant(row) : undefined;
  },

  async page(
    db: Executor,
    query: {
      memberId: bigint;
      programmes: readonly string[];
      start: Date | null;
      end: Date | null;
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: GrantRow[]; total: number; amount: bigint }> {
    const where = sql`member_id = ${query.memberId}
      ${query.programmes.length > 0 ? sql`and programme = any(${sql.param([...query.programmes])}::text[])` : sql``}
      ${query.start ? sql`and created_at >= ${query.start.toISOString()}::timestamptz` : sql``}
      ${query.end ? sql`and created_at < ${query.end.toISOString()}::timestamptz` : sql``}`;
    const [rows, totals] = await Promise.all([
      db.execute(sql`select ${columns} from reward_grants where ${where}
        order by created_at desc, id desc offset ${query.offset} limit ${query.limit}`),
      db.execute(sql`select count(*)::int as total, coalesce(sum(amount), 0)::text as amount
        from reward_grants where ${where}`),
    ]);
    const total = resultRows<{ total: number; amount: string }>(totals)[0];
    return {
      rows: resultRows<RawGrant>(rows).map(toGrant),
      total: Number(total?.total ?? 0),
      amount: BigInt(total?.amount ?? '0'),
    };
  },

  /** What each programme paid per day of the platform's time zone, between two instants. */
  async payouts(db: Executor, input: { start: Date; end: Date; timeZone: string }) {
    return resultRows<{ day: string; programme: string; grants: number; members: number; amount: string }>(
      await db.execute(sql`select to_char(created_at at time zone ${input.timeZone}, 'YYYY-MM-DD') as day, programme,
          count(*)::int as grants, count(distinct member_id)::int as members, sum(amount)::text as amount
        from reward_grants
        where created_at >= ${input.start.toISOString()}::timestamptz and created_at < ${input.end.toISOString()}::timestamptz
        group by 1, 2 order by 1 desc, 2`),
    );
  },
};

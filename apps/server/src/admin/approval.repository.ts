import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { members, operatorApprovals } from '../db/schema';

export type ApprovalRow = typeof operatorApprovals.$inferSelect;

/** A page of approval requests: the contract's query with its bounds parsed; empty strings and nulls filter nothing. */
export type ApprovalPageFilter = {
  offset: number;
  limit: number;
  descending: boolean;
  status: string;
  action: string;
  /** The member's account the request is about (its target is `member:<id>`). */
  account: string;
  requestedBy: bigint | null;
  from: Date | null;
  to: Date | null;
};

export const approvalRepository = {
  /** Inserts a request once per key; a replay of the same request gets the row the first one made. */
  async insertOnce(
    db: Executor,
    values: { action: string; requestKey: string; target: string; payload: unknown; requestedBy: bigint },
  ): Promise<{ row: ApprovalRow; created: boolean }> {
    const [inserted] = await db
      .insert(operatorApprovals)
      .values(values)
      .onConflictDoNothing({ target: operatorApprovals.requestKey })
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await db
      .select()
      .from(operatorApprovals)
      .where(eq(operatorApprovals.requestKey, values.requestKey))
      .limit(1);
    if (!existing) throw new Error(`approval ${values.requestKey} vanished after a key conflict`);
    return { row: existing, created: false };
  },

  async lock(db: Executor, id: bigint): Promise<ApprovalRow | undefined> {
    return (await db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id)).for('update').limit(1))[0];
  },

  async decide(
    db: Executor,
    id: bigint,
    decision: { status: 'approved' | 'rejected'; decidedBy: bigint; reason: string; result: unknown },
  ): Promise<ApprovalRow> {
    const [row] = await db
      .update(operatorApprovals)
      .set({ ...decision, decidedAt: new Date() })
      .where(and(eq(operatorApprovals.id, id), eq(operatorApprovals.status, 'pending')))
      .returning();
    if (!row) throw new Error(`approval ${id} was not pending under its lock`);
    return row;
  },

  /** One page of requests and the total; the id follows the filing time, so it orders them. */
  async page(db: Executor, filter: ApprovalPageFilter) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(operatorApprovals.status, filter.status));
    if (filter.action) conditions.push(eq(operatorApprovals.action, filter.action));
    if (filter.account)
      conditions.push(
        sql`${operatorApprovals.target} in (select 'member:' || ${members.id} from ${members} where ${members.account} = ${filter.account})`,
      );
    if (filter.requestedBy !== null) conditions.push(eq(operatorApprovals.requestedBy, filter.requestedBy));
    if (filter.from) conditions.push(gte(operatorApprovals.createdAt, filter.from));
    if (filter.to) conditions.push(lt(operatorApprovals.createdAt, filter.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await db
      .select()
      .from(operatorApprovals)
      .where(where)
      .orderBy(filter.descending ? desc(operatorApprovals.id) : asc(operatorApprovals.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db.select({ n: count() }).from(operatorApprovals).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },
};

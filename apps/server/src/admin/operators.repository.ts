import { and, asc, count, desc, eq, gt, isNull, like, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { operatorRecoveryCodes, operatorSessions, operators } from '../db/schema';

/** A session is live while not revoked, not past its end, and used within the idle window. */
function liveSession(idleSince: Date): SQL {
  return and(
    isNull(operatorSessions.revokedAt),
    gt(operatorSessions.expiresAt, new Date()),
    gt(operatorSessions.lastSeenAt, idleSince),
  ) as SQL;
}

const SORT_COLUMNS = {
  account: operators.account,
  role: operators.role,
  createdAt: operators.createdAt,
  lastSeenAt: sql`last_seen_at`,
} as const;

/** The operators page's SQL: accounts with their sessions, second factor and recovery codes. */
export const operatorsRepository = {
  async list(
    db: Executor,
    query: { page: number; pageSize: number; sort: string; account: string; role?: string; status?: string },
    idleSince: Date,
  ) {
    const where = and(
      query.account ? like(operators.account, `${query.account.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      query.role ? eq(operators.role, query.role) : undefined,
      query.status ? eq(operators.status, query.status) : undefined,
    );
    const sessions = db
      .select({
        operatorId: operatorSessions.operatorId,
        lastSeenAt: max(operatorSessions.lastSeenAt).as('last_seen_at'),
        live: sql<number>`count(*) filter (where ${liveSession(idleSince)})`.mapWith(Number).as('live'),
      })
      .from(operatorSessions)
      .groupBy(operatorSessions.operatorId)
      .as('s');
    const field = query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS;
    const column = SORT_COLUMNS[field] ?? operators.account;
    const order = query.sort.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
    const rows = await db
      .select({
        id: operators.id,
        account: operators.account,
        role: operators.role,
        status: operators.status,
        otpConfirmedAt: operators.otpConfirmedAt,
        createdAt: operators.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        live: sessions.live,
      })
      .from(operators)
      .leftJoin(sessions, eq(sessions.operatorId, operators.id))
      .where(where)
      .orderBy(order, asc(operators.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await db.select({ n: count() }).from(operators).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  async one(db: Executor, id: bigint, idleSince: Date) {
    const [row] = await db
      .select({
        id: operators.id,
        account: operators.account,
        role: operators.role,
        status: operators.status,
        otpConfirmedAt: operators.otpConfirmedAt,
        createdAt: operators.createdAt,
      })
      .from(operators)
      .where(eq(operators.id, id))
      .limit(1);
    if (!row) return undefined;
    const [sessions] = await db
      .select({
        lastSeenAt: max(operatorSessions.lastSeenAt),
        live: sql<number>`count(*) filter (where ${liveSession(idleSince)})`.mapWith(Number),
      })
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, id));
    return { ...row, lastSeenAt: sessions?.lastSeenAt ?? null, live: sessions?.live ?? 0 };
  },

  async insert(db: Executor, values: { account: string; passwordHash: string; role: string }) {
    const [row] = await db
      .insert(operators)
      .values({ ...values, account: values.account.toLowerCase() })
      .returning();
    if (!row) throw new Error('operator insert answered nothing');
    return row;
  },

  async revokeAll(db: Executor, operatorId: bigint): Promise<number> {
    const rows = await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
      .returning({ id: operatorSessions.id });
    return rows.length;
  },

  async lock(db: Executor, id: bigint) {
    const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('update').limit(1);
    return row;
  },

  async update(
    db: Executor,
    id: bigint,
    values: Partial<{
      role: string;
      status: string;
      otpSecret: string | null;
      otpConfirmedAt: Date | null;
      otpLastStep: bigint | null;
    }>,
  ) {
    await db.update(operators).set(values).where(eq(operators.id, id));
  },

  liveSessions(db: Executor, operatorId: bigint, idleSince: Date) {
    return db
      .select()
      .from(operatorSessions)
      .where(and(eq(operatorSessions.operatorId, operatorId), liveSession(idleSince)))
      .orderBy(desc(operatorSessions.lastSeenAt), desc(operatorSessions.id));
  },

  async revokeSession(db: Executor, operatorId: bigint, sessionId: bigint): Promise<number> {
    const rows = await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(operatorSessions.id, sessionId),
          eq(operatorSessions.operatorId, operatorId),
          isNull(operatorSessions.revokedAt),
        ),
      )
      .returning({ id: operatorSessions.id });
    return rows.length;
  },

  async replaceRecoveryCodes(db: Executor, operatorId: bigint, hashes: string[]) {
    await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
    if (hashes.length)
      await db.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ operatorId, codeHash })));
  },

  /** Uses one unused recovery code; true when it was one. */
  async useRecoveryCode(db: Executor, operatorId: bigint, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operatorId),
          eq(operatorRecoveryCodes.codeHash, codeHash),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: operatorRecoveryCodes.id });
    return rows.length > 0;
  },
};

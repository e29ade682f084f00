import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { auditLog, operatorSessions, operators, outbox } from '../db/schema';

export const adminRepository = {
  async findOperator(db: Executor, account: string) {
    return (await db.select().from(operators).where(eq(operators.account, account.toLowerCase())).limit(1))[0];
  },

  async findOperatorById(db: Executor, id: bigint) {
    return (await db.select().from(operators).where(eq(operators.id, id)).limit(1))[0];
  },

  async insertOperator(db: Executor, values: { account: string; passwordHash: string; role: string }) {
    const [row] = await db
      .insert(operators)
      .values({ ...values, account: values.account.toLowerCase() })
      .returning();
    return row;
  },

  async insertSession(
    db: Executor,
    values: { operatorId: bigint; tokenHash: string; expiresAt: Date; ip: string; userAgent: string },
  ) {
    await db.insert(operatorSessions).values(values);
  },

  /** Accepts a TOTP step once: true when it is later than the last one accepted (two racing sign-ins: one wins). */
  async advanceOtpStep(db: Executor, operatorId: bigint, step: bigint): Promise<boolean> {
    const rows = await db
      .update(operators)
      .set({ otpLastStep: step })
      .where(and(eq(operators.id, operatorId), or(isNull(operators.otpLastStep), lt(operators.otpLastStep, step))))
      .returning({ id: operators.id });
    return rows.length > 0;
  },

  /** Records a request of a session (at most once a minute per session: the caller checks). */
  async touchSession(db: Executor, id: bigint, at: Date) {
    await db.update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.id, id));
  },

  /** Ends a session that went idle. */
  async expireSession(db: Executor, id: bigint) {
    await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
  },

  async findLiveSession(db: Executor, tokenHash: string) {
    return (
      await db
        .select({
          id: operatorSessions.id,
          operatorId: operatorSessions.operatorId,
          lastSeenAt: operatorSessions.lastSeenAt,
        })
        .from(operatorSessions)
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, new Date()),
          ),
        )
        .limit(1)
    )[0];
  },

  /** Ends one session (by its token's hash), or every live session of an operator; returns how many ended. */
  async revokeSessions(db: Executor, which: { tokenHash: string } | { operatorId: bigint }): Promise<number> {
    const rows = await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          'tokenHash' in which
            ? eq(operatorSessions.tokenHash, which.tokenHash)
            : eq(operatorSessions.operatorId, which.operatorId),
          isNull(operatorSessions.revokedAt),
        ),
      )
      .returning({ id: operatorSessions.id });
    return rows.length;
  },

  async audit(
    db: Executor,
    entry: { operatorId: bigint | null; action: string; target?: string; detail?: unknown; ip: string },
  ) {
    await db.insert(auditLog).values({
      operatorId: entry.operatorId,
      action: entry.action,
      target: entry.target ?? '',
      detail: entry.detail ?? {},
      ip: entry.ip,
    });
  },

  outboxFor(db: Executor, recipient: string, limit: number) {
    return db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(limit);
  },
};

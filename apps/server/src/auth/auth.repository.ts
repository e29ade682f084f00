import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { captchas, memberSessions, members, verificationCodes } from '../db/schema';

/** SQL for captchas, verification codes and member sessions. */
export const authRepository = {
  async saveCaptcha(db: Executor, clientKey: string, answer: string, expiresAt: Date) {
    await db
      .insert(captchas)
      .values({ clientKey, answer, expiresAt })
      .onConflictDoUpdate({ target: captchas.clientKey, set: { answer, expiresAt } });
  },

  /** Deletes and returns the live answer in one statement, so a captcha can be tried exactly once. */
  async takeCaptcha(db: Executor, clientKey: string): Promise<string | null> {
    const rows = await db
      .delete(captchas)
      .where(eq(captchas.clientKey, clientKey))
      .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt });
    const row = rows[0];
    return row && row.expiresAt.getTime() > Date.now() ? row.answer : null;
  },

  async deleteExpiredCaptchas(db: Executor) {
    await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  },

  async insertCode(
    db: Executor,
    values: { channel: string; target: string; purpose: string; codeHash: string; expiresAt: Date },
  ) {
    // A new code replaces any earlier one for the same target and purpose.
    await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.channel, values.channel),
          eq(verificationCodes.target, values.target),
          eq(verificationCodes.purpose, values.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await db.insert(verificationCodes).values(values);
  },

  /**
   * Counts one attempt against the newest live code of a target and returns it, in one statement: the attempt is
   * recorded before the code is compared, so parallel guesses can never be evaluated more than `maxAttempts` times.
   * Undefined when there is no live code or its attempts are used up.
   */
  async countAttemptOnLatestCode(db: Executor, channel: string, target: string, purpose: string, maxAttempts: number) {
    const latest = db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, channel),
          eq(verificationCodes.target, target),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    const rows = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, sql`(${latest})`), lt(verificationCodes.attempts, maxAttempts)))
      .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
    return rows[0];
  },

  /** Marks the code used; false when a concurrent request used it first. */
  async consumeCode(db: Executor, id: bigint): Promise<boolean> {
    const rows = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },

  /**
   * The member's status, their row locked as an operator's lock locks it (an UPDATE takes FOR NO KEY UPDATE) until the
   * transaction ends: a lock committed before this read is seen, one that comes after waits for this transaction.
   */
  async lockMemberStatus(db: Executor, memberId: bigint): Promise<string | undefined> {
    const [row] = await db
      .select({ status: members.status })
      .from(members)
      .where(eq(members.id, memberId))
      .for('no key update');
    return row?.status;
  },

  async insertSession(
    db: Executor,
    values: {
      memberId: bigint;
      tokenHash: string;
      expiresAt: Date;
      deviceNo: string;
      ip: string;
      scope: 'full' | 'withdraw';
    },
  ): Promise<bigint> {
    const [row] = await db.insert(memberSessions).values(values).returning({ id: memberSessions.id });
    if (!row) throw new Error('session insert returned no row');
    return row.id;
  },

  /** The live session a token belongs to, either as its current token or as the previous one within grace. */
  async findLiveSession(db: Executor, tokenHash: string, idleSince: Date) {
    const now = new Date();
    const rows = await db
      .select({
        id: memberSessions.id,
        memberId: memberSessions.memberId,
        tokenHash: memberSessions.tokenHash,
        tokenIssuedAt: memberSessions.tokenIssuedAt,
        lastSeenAt: memberSessions.lastSeenAt,
        createdAt: memberSessions.createdAt,
        scope: memberSessions.scope,
      })
      .from(memberSessions)
      .where(
        and(
          or(
            eq(memberSessions.tokenHash, tokenHash),
            and(eq(memberSessions.prevTokenHash, tokenHash), gt(memberSessions.prevValidUntil, now)),
          ),
          isNull(memberSessions.revokedAt),
          gt(memberSessions.expiresAt, now),
          gt(memberSessions.lastSeenAt, idleSince),
        ),
      )
      .limit(1);
    return rows[0];
  },

  async touchSession(db: Executor, id: bigint) {
    await db.update(memberSessions).set({ lastSeenAt: new Date() }).where(eq(memberSessions.id, id));
  },

  /**
   * Swaps in a new token if the presented one is still current; the old one keeps working until graceUntil.
   * Returns false when a parallel request rotated first (its response carries the new token).
   */
  async rotateSessionToken(db: Executor, id: bigint, presentedHash: string, newHash: string, graceUntil: Date) {
    const rows = await db
      .update(memberSessions)
      .set({
        prevTokenHash: presentedHash,
        prevValidUntil: graceUntil,
        tokenHash: newHash,
        tokenIssuedAt: new Date(),
        lastSeenAt: new Date(),
      })
      .where(and(eq(memberSessions.id, id), eq(memberSessions.tokenHash, presentedHash)))
      .returning({ id: memberSessions.id });
    return rows.length === 1;
  },

  async revokeSession(db: Executor, id: bigint) {
    await db
      .update(memberSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(memberSessions.id, id), isNull(memberSessions.revokedAt)));
  },

  async revokeAllSessions(db: Executor, memberId: bigint): Promise<bigint[]> {
    const rows = await db
      .update(memberSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)))
      .returning({ id: memberSessions.id });
    return rows.map((row) => row.id);
  },
};

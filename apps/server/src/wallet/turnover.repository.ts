import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { turnoverRequirements } from '../db/schema';

/** SQL for the turnover a member must wager before withdrawing. */
export const turnoverRepository = {
  async addTurnover(db: Executor, memberId: bigint, required: bigint) {
    await db
      .insert(turnoverRequirements)
      .values({ memberId, required })
      .onConflictDoUpdate({
        target: turnoverRequirements.memberId,
        set: { required: sql`${turnoverRequirements.required} + ${required}` },
      });
  },

  /** Operator waiver: whatever is still unmet is forgiven (wagered is raised to required). */
  async waiveTurnover(db: Executor, memberId: bigint) {
    await db
      .update(turnoverRequirements)
      .set({ wagered: sql`greatest(${turnoverRequirements.wagered}, ${turnoverRequirements.required})` })
      .where(eq(turnoverRequirements.memberId, memberId));
  },

  async turnover(db: Executor, memberId: bigint) {
    const [row] = await db
      .select()
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, memberId))
      .limit(1);
    return { required: row?.required ?? 0n, wagered: row?.wagered ?? 0n };
  },
};

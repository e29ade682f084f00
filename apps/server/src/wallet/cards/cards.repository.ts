import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { memberCards, members } from '../../db/schema';

export type CardRow = typeof memberCards.$inferSelect;

/** SQL for a member's withdrawal accounts (bank cards, Alipay, USDT addresses). */
export const cardsRepository = {
  cards(db: Executor, memberId: bigint) {
    return db.select().from(memberCards).where(eq(memberCards.memberId, memberId)).orderBy(asc(memberCards.id));
  },

  async cardById(db: Executor, id: bigint) {
    return (await db.select().from(memberCards).where(eq(memberCards.id, id)).limit(1))[0];
  },

  async cardByKey(db: Executor, memberId: bigint, key: string) {
    return (
      await db
        .select()
        .from(memberCards)
        .where(and(eq(memberCards.memberId, memberId), eq(memberCards.idempotencyKey, key)))
        .limit(1)
    )[0];
  },

  async insertCard(db: Executor, values: typeof memberCards.$inferInsert): Promise<CardRow> {
    const [row] = await db.insert(memberCards).values(values).returning();
    if (!row) throw new Error('card insert returned nothing');
    return row;
  },

  async setRealNameIfEmpty(db: Executor, memberId: bigint, realName: string) {
    await db
      .update(members)
      .set({ realName })
      .where(and(eq(members.id, memberId), eq(members.realName, '')));
  },
};

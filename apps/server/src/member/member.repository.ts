import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { members, walletAccounts } from '../db/schema';

export type MemberRow = typeof members.$inferSelect;

/** Postgres unique-violation: the caller maps it to ACCOUNT_TAKEN / PHONE_TAKEN by constraint name. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint ?? 'unique';
    current = candidate.cause;
  }
  return null;
}

export const memberRepository = {
  async findById(db: Executor, id: bigint): Promise<MemberRow | undefined> {
    return (await db.select().from(members).where(eq(members.id, id)).limit(1))[0];
  },

  async findByAccount(db: Executor, account: string): Promise<MemberRow | undefined> {
    return (await db.select().from(members).where(eq(members.account, account.toLowerCase())).limit(1))[0];
  },

  async findByPhone(db: Executor, area: string, phone: string): Promise<MemberRow | undefined> {
    return (
      await db
        .select()
        .from(members)
        .where(and(eq(members.phoneArea, area), eq(members.phone, phone)))
        .limit(1)
    )[0];
  },

  async findByEmail(db: Executor, email: string): Promise<MemberRow | undefined> {
    return (await db.select().from(members).where(eq(members.email, email.toLowerCase())).limit(1))[0];
  },

  async findByInviteCode(db: Executor, code: string): Promise<MemberRow | undefined> {
    return (await db.select().from(members).where(eq(members.inviteCode, code.toUpperCase())).limit(1))[0];
  },

  /** Creates the member and their main wallet account (balance 0) together. */
  async insert(
    db: Executor,
    values: {
      account: string;
      passwordHash: string;
      phoneArea: string;
      phone: string;
      inviteCode: string;
      inviterId: bigint | null;
    },
  ): Promise<MemberRow> {
    const [row] = await db
      .insert(members)
      .values({ ...values, account: values.account.toLowerCase(), lastLoginAt: new Date() })
      .returning();
    if (!row) throw new Error('member insert returned nothing');
    await db.insert(walletAccounts).values({ memberId: row.id, kind: 'main' });
    return row;
  },

  async update(
    db: Executor,
    id: bigint,
    values: Partial<
      Pick<
        MemberRow,
        | 'realName'
        | 'nickname'
        | 'avatar'
        | 'phoneArea'
        | 'phone'
        | 'email'
        | 'passwordHash'
        | 'passwordChangedAt'
        | 'lastLoginAt'
      >
    >,
  ): Promise<MemberRow | undefined> {
    return (await db.update(members).set(values).where(eq(members.id, id)).returning())[0];
  },

  /** Sets the real name only while none is set, so two first-time requests cannot both win. */
  async setRealNameOnce(db: Executor, id: bigint, realName: string): Promise<MemberRow | undefined> {
    return (
      await db
        .update(members)
        .set({ realName })
        .where(and(eq(members.id, id), eq(members.realName, '')))
        .returning()
    )[0];
  },

  async setWithdrawPassword(db: Executor, id: bigint, hash: string) {
    await db.update(members).set({ withdrawPasswordHash: hash }).where(eq(members.id, id));
  },

  async mainBalance(db: Executor, memberId: bigint): Promise<{ balance: bigint; currency: string }> {
    const row = (
      await db
        .select({ balance: walletAccounts.balance, currency: walletAccounts.currency })
        .from(walletAccounts)
        .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.kind, 'main')))
        .limit(1)
    )[0];
    return row ?? { balance: 0n, currency: 'CNY' };
  },

  async search(db: Executor, accountPrefix: string, limit: number) {
    return db
      .select()
      .from(members)
      .where(sql`${members.account} like ${`${accountPrefix.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`)
      .orderBy(members.id)
      .limit(limit);
  },
};

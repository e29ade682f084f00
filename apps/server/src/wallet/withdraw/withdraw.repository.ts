import { and, count, desc, eq, gte, inArray, notInArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { withdrawals } from '../../db/schema';
import type { CardView, WithdrawalView } from '../wallet-view';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Why wallet_withdraw did not create a withdrawal; the service turns each into the member's error. */
export type WithdrawRefusal =
  | 'password_changed'
  | 'card_not_found'
  | 'amount_too_small'
  | 'amount_too_large'
  | 'daily_count_limit'
  | 'daily_amount_limit'
  | 'turnover_unmet';

type WithdrawColumns = {
  outcome: 'created' | 'replayed' | WithdrawRefusal;
  id: string;
  card_id: string;
  amount: string;
  fee: string;
  status: string;
  reason: string;
  created_ms: string;
  updated_ms: string;
  card_kind: string;
  bank_code: string;
  bank_name: string;
  branch: string;
  holder_name: string;
  account_no: string;
  network: string;
  card_created_ms: string;
};

/** SQL for withdrawals and the daily sums their limits read. */
export const withdrawRepository = {
  /**
   * The daily withdrawal limits of the member's VIP level (issue 23, vip_levels.withdraw_count/withdraw_max) for a
   * member at VIP1 or above; null at VIP0, whose limits are the wallet settings'.
   */
  async levelLimits(db: Executor, memberId: bigint): Promise<{ count: number; amount: bigint } | null> {
    const [row] = resultRows<{ withdraw_count: number; withdraw_max: string }>(
      await db.execute(sql`select l.withdraw_count, l.withdraw_max::text from members m
        join vip_levels l on l.level = m.vip_level where m.id = ${memberId} and m.vip_level > 0`),
    );
    return row ? { count: Number(row.withdraw_count), amount: BigInt(row.withdraw_max) } : null;
  },

  /**
   * A withdrawal request in one statement (wallet_withdraw, migration 0009): under the member's lock, the checks
   * that read other rows, the insert and the freeze. Answers with the withdrawal and its card, the existing one on a
   * replay, or the refusal.
   */
  async create(
    db: Executor,
    input: {
      memberId: bigint;
      key: string;
      cardId: bigint;
      amount: bigint;
      fee: bigint;
      min: bigint;
      max: bigint;
      since: Date;
      dailyCount: number;
      dailyAmount: bigint;
      passwordHash: string | null;
      mainId: bigint;
      frozenId: bigint;
      actor: string;
    },
  ): Promise<
    | { outcome: 'created' | 'replayed'; row: WithdrawalView & { cardId: bigint }; card: CardView }
    | { outcome: WithdrawRefusal }
  > {
    const result = await db.execute(sql`
      select * from wallet_withdraw(${input.memberId}, ${input.key}, ${input.cardId}, ${input.amount}, ${input.fee},
        ${input.min}, ${input.max}, ${input.since.toISOString()}::timestamptz, ${input.dailyCount}, ${input.dailyAmount},
        ${input.passwordHash}, ${input.mainId}, ${input.frozenId}, ${input.actor})`);
    const [found] = resultRows<WithdrawColumns>(result);
    if (!found) throw new Error('wallet_withdraw returned nothing');
    if (found.outcome !== 'created' && found.outcome !== 'replayed') return { outcome: found.outcome };
    const cardId = BigInt(found.card_id);
    return {
      outcome: found.outcome,
      row: {
        id: BigInt(found.id),
        cardId,
        amount: BigInt(found.amount),
        fee: BigInt(found.fee),
        status: found.status,
        reason: found.reason,
        createdAt: new Date(Number(found.created_ms)),
        updatedAt: new Date(Number(found.updated_ms)),
      },
      card: {
        id: cardId,
        kind: found.card_kind,
        bankCode: found.bank_code,
        bankName: found.bank_name,
        branch: found.branch,
        holderName: found.holder_name,
        accountNo: found.account_no,
        network: found.network,
        createdAt: new Date(Number(found.card_created_ms)),
      },
    };
  },

  async withdrawal(db: Executor, id: bigint, lock = false) {
    const query = db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
    return (lock ? await query.for('update') : await query)[0];
  },

  async moveWithdrawal(
    db: Executor,
    id: bigint,
    from: string[],
    to: string,
    values: { reason?: string; handledBy?: string } = {},
  ) {
    const [row] = await db
      .update(withdrawals)
      .set({ status: to, updatedAt: new Date(), ...values })
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
      .returning();
    return row;
  },

  /** Withdrawals that count against today's limits: everything since `since` not refused or cancelled. */
  async withdrawnSince(db: Executor, memberId: bigint, since: Date) {
    const [row] = await db
      .select({ n: count(), total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.memberId, memberId),
          gte(withdrawals.createdAt, since),
          notInArray(withdrawals.status, ['refused', 'cancelled']),
        ),
      );
    return { count: Number(row?.n ?? 0), amount: BigInt(row?.total ?? '0') };
  },

  listWithdrawals(db: Executor, filter: { memberId?: bigint; status?: string; limit: number }) {
    const conditions = [];
    if (filter.memberId !== undefined) conditions.push(eq(withdrawals.memberId, filter.memberId));
    if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
    return db
      .select()
      .from(withdrawals)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(withdrawals.id))
      .limit(filter.limit);
  },
};

import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { depositAmountSlots, depositChannels, depositOrders, depositPayments } from '../../db/schema';

export type DepositOrderRow = typeof depositOrders.$inferSelect;
export type ChannelRow = typeof depositChannels.$inferSelect;
export type DepositPaymentRow = typeof depositPayments.$inferSelect;

/** SQL for deposit channels, orders, the amount slots that tell orders apart, and the payments seen. */
export const depositRepository = {
  activeChannels(db: Executor) {
    return db.select().from(depositChannels).where(eq(depositChannels.active, true)).orderBy(asc(depositChannels.sort));
  },

  allChannels(db: Executor) {
    return db.select().from(depositChannels).orderBy(asc(depositChannels.sort));
  },

  async channel(db: Executor, id: string) {
    return (await db.select().from(depositChannels).where(eq(depositChannels.id, id)).limit(1))[0];
  },

  async upsertChannel(db: Executor, row: typeof depositChannels.$inferInsert) {
    await db.insert(depositChannels).values(row).onConflictDoUpdate({ target: depositChannels.id, set: row });
  },

  async depositByKey(db: Executor, memberId: bigint, key: string) {
    return (
      await db
        .select()
        .from(depositOrders)
        .where(and(eq(depositOrders.memberId, memberId), eq(depositOrders.idempotencyKey, key)))
        .limit(1)
    )[0];
  },

  async deposit(db: Executor, id: bigint, lock = false) {
    const query = db.select().from(depositOrders).where(eq(depositOrders.id, id)).limit(1);
    return (lock ? await query.for('update') : await query)[0];
  },

  /** The id a new order will get, taken before the order is written because its amount slot is claimed first. */
  async nextDepositId(db: Executor): Promise<bigint> {
    const result = await db.execute(sql`select nextval(pg_get_serial_sequence('deposit_orders', 'id'))::text as id`);
    const id = resultRows<{ id: string }>(result)[0]?.id;
    if (!id) throw new Error('no deposit id from the sequence');
    return BigInt(id);
  },

  async insertDeposit(db: Executor, values: typeof depositOrders.$inferInsert): Promise<DepositOrderRow> {
    const [row] = await db.insert(depositOrders).values(values).returning();
    if (!row) throw new Error('deposit insert returned nothing');
    return row;
  },

  /** Orders a member can still pay before they expire: the pending cap counts these. */
  async livePendingCount(db: Executor, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.memberId, memberId),
          eq(depositOrders.status, 'pending'),
          gt(depositOrders.expiresAt, sql`now()`),
        ),
      );
    return Number(row?.n ?? 0);
  },

  /**
   * Allocations in one scope run one at a time (until commit), so the lowest free amount found is the one inserted.
   * The slot's primary key would refuse a duplicate even without this lock.
   */
  async lockScope(db: Executor, scope: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit-slot:${scope}`}, 0))`);
  },

  /**
   * Claims the lowest free amount `base + step x n` (n from 1 to maxSteps) in a scope for an order, in one statement:
   * the candidates are n = 1 and the successor of every held amount, so the lowest free one is found from the held
   * slots alone and the range only widens as slots fill. A slot past its hold is free and taken over. Returns null
   * when every amount in the range is held.
   */
  async claimSlot(
    db: Executor,
    slot: { scope: string; base: bigint; step: bigint; maxSteps: number; orderId: bigint; heldUntil: Date },
  ): Promise<bigint | null> {
    const { scope, base, step, orderId } = slot;
    const top = base + step * BigInt(slot.maxSteps);
    const held = sql`select 1 from deposit_amount_slots h
      where h.scope = ${scope} and h.amount = candidate.amount and h.held_until > now()`;
    const result = await db.execute(sql`
      insert into deposit_amount_slots (scope, amount, order_id, held_until)
      select ${scope}, min(candidate.amount), ${orderId}::bigint, ${slot.heldUntil.toISOString()}::timestamptz
      from (
        select (${base}::bigint + ${step}::bigint) as amount
        union all
        select s.amount + ${step}::bigint from deposit_amount_slots s
        where s.scope = ${scope} and s.amount > ${base}::bigint and s.amount < ${top}::bigint
          and (s.amount - ${base}::bigint) % ${step}::bigint = 0 and s.held_until > now()
      ) as candidate
      where not exists (${held})
      having min(candidate.amount) is not null
      on conflict (scope, amount) do update
        set order_id = excluded.order_id, held_until = excluded.held_until
        where deposit_amount_slots.held_until <= now()
      returning amount::text as amount`);
    const amount = resultRows<{ amount: string }>(result)[0]?.amount;
    return amount === undefined ? null : BigInt(amount);
  },

  /** The one slot holding an exact amount in a scope (a primary-key lookup, whatever the number of orders). */
  async slotAt(db: Executor, scope: string, amount: bigint) {
    return (
      await db
        .select()
        .from(depositAmountSlots)
        .where(and(eq(depositAmountSlots.scope, scope), eq(depositAmountSlots.amount, amount)))
        .limit(1)
    )[0];
  },

  async releaseSlots(db: Executor, orderId: bigint) {
    await db.delete(depositAmountSlots).where(eq(depositAmountSlots.orderId, orderId));
  },

  async purgeLapsedSlots(db: Executor) {
    await db.delete(depositAmountSlots).where(lt(depositAmountSlots.heldUntil, sql`now()`));
  },

  async resolveDeposit(
    db: Executor,
    id: bigint,
    values: { status: 'confirmed' | 'rejected' | 'expired'; resolvedBy: string; reason?: string; gatewayRef?: string },
    from: string[] = ['pending'],
  ) {
    const [row] = await db
      .update(depositOrders)
      .set({ ...values, resolvedAt: new Date() })
      .where(and(eq(depositOrders.id, id), inArray(depositOrders.status, from)))
      .returning();
    return row;
  },

  listDeposits(db: Executor, filter: { memberId?: bigint; status?: string; limit: number }) {
    const conditions = [];
    if (filter.memberId !== undefined) conditions.push(eq(depositOrders.memberId, filter.memberId));
    if (filter.status) conditions.push(eq(depositOrders.status, filter.status));
    return db
      .select()
      .from(depositOrders)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(depositOrders.id))
      .limit(filter.limit);
  },

  expiredPendingDeposits(db: Executor, limit: number) {
    return db
      .select({ id: depositOrders.id })
      .from(depositOrders)
      .where(and(eq(depositOrders.status, 'pending'), lt(depositOrders.expiresAt, new Date())))
      .limit(limit);
  },

  /** Records a payment once per scope and reference; a second report of the same one returns undefined. */
  async recordPayment(
    db: Executor,
    values: { scope: string; amount: bigint; reference: string; status: 'unmatched' },
  ): Promise<DepositPaymentRow | undefined> {
    const [row] = await db.insert(depositPayments).values(values).onConflictDoNothing().returning();
    return row;
  },

  async paymentByReference(db: Executor, scope: string, reference: string) {
    return (
      await db
        .select()
        .from(depositPayments)
        .where(and(eq(depositPayments.scope, scope), eq(depositPayments.reference, reference)))
        .limit(1)
    )[0];
  },

  async payment(db: Executor, id: bigint, lock = false) {
    const query = db.select().from(depositPayments).where(eq(depositPayments.id, id)).limit(1);
    return (lock ? await query.for('update') : await query)[0];
  },

  async resolvePayment(
    db: Executor,
    id: bigint,
    values: {
      status: 'matched' | 'unmatched' | 'assigned' | 'dismissed';
      orderId?: bigint;
      note?: string;
      reason?: string;
      resolvedBy?: string;
    },
  ) {
    const [row] = await db
      .update(depositPayments)
      .set({ ...values, resolvedAt: values.status === 'unmatched' ? null : new Date() })
      .where(eq(depositPayments.id, id))
      .returning();
    if (!row) throw new Error('deposit payment vanished');
    return row;
  },
};

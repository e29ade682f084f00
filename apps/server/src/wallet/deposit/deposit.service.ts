import { randomInt } from 'node:crypto';
import type { DepositChannel, DepositKind, DepositOrder, DepositPaymentView, MoneyQueue } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { actorLabel, assertRole, auditIn, MONEY_DESK, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import type { SystemMessages } from '../../messages/system-messages';
import type { PlaySession, ProtectionGate } from '../../protection/gate/protection-gate';
import { AppError } from '../../shared/app-error';
import { hmac, safeEqual } from '../../shared/tokens';
import type { MoneyQueuePublisher } from '../desk/money-queues';
import { house, type LedgerService, member } from '../ledger/ledger.service';
import { turnoverRepository } from '../turnover.repository';
import { loadWalletRules, type WalletRulesCache } from '../wallet-settings';
import { toDepositOrder } from '../wallet-view';
import { type DepositOrderRow, type DepositPaymentRow, depositRepository } from './deposit.repository';

export type DepositService = ReturnType<typeof createDepositService>;

/** A payment seen, as the console reads it. */
export function toPaymentView(row: DepositPaymentRow) {
  return {
    id: row.id.toString(),
    scope: row.scope,
    amount: formatAmount(row.amount),
    reference: row.reference,
    status: row.status as DepositPaymentView['status'],
    orderId: row.orderId?.toString() ?? null,
    note: row.note,
    reason: row.reason,
    seenAt: row.seenAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

const REMARK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const USDT_KINDS = new Set<DepositKind>(['usdt_trc20', 'usdt_erc20']);
/** Bank odd cents: 0.01 steps, lowest free first, up to 999.99 once the lower ones are all held. */
const BANK_STEP = 100n;
/** USDT tails: 0.0001 steps, lowest free first, up to 9.9999 USDT once the lower ones are all held. */
const COIN_STEP = 1n;
const MAX_STEPS = 99_999;

/**
 * Where a payment's exact amount tells orders apart: a bank account (one channel) or a chain network (every USDT
 * channel of it, since the watcher reports the network and the amount).
 */
export function matchScope(channel: { id: string; kind: string }): string | null {
  if (channel.kind === 'usdt_trc20') return 'chain:TRC20';
  if (channel.kind === 'usdt_erc20') return 'chain:ERC20';
  if (channel.kind === 'bank') return `channel:${channel.id}`;
  return null;
}

/** Fields a payment gateway signs in its callback (HMAC-SHA256 with the gateway secret). */
export type GatewayCallback = {
  orderId: string;
  amount: string;
  reference: string;
  status: 'paid' | 'failed';
  sign: string;
};

export function signGatewayCallback(secret: string, payload: Omit<GatewayCallback, 'sign'>): string {
  return hmac(secret, `${payload.orderId}|${payload.amount}|${payload.reference}|${payload.status}`);
}

/**
 * Deposit orders: a member picks a channel and an amount and gets payee details; the order is confirmed by an
 * operator, a signed gateway callback or (virtual coin) the chain watcher, exactly once, crediting the main wallet
 * and adding amount x flow multiple to the turnover the member must wager before withdrawing.
 */
export function createDepositService(deps: {
  db: Database;
  ledger: LedgerService;
  rules: WalletRulesCache;
  gatewaySecret: string;
  /** A deposit credited tells the member in their inbox, in the same transaction. */
  messages: SystemMessages;
  /**
   * The member's deposit limits and exclusions meet every new order, whatever its channel. Money that arrives for an
   * order is credited whatever the limits say by then: it was sent, and it is the member's.
   */
  gate: ProtectionGate;
  /** The money desk's live queues: an order or a payment entering or leaving one, after the commit. */
  queues: MoneyQueuePublisher;
}) {
  const { db, ledger } = deps;

  /** What a transaction moved in or out of the desk's queues; told once it has committed. */
  type QueueChanged = (queue: MoneyQueue, id: bigint, state: string) => void;

  /** `ledger.transaction`, then the queue changes of the attempt that committed (a retried attempt's are dropped). */
  async function transaction<T>(work: (tx: Executor, changed: QueueChanged) => Promise<T>): Promise<T> {
    let changes: Array<[MoneyQueue, bigint, string]> = [];
    const result = await ledger.transaction((tx) => {
      changes = [];
      return work(tx, (queue, id, state) => changes.push([queue, id, state]));
    });
    for (const [queue, id, state] of changes) deps.queues.changed(queue, id, state);
    return result;
  }

  async function view(row: DepositOrderRow): Promise<DepositOrder> {
    const channel = await depositRepository.channel(db, row.channelId);
    const kind = (channel?.kind ?? 'bank') as DepositKind;
    const rate = USDT_KINDS.has(kind) && row.coinAmount ? (row.amount * 10_000n) / row.coinAmount : null;
    return toDepositOrder(row, kind, rate);
  }

  async function credit(tx: Executor, order: DepositOrderRow, actor: string) {
    await ledger.post(tx, {
      key: `deposit:${order.id}`,
      code: 'deposit',
      from: house('deposits'),
      to: member(order.memberId, 'main'),
      amount: order.payAmount,
      actor,
      reference: `deposit:${order.id}`,
    });
    // Through the transaction, not the process's cache: a cache past its 30 s refreshes itself on the outer handle,
    // which on PGlite's one connection waits for this transaction for ever (the whole site stopped answering after a
    // member's deposit in a browser journey), and on PostgreSQL reads outside the transaction's locks.
    const rules = await loadWalletRules(tx);
    const required = (order.payAmount * rules.flowMultiple100) / 100n;
    if (required > 0n) await turnoverRepository.addTurnover(tx, order.memberId, required);
    await deps.messages.sendIn(tx, [
      {
        memberId: order.memberId,
        template: 'deposit_credited',
        params: { amount: formatAmount(order.payAmount) },
        ref: `deposit:${order.id}`,
      },
    ]);
  }

  /** Confirms inside the caller's transaction; `credited` is false when the order was already confirmed. */
  async function confirmIn(tx: Executor, changed: QueueChanged, id: bigint, actor: string, gatewayRef?: string) {
    const peek = await depositRepository.deposit(tx, id);
    if (!peek) throw new AppError('NOT_FOUND');
    await ledger.lockMember(tx, peek.memberId);
    const row = await depositRepository.deposit(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status === 'confirmed') return { order: row, credited: false };
    if (row.status === 'rejected') throw new AppError('ORDER_NOT_PENDING');
    const resolved = await depositRepository.resolveDeposit(
      tx,
      id,
      { status: 'confirmed', resolvedBy: actor, gatewayRef },
      ['pending', 'expired'],
    );
    if (!resolved) throw new AppError('ORDER_NOT_PENDING');
    await depositRepository.releaseSlots(tx, id);
    await credit(tx, resolved, actor);
    changed('deposits', id, 'confirmed');
    return { order: resolved, credited: true };
  }

  /**
   * A payment seen in a scope: recorded once per reference, then matched by its exact amount to the one order whose
   * slot holds it. A slot's primary key means there is never more than one; no slot, a slot past its grace period,
   * or an order no longer payable leaves the payment in the operator queue instead of anyone's wallet.
   */
  async function paymentSeen(scope: string, amount: bigint, reference: string): Promise<DepositOrder | null> {
    if (amount <= 0n) throw new AppError('AMOUNT_INVALID');
    const outcome = await transaction(async (tx, changed): Promise<DepositOrderRow | DepositPaymentRow | null> => {
      const payment = await depositRepository.recordPayment(tx, { scope, amount, reference, status: 'unmatched' });
      if (!payment) {
        const first = await depositRepository.paymentByReference(tx, scope, reference);
        return first?.orderId && first.status !== 'unmatched'
          ? ((await depositRepository.deposit(tx, first.orderId)) ?? null)
          : null;
      }
      const slot = await depositRepository.slotAt(tx, scope, amount);
      const order = slot ? await depositRepository.deposit(tx, slot.orderId) : undefined;
      const unmatched = (note: string) => {
        changed('unmatched', payment.id, 'unmatched');
        return depositRepository.resolvePayment(tx, payment.id, { status: 'unmatched', note, orderId: order?.id });
      };
      if (!slot || !order) return unmatched('no live order expects this amount');
      if (slot.heldUntil.getTime() <= Date.now()) return unmatched(`order ${order.id} is past its grace period`);
      if (order.status !== 'pending' && order.status !== 'expired')
        return unmatched(`order ${order.id} is ${order.status}`);
      const { order: confirmed } = await confirmIn(tx, changed, order.id, `match:${scope}`, reference);
      await depositRepository.resolvePayment(tx, payment.id, {
        status: 'matched',
        orderId: confirmed.id,
        resolvedBy: 'system:matching',
      });
      return confirmed;
    });
    return outcome && 'memberId' in outcome ? view(outcome) : null;
  }

  const service = {
    async channels(): Promise<DepositChannel[]> {
      return (await depositRepository.activeChannels(db)).map((row) => ({
        id: row.id,
        kind: row.kind as DepositKind,
        name: row.name,
        min: formatAmount(row.minAmount),
        max: formatAmount(row.maxAmount),
        tips: row.tips,
      }));
    },

    async create(
      memberId: bigint,
      key: string,
      body: { channel: string; amount: bigint },
      session: PlaySession = null,
    ): Promise<DepositOrder> {
      const channel = await depositRepository.channel(db, body.channel);
      if (!channel?.active) throw new AppError('CHANNEL_UNAVAILABLE');
      if (body.amount < channel.minAmount) throw new AppError('AMOUNT_TOO_SMALL');
      if (body.amount > channel.maxAmount) throw new AppError('AMOUNT_TOO_LARGE');
      const rules = await deps.rules.get();
      const row = await transaction(async (tx, changed) => {
        // The limits row is locked before the member's wallet, as on every money path; a replay still answers with
        // the order it made, whatever the limits say now.
        const refusal = await deps.gate.deposit(tx, memberId, body.amount, session).then(
          () => null,
          (error: unknown) => {
            if (error instanceof AppError) return error;
            throw error;
          },
        );
        await ledger.lockMember(tx, memberId);
        const replay = await depositRepository.depositByKey(tx, memberId, key);
        if (replay) {
          if (replay.channelId !== body.channel || replay.amount !== body.amount)
            throw new AppError('IDEMPOTENCY_CONFLICT');
          return replay;
        }
        if (refusal) throw refusal;
        if ((await depositRepository.livePendingCount(tx, memberId)) >= rules.depositPendingMax)
          throw new AppError('DEPOSIT_PENDING_LIMIT');
        const id = await depositRepository.nextDepositId(tx);
        const expiresAt = new Date(Date.now() + rules.depositExpiryMs);
        let payAmount = body.amount;
        let coinAmount: bigint | null = null;
        const scope = matchScope(channel);
        if (scope) {
          const usdt = USDT_KINDS.has(channel.kind as DepositKind);
          // USDT: the coin amount at the locked rate, rounded up to 0.01 USDT, before its tail.
          const base = usdt
            ? (((body.amount * 10_000n + rules.usdtRate - 1n) / rules.usdtRate + 99n) / 100n) * 100n
            : body.amount;
          await depositRepository.lockScope(tx, scope);
          const claimed = await depositRepository.claimSlot(tx, {
            scope,
            base,
            step: usdt ? COIN_STEP : BANK_STEP,
            maxSteps: MAX_STEPS,
            orderId: id,
            heldUntil: new Date(expiresAt.getTime() + rules.depositGraceMs),
          });
          if (claimed === null) throw new AppError('DEPOSIT_BUSY');
          if (usdt) coinAmount = claimed;
          else payAmount = claimed;
        }
        let remark = '';
        for (let index = 0; index < 6; index++) remark += REMARK_ALPHABET[randomInt(REMARK_ALPHABET.length)];
        changed('deposits', id, 'pending');
        return depositRepository.insertDeposit(tx, {
          id,
          memberId,
          channelId: channel.id,
          amount: body.amount,
          payAmount,
          coinAmount,
          remark,
          payee: channel.payee,
          idempotencyKey: key,
          expiresAt,
        });
      });
      return view(row);
    },

    async order(memberId: bigint, id: bigint): Promise<DepositOrder> {
      const row = await depositRepository.deposit(db, id);
      // Another member's order is reported as missing, never as forbidden: ids are not a way to probe.
      if (!row || row.memberId !== memberId) throw new AppError('NOT_FOUND');
      return view(row);
    },

    async memberOrders(memberId: bigint): Promise<DepositOrder[]> {
      return Promise.all((await depositRepository.listDeposits(db, { memberId, limit: 20 })).map(view));
    },

    /**
     * Confirms an order once. Confirming it again (a replayed callback, a double click) changes nothing and answers
     * with the order as it is. A late payment on an expired order is still credited: the money did arrive.
     */
    async confirm(id: bigint, actor: string, gatewayRef?: string): Promise<DepositOrder> {
      const { order } = await transaction((tx, changed) => confirmIn(tx, changed, id, actor, gatewayRef));
      return view(order);
    },

    /** An operator confirms an order by hand (the money arrived, the gateway did not say so); audited in the same transaction. */
    async confirmByOperator(operator: OperatorActor, id: bigint): Promise<DepositOrder> {
      assertRole(operator, MONEY_DESK);
      const { order } = await transaction(async (tx, changed) => {
        const confirmed = await confirmIn(tx, changed, id, actorLabel(operator));
        if (confirmed.credited)
          await auditIn(tx, operator, 'deposit.confirm', `deposit:${id}`, {
            amount: formatAmount(confirmed.order.amount),
          });
        return confirmed;
      });
      return view(order);
    },

    async reject(operator: OperatorActor, id: bigint, reason: string): Promise<DepositOrder> {
      assertRole(operator, MONEY_DESK);
      const row = await transaction(async (tx, changed) => {
        const rejected = await depositRepository.resolveDeposit(tx, id, {
          status: 'rejected',
          resolvedBy: actorLabel(operator),
          reason,
        });
        if (!rejected) return rejected;
        await depositRepository.releaseSlots(tx, id);
        await auditIn(tx, operator, 'deposit.reject', `deposit:${id}`, { reason });
        changed('deposits', id, 'rejected');
        return rejected;
      });
      if (!row) {
        const existing = await depositRepository.deposit(db, id);
        if (!existing) throw new AppError('NOT_FOUND');
        throw new AppError('ORDER_NOT_PENDING');
      }
      return view(row);
    },

    /** A payment gateway's callback: verified, then idempotent; the amount paid must be the amount asked. */
    async gatewayCallback(payload: GatewayCallback): Promise<DepositOrder> {
      const expected = signGatewayCallback(deps.gatewaySecret, payload);
      if (!safeEqual(expected, payload.sign)) throw new AppError('SIGNATURE_INVALID');
      if (!/^\d{1,18}$/.test(payload.orderId)) throw new AppError('NOT_FOUND');
      const id = BigInt(payload.orderId);
      const row = await depositRepository.deposit(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (payload.status !== 'paid') return view(row);
      if (payload.amount !== formatAmount(row.payAmount)) throw new AppError('AMOUNT_INVALID');
      return service.confirm(id, `gateway:${payload.reference.slice(0, 40)}`, payload.reference);
    },

    /**
     * Virtual coin: the chain watcher reports a transfer to one of our addresses. It settles the one order holding
     * that exact coin amount, or waits in the operator queue (null); the same txid reported again changes nothing.
     */
    async chainTransferSeen(
      network: 'TRC20' | 'ERC20',
      coinAmount: bigint,
      txid: string,
    ): Promise<DepositOrder | null> {
      return paymentSeen(`chain:${network}`, coinAmount, txid);
    },

    /** A bank statement line (amount with its odd cents, the bank's reference): matched exactly like the chain's. */
    async bankTransferSeen(channelId: string, amount: bigint, reference: string): Promise<DepositOrder | null> {
      const channel = await depositRepository.channel(db, channelId);
      const scope = channel ? matchScope(channel) : null;
      if (!scope?.startsWith('channel:')) throw new AppError('CHANNEL_UNAVAILABLE');
      return paymentSeen(scope, amount, reference);
    },

    /**
     * An operator credits a queued payment to an order (through the one confirm path), audited in the same
     * transaction. Confirming credits the order's pay amount, so the payment must be exactly what the order asked
     * for, where it asked for it (its bank account or chain network). A payment of any other amount is refused
     * rather than credited: the order has no column for a second figure, and crediting it as paid would give the
     * member the order's amount, not the money that came in. That money goes through a manual adjustment, whose
     * reason is recorded and which a second operator approves above the threshold.
     */
    async assignPayment(actor: OperatorActor, paymentId: bigint, orderId: bigint) {
      assertRole(actor, MONEY_DESK);
      const row = await transaction(async (tx, changed) => {
        const payment = await depositRepository.payment(tx, paymentId, true);
        if (!payment) throw new AppError('NOT_FOUND');
        if (payment.status !== 'unmatched') throw new AppError('PAYMENT_RESOLVED');
        const order = await depositRepository.deposit(tx, orderId);
        if (!order) throw new AppError('NOT_FOUND');
        const channel = await depositRepository.channel(tx, order.channelId);
        const scope = channel ? matchScope(channel) : null;
        // A chain payment is counted in coin, a bank one in yuan: the figure to compare is in the payment's unit.
        const expected = scope?.startsWith('chain:') ? order.coinAmount : order.payAmount;
        const detail = {
          payment: { scope: payment.scope, amount: formatAmount(payment.amount) },
          order: { scope, amount: expected === null ? null : formatAmount(expected) },
        };
        if (scope !== payment.scope) throw new AppError('PAYMENT_CHANNEL_MISMATCH', { detail });
        if (payment.amount !== expected) throw new AppError('PAYMENT_AMOUNT_MISMATCH', { detail });
        const { credited } = await confirmIn(tx, changed, orderId, actorLabel(actor), payment.reference);
        if (!credited) throw new AppError('ORDER_NOT_PENDING');
        const assigned = await depositRepository.resolvePayment(tx, paymentId, {
          status: 'assigned',
          orderId,
          resolvedBy: actorLabel(actor),
        });
        await auditIn(tx, actor, 'deposit.payment.assign', `payment:${paymentId}`, { orderId: orderId.toString() });
        changed('unmatched', paymentId, 'assigned');
        return assigned;
      });
      return toPaymentView(row);
    },

    /** An operator closes a queued payment without crediting anyone (refunded, not ours), with a reason. */
    async dismissPayment(actor: OperatorActor, paymentId: bigint, reason: string) {
      assertRole(actor, MONEY_DESK);
      const row = await transaction(async (tx, changed) => {
        const payment = await depositRepository.payment(tx, paymentId, true);
        if (!payment) throw new AppError('NOT_FOUND');
        if (payment.status !== 'unmatched') throw new AppError('PAYMENT_RESOLVED');
        const dismissed = await depositRepository.resolvePayment(tx, paymentId, {
          status: 'dismissed',
          reason,
          resolvedBy: actorLabel(actor),
        });
        await auditIn(tx, actor, 'deposit.payment.dismiss', `payment:${paymentId}`, { reason });
        changed('unmatched', paymentId, 'dismissed');
        return dismissed;
      });
      return toPaymentView(row);
    },

    /** Marks unpaid orders past their expiry as expired; run periodically. */
    async expireOverdue(): Promise<number> {
      const overdue = await depositRepository.expiredPendingDeposits(db, 500);
      let expired = 0;
      for (const { id } of overdue) {
        if (await depositRepository.resolveDeposit(db, id, { status: 'expired', resolvedBy: 'system:expiry' })) {
          expired++;
          deps.queues.changed('deposits', id, 'expired');
        }
      }
      await depositRepository.purgeLapsedSlots(db);
      return expired;
    },
  };
  return service;
}

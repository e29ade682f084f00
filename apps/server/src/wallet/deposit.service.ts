import { randomInt } from 'node:crypto';
import type { DepositChannel, DepositKind, DepositOrder } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database, Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import { hmac, safeEqual } from '../shared/tokens';
import { house, type LedgerService, member } from './ledger.service';
import { type DepositOrderRow, walletRepository } from './wallet.repository';
import { loadWalletRules } from './wallet-settings';
import { toDepositOrder } from './wallet-view';

export type DepositService = ReturnType<typeof createDepositService>;

const REMARK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const USDT_KINDS = new Set<DepositKind>(['usdt_trc20', 'usdt_erc20']);

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
export function createDepositService(deps: { db: Database; ledger: LedgerService; gatewaySecret: string }) {
  const { db, ledger } = deps;

  async function view(row: DepositOrderRow): Promise<DepositOrder> {
    const channel = await walletRepository.channel(db, row.channelId);
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
    const rules = await loadWalletRules(tx);
    const required = (order.payAmount * rules.flowMultiple100) / 100n;
    if (required > 0n) await walletRepository.addTurnover(tx, order.memberId, required);
  }

  const service = {
    async channels(): Promise<DepositChannel[]> {
      return (await walletRepository.activeChannels(db)).map((row) => ({
        id: row.id,
        kind: row.kind as DepositKind,
        name: row.name,
        min: formatAmount(row.minAmount),
        max: formatAmount(row.maxAmount),
        tips: row.tips,
      }));
    },

    async create(memberId: bigint, key: string, body: { channel: string; amount: bigint }): Promise<DepositOrder> {
      const channel = await walletRepository.channel(db, body.channel);
      if (!channel?.active) throw new AppError('CHANNEL_UNAVAILABLE');
      if (body.amount < channel.minAmount) throw new AppError('AMOUNT_TOO_SMALL');
      if (body.amount > channel.maxAmount) throw new AppError('AMOUNT_TOO_LARGE');
      const rules = await loadWalletRules(db);
      const row = await ledger.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        const replay = await walletRepository.depositByKey(tx, memberId, key);
        if (replay) {
          if (replay.channelId !== body.channel || replay.amount !== body.amount)
            throw new AppError('IDEMPOTENCY_CONFLICT');
          return replay;
        }
        let payAmount = body.amount;
        let coinAmount: bigint | null = null;
        if (channel.kind === 'bank') {
          // Odd cents (0.01-0.99) make each pending transfer's amount unique, so a payment can be matched to it.
          for (let attempt = 0; attempt < 30; attempt++) {
            const candidate = body.amount + BigInt(randomInt(1, 100)) * 100n;
            if (!(await walletRepository.pendingPayAmountTaken(tx, channel.id, candidate))) {
              payAmount = candidate;
              break;
            }
          }
          if (payAmount === body.amount) throw new AppError('RETRY');
        } else if (USDT_KINDS.has(channel.kind as DepositKind)) {
          // Coin amount at the locked rate, rounded up to 0.01 USDT, plus a unique 0.0001-0.0099 tail for matching.
          const base = (body.amount * 10_000n + rules.usdtRate - 1n) / rules.usdtRate;
          const rounded = ((base + 99n) / 100n) * 100n;
          coinAmount = rounded + BigInt(randomInt(1, 100));
        }
        let remark = '';
        for (let index = 0; index < 6; index++) remark += REMARK_ALPHABET[randomInt(REMARK_ALPHABET.length)];
        return walletRepository.insertDeposit(tx, {
          memberId,
          channelId: channel.id,
          amount: body.amount,
          payAmount,
          coinAmount,
          remark,
          payee: channel.payee,
          idempotencyKey: key,
          expiresAt: new Date(Date.now() + rules.depositExpiryMs),
        });
      });
      return view(row);
    },

    async order(memberId: bigint, id: bigint): Promise<DepositOrder> {
      const row = await walletRepository.deposit(db, id);
      // Another member's order is reported as missing, never as forbidden: ids are not a way to probe.
      if (!row || row.memberId !== memberId) throw new AppError('NOT_FOUND');
      return view(row);
    },

    async memberOrders(memberId: bigint): Promise<DepositOrder[]> {
      return Promise.all((await walletRepository.listDeposits(db, { memberId, limit: 20 })).map(view));
    },

    /**
     * Confirms an order once. Confirming it again (a replayed callback, a double click) changes nothing and answers
     * with the order as it is. A late payment on an expired order is still credited: the money did arrive.
     */
    async confirm(id: bigint, actor: string, gatewayRef?: string): Promise<DepositOrder> {
      const order = await ledger.transaction(async (tx) => {
        const peek = await walletRepository.deposit(tx, id);
        if (!peek) throw new AppError('NOT_FOUND');
        await ledger.lockMember(tx, peek.memberId);
        const row = await walletRepository.deposit(tx, id, true);
        if (!row) throw new AppError('NOT_FOUND');
        if (row.status === 'confirmed') return row;
        if (row.status === 'rejected') throw new AppError('ORDER_NOT_PENDING');
        const resolved = await walletRepository.resolveDeposit(
          tx,
          id,
          { status: 'confirmed', resolvedBy: actor, gatewayRef },
          ['pending', 'expired'],
        );
        if (!resolved) throw new AppError('ORDER_NOT_PENDING');
        await credit(tx, resolved, actor);
        return resolved;
      });
      return view(order);
    },

    async reject(id: bigint, actor: string, reason: string): Promise<DepositOrder> {
      const row = await walletRepository.resolveDeposit(db, id, { status: 'rejected', resolvedBy: actor, reason });
      if (!row) {
        const existing = await walletRepository.deposit(db, id);
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
      const row = await walletRepository.deposit(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (payload.status !== 'paid') return view(row);
      if (payload.amount !== formatAmount(row.payAmount)) throw new AppError('AMOUNT_INVALID');
      return service.confirm(id, `gateway:${payload.reference.slice(0, 40)}`, payload.reference);
    },

    /** Virtual coin: the chain watcher reports a transfer to one of our addresses; it settles the matching order. */
    async chainTransferSeen(
      network: 'TRC20' | 'ERC20',
      coinAmount: bigint,
      txid: string,
    ): Promise<DepositOrder | null> {
      const kind: DepositKind = network === 'TRC20' ? 'usdt_trc20' : 'usdt_erc20';
      const pending = await walletRepository.listDeposits(db, { status: 'pending', limit: 500 });
      for (const row of pending) {
        const channel = await walletRepository.channel(db, row.channelId);
        if (channel?.kind === kind && row.coinAmount === coinAmount)
          return service.confirm(row.id, `chain:${network}`, txid);
      }
      return null;
    },

    /** Marks unpaid orders past their expiry as expired; run periodically. */
    async expireOverdue(): Promise<number> {
      const overdue = await walletRepository.expiredPendingDeposits(db, 500);
      let expired = 0;
      for (const { id } of overdue) {
        if (await walletRepository.resolveDeposit(db, id, { status: 'expired', resolvedBy: 'system:expiry' }))
          expired++;
      }
      return expired;
    },
  };
  return service;
}

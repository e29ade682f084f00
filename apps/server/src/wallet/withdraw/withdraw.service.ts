import { type ErrorCode, platformDay, platformDayBounds, type Withdrawal, type WithdrawInfo } from '@jinb/contract';
import { formatAmount, withdrawalFee } from '@jinb/money';
import { actorLabel, assertRole, auditIn, MONEY_DESK, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import { memberRepository } from '../../member/member.repository';
import type { SystemMessages } from '../../messages/system-messages';
import { AppError } from '../../shared/app-error';
import { cardsRepository } from '../cards/cards.repository';
import type { MoneyQueuePublisher } from '../desk/money-queues';
import { house, type LedgerService, member } from '../ledger/ledger.service';
import { turnoverRepository } from '../turnover.repository';
import type { WalletRules, WalletRulesCache } from '../wallet-settings';
import { toWithdrawal } from '../wallet-view';
import { type WithdrawalRow, type WithdrawRefusal, withdrawRepository } from './withdraw.repository';
import type { WithdrawPasswordService } from './withdraw-password.service';

/** What the member is told when wallet_withdraw refuses; a hash changed twice in a row reads as a wrong password. */
const REFUSALS: Record<WithdrawRefusal, ErrorCode> = {
  password_changed: 'WITHDRAW_PASSWORD_WRONG',
  card_not_found: 'CARD_NOT_FOUND',
  amount_too_small: 'AMOUNT_TOO_SMALL',
  amount_too_large: 'AMOUNT_TOO_LARGE',
  daily_count_limit: 'DAILY_COUNT_LIMIT',
  daily_amount_limit: 'DAILY_AMOUNT_LIMIT',
  turnover_unmet: 'TURNOVER_UNMET',
};

export type WithdrawService = ReturnType<typeof createWithdrawService>;

/** The fee rule lives in @jinb/money, shared with the page that shows it before the member confirms. */
export function feeFor(amount: bigint, rules: WalletRules): bigint {
  return withdrawalFee(amount, rules.withdrawFeeRate100, rules.withdrawFeeFixed);
}

/**
 * Withdrawals: submitting freezes the amount at once (main -> frozen); the withdrawal then goes
 * unhandled -> accepted -> paid (frozen -> house), or refused / cancelled (frozen -> main). See README.md.
 */
export function createWithdrawService(deps: {
  db: Database;
  /** The platform's zone: daily limits reset at its midnight. */
  timeZone: string;
  rules: WalletRulesCache;
  ledger: LedgerService;
  withdrawPassword: WithdrawPasswordService;
  /** A withdrawal paid or refused tells the member in their inbox, in the same transaction. */
  messages: SystemMessages;
  /** The money desk's live queue: a withdrawal submitted, cancelled or decided, after the commit. */
  queues: MoneyQueuePublisher;
}) {
  const { db, ledger } = deps;

  function startOfToday(): Date {
    const bounds = platformDayBounds(platformDay(new Date(), deps.timeZone), deps.timeZone);
    if (!bounds) throw new Error(`no start of today in ${deps.timeZone}`);
    return bounds.start;
  }

  async function view(tx: Executor, row: WithdrawalRow): Promise<Withdrawal> {
    const card = await cardsRepository.cardById(tx, row.cardId);
    if (!card) throw new Error(`card ${row.cardId} of withdrawal ${row.id} missing`);
    return toWithdrawal(row, card);
  }

  /** The member's daily limits: their VIP level's from VIP1 up (issue 23), the wallet settings' at VIP0. */
  async function dailyLimits(tx: Executor, memberId: bigint, rules: WalletRules) {
    const level = await withdrawRepository.levelLimits(tx, memberId);
    return level ?? { count: rules.withdrawDailyCount, amount: rules.withdrawDailyAmount };
  }

  async function unmetTurnover(tx: Executor, memberId: bigint): Promise<bigint> {
    const { required, wagered } = await turnoverRepository.turnover(tx, memberId);
    return required > wagered ? required - wagered : 0n;
  }

  /** Moves a withdrawal between states and its money with it, under the member's lock. */
  async function transition(
    id: bigint,
    from: string[],
    to: 'accepted' | 'paid' | 'refused' | 'cancelled',
    actor: string,
    options: { memberId?: bigint; reason?: string; operator?: OperatorActor } = {},
  ): Promise<Withdrawal> {
    const { withdrawal, moved } = await ledger.transaction(async (tx) => {
      const peek = await withdrawRepository.withdrawal(tx, id);
      if (!peek || (options.memberId !== undefined && peek.memberId !== options.memberId))
        throw new AppError('NOT_FOUND');
      await ledger.lockMember(tx, peek.memberId);
      const row = await withdrawRepository.withdrawal(tx, id, true);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === to) return { withdrawal: await view(tx, row), moved: false };
      const moved = await withdrawRepository.moveWithdrawal(tx, id, from, to, {
        handledBy: actor,
        ...(options.reason !== undefined ? { reason: options.reason } : {}),
      });
      if (!moved) throw new AppError(to === 'cancelled' ? 'WITHDRAW_NOT_CANCELLABLE' : 'ORDER_NOT_PENDING');
      const reference = `withdrawal:${id}`;
      if (to === 'paid') {
        const payout = moved.amount - moved.fee;
        await ledger.post(tx, {
          key: `withdraw:${id}:paid`,
          code: 'withdraw_paid',
          from: member(moved.memberId, 'frozen'),
          to: house('withdrawals'),
          amount: payout,
          actor,
          reference,
        });
        if (moved.fee > 0n) {
          await ledger.post(tx, {
            key: `withdraw:${id}:fee`,
            code: 'withdraw_fee',
            from: member(moved.memberId, 'frozen'),
            to: house('fees'),
            amount: moved.fee,
            actor,
            reference,
          });
        }
      } else if (to === 'refused' || to === 'cancelled') {
        await ledger.post(tx, {
          key: `withdraw:${id}:unfreeze`,
          code: 'withdraw_unfreeze',
          from: member(moved.memberId, 'frozen'),
          to: member(moved.memberId, 'main'),
          amount: moved.amount,
          actor,
          reference,
          memo: options.reason ?? '',
        });
      }
      if (to === 'paid' || to === 'refused')
        await deps.messages.sendIn(tx, [
          {
            memberId: moved.memberId,
            template: to === 'paid' ? 'withdraw_paid' : 'withdraw_refused',
            params: {
              amount: formatAmount(moved.amount),
              ...(to === 'refused' ? { reason: options.reason ?? '' } : {}),
            },
            ref: `${reference}:${to}`,
          },
        ]);
      if (options.operator)
        await auditIn(
          tx,
          options.operator,
          `withdrawal.${to === 'refused' ? 'refuse' : to === 'paid' ? 'pay' : 'accept'}`,
          reference,
          {
            amount: formatAmount(moved.amount),
            ...(options.reason !== undefined ? { reason: options.reason } : {}),
          },
        );
      return { withdrawal: await view(tx, moved), moved: true };
    });
    if (moved) deps.queues.changed('withdrawals', id, to);
    return withdrawal;
  }

  return {
    async info(memberId: bigint): Promise<WithdrawInfo> {
      const rules = await deps.rules.get();
      const [accounts, today, unmet, row, limits] = await Promise.all([
        ledger.balances(memberId),
        withdrawRepository.withdrawnSince(db, memberId, startOfToday()),
        unmetTurnover(db, memberId),
        memberRepository.findById(db, memberId),
        dailyLimits(db, memberId, rules),
      ]);
      const main = accounts.find((account) => account.kind === 'main')?.balance ?? 0n;
      const remainingAmount = limits.amount > today.amount ? limits.amount - today.amount : 0n;
      return {
        balance: formatAmount(main),
        min: formatAmount(rules.withdrawMin),
        max: formatAmount(rules.withdrawMax),
        dailyCount: limits.count,
        dailyAmount: formatAmount(limits.amount),
        remainingCount: Math.max(0, limits.count - today.count),
        remainingAmount: formatAmount(remainingAmount),
        feeRate: rules.raw.withdrawFeeRate,
        feeFixed: formatAmount(rules.withdrawFeeFixed),
        flowMultiple: rules.raw.flowMultiple,
        unmetTurnover: formatAmount(unmet),
        passwordEnabled: rules.withdrawPasswordEnabled,
        passwordSet: Boolean(row?.withdrawPasswordHash),
      };
    },

    async create(
      memberId: bigint,
      key: string,
      body: { amount: bigint; cardId: number; password: string },
    ): Promise<Withdrawal> {
      const rules = await deps.rules.get();
      const limits = await dailyLimits(db, memberId, rules);
      const [mainId, frozenId] = [
        await ledger.accountId(db, member(memberId, 'main')),
        await ledger.accountId(db, member(memberId, 'frozen')),
      ];
      // The password check is slow on purpose (argon2) and runs before the statement; the statement checks that the
      // hash it passed is still the member's, and a changed one is read again once.
      for (let attempt = 1; ; attempt++) {
        const passwordHash = await deps.withdrawPassword.verifiedHash(memberId, body.password, attempt > 1);
        const outcome = await ledger.statement(
          (db) =>
            withdrawRepository.create(db, {
              memberId,
              key,
              cardId: BigInt(body.cardId),
              amount: body.amount,
              fee: feeFor(body.amount, rules),
              min: rules.withdrawMin,
              max: rules.withdrawMax,
              since: startOfToday(),
              dailyCount: limits.count,
              dailyAmount: limits.amount,
              passwordHash,
              mainId,
              frozenId,
              actor: `member:${memberId}`,
            }),
          [memberId],
        );
        if (outcome.outcome === 'password_changed' && attempt < 2) continue;
        if (outcome.outcome === 'created') deps.queues.changed('withdrawals', outcome.row.id, outcome.row.status);
        if (outcome.outcome !== 'created' && outcome.outcome !== 'replayed')
          throw new AppError(REFUSALS[outcome.outcome]);
        if (
          outcome.outcome === 'replayed' &&
          (outcome.row.amount !== body.amount || outcome.row.cardId !== BigInt(body.cardId))
        )
          throw new AppError('IDEMPOTENCY_CONFLICT');
        return toWithdrawal(outcome.row, outcome.card);
      }
    },

    async list(memberId: bigint): Promise<Withdrawal[]> {
      const rows = await withdrawRepository.listWithdrawals(db, { memberId, limit: 50 });
      return Promise.all(rows.map((row) => view(db, row)));
    },

    cancel(memberId: bigint, id: bigint) {
      return transition(id, ['unhandled'], 'cancelled', `member:${memberId}`, { memberId });
    },

    // The operator's decisions: each moves the state, its money and its audit row in one transaction.
    accept(operator: OperatorActor, id: bigint) {
      assertRole(operator, MONEY_DESK);
      return transition(id, ['unhandled'], 'accepted', actorLabel(operator), { operator });
    },

    pay(operator: OperatorActor, id: bigint) {
      assertRole(operator, MONEY_DESK);
      return transition(id, ['unhandled', 'accepted'], 'paid', actorLabel(operator), { operator });
    },

    refuse(operator: OperatorActor, id: bigint, reason: string) {
      assertRole(operator, MONEY_DESK);
      return transition(id, ['unhandled', 'accepted'], 'refused', actorLabel(operator), { reason, operator });
    },

    async adminList(status: string) {
      const rows = await withdrawRepository.listWithdrawals(db, { status: status || undefined, limit: 200 });
      return Promise.all(rows.map(async (row) => ({ ...(await view(db, row)), memberId: row.memberId.toString() })));
    },
  };
}

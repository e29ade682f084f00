import {
  type DepositKind,
  type DepositOrder,
  platformDay,
  platformDayBounds,
  type WalletSettings,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { ApprovalService } from '../../admin/approval.service';
import { actorLabel, assertRole, auditIn, MONEY_DESK, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import type { depositChannels } from '../../db/schema';
import { memberRepository } from '../../member/member.repository';
import { AppError } from '../../shared/app-error';
import { depositRepository } from '../deposit/deposit.repository';
import type { DepositService } from '../deposit/deposit.service';
import { house, type LedgerService, member } from '../ledger/ledger.service';
import { turnoverRepository } from '../turnover.repository';
import { loadWalletRules, saveWalletSettings, type WalletRules, type WalletRulesCache } from '../wallet-settings';
import { deskRepository } from './desk.repository';
import type { MoneyQueuePublisher } from './money-queues';

/** A deposit channel as the console reads it. */
export function toChannelView(row: typeof depositChannels.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind as DepositKind,
    name: row.name,
    min: formatAmount(row.minAmount),
    max: formatAmount(row.maxAmount),
    payee: row.payee as Record<string, string>,
    tips: row.tips,
    sort: row.sort,
    active: row.active,
  };
}

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;

/** What an adjustment waiting for a second operator holds: exactly what the first one asked for. */
type AdjustRequest = { memberId: string; amount: string; reason: string };

/** The operator's money desk: adjustments, configuration, the day's summary and the ledger check. */
export function createWalletAdminService(deps: {
  db: Database;
  /** The platform's zone: where a day of the summary begins. */
  timeZone: string;
  rules: WalletRulesCache;
  ledger: LedgerService;
  deposits: DepositService;
  approvals: ApprovalService;
  /** The money desk's live queues: an adjustment filed for a second operator, after the commit. */
  queues: MoneyQueuePublisher;
}) {
  const { db, ledger, approvals } = deps;

  /** Posts one adjustment and its audit row in the caller's transaction, under the member's lock. */
  async function postAdjust(
    tx: Executor,
    actor: OperatorActor,
    input: { key: string; memberId: bigint; amount: bigint; reason: string; approvalId?: bigint },
  ) {
    const credit = input.amount > 0n;
    await ledger.lockMember(tx, input.memberId);
    const posted = await ledger.post(tx, {
      key: input.key,
      code: 'adjust',
      from: credit ? house('adjustments') : member(input.memberId, 'main'),
      to: credit ? member(input.memberId, 'main') : house('adjustments'),
      amount: credit ? input.amount : -input.amount,
      actor: actorLabel(actor),
      reference: `member:${input.memberId}`,
      memo: input.reason,
    });
    if (!posted.replayed)
      await auditIn(tx, actor, 'wallet.adjust', `member:${input.memberId}`, {
        amount: formatAmount(input.amount),
        reason: input.reason,
        transferId: posted.transfer.id.toString(),
        ...(input.approvalId !== undefined ? { approvalId: input.approvalId.toString() } : {}),
      });
    return posted;
  }

  function assertWithinCap(amount: bigint, rules: WalletRules) {
    if (amount > rules.adjustMax || -amount > rules.adjustMax) throw new AppError('ADJUST_TOO_LARGE');
  }

  approvals.register('wallet.adjust', {
    roles: MONEY_DESK,
    async run(tx, approver, request) {
      const asked = request.payload as AdjustRequest;
      const amount = parseAmount(asked.amount);
      if (!amount.ok) throw new Error(`approval ${request.id} holds a bad amount`);
      // The cap is the rule at the time of approval: lowering it stops requests already waiting.
      assertWithinCap(amount.value, await loadWalletRules(tx));
      const posted = await postAdjust(tx, approver, {
        key: `approval:${request.id}`,
        memberId: BigInt(asked.memberId),
        amount: amount.value,
        reason: asked.reason,
        approvalId: request.id,
      });
      return { transferId: posted.transfer.id.toString() };
    },
  });

  async function mainBalanceOf(memberId: bigint) {
    const accounts = await ledger.balances(memberId);
    return formatAmount(accounts.find((account) => account.kind === 'main')?.balance ?? 0n);
  }

  return {
    /**
     * A manual credit (positive) or debit (negative) with a mandatory reason; a debit cannot overdraw. Above the
     * approval threshold nothing moves: a request waits for a second operator (`approval` in the answer).
     */
    async adjust(actor: OperatorActor, memberId: bigint, key: string, amount: bigint, reason: string) {
      assertRole(actor, MONEY_DESK);
      if (!(await memberRepository.findById(db, memberId))) throw new AppError('NOT_FOUND');
      const rules = await deps.rules.get();
      assertWithinCap(amount, rules);
      const requestKey = `adjust:${actor.id}:${key}`;
      if (amount > rules.adjustApprovalAbove || -amount > rules.adjustApprovalAbove) {
        const approval = await ledger.transaction((tx) =>
          approvals.request(tx, actor, {
            action: 'wallet.adjust',
            key: requestKey,
            target: `member:${memberId}`,
            payload: { memberId: memberId.toString(), amount: formatAmount(amount), reason } satisfies AdjustRequest,
          }),
        );
        deps.queues.changed('approvals', approval.id, approval.status);
        return { transferId: null, replayed: false, balance: await mainBalanceOf(memberId), approval };
      }
      const posted = await ledger.transaction((tx) =>
        postAdjust(tx, actor, { key: requestKey, memberId, amount, reason }),
      );
      return {
        transferId: posted.transfer.id.toString(),
        replayed: posted.replayed,
        balance: await mainBalanceOf(memberId),
        approval: null,
      };
    },

    async memberWallet(memberId: bigint) {
      const accounts = await ledger.balances(memberId);
      const entries = await deskRepository.latestEntries(db, memberId, 50);
      const turnover = await turnoverRepository.turnover(db, memberId);
      return {
        accounts: accounts.map((account) => ({ kind: account.kind, balance: formatAmount(account.balance) })),
        turnover: { required: formatAmount(turnover.required), wagered: formatAmount(turnover.wagered) },
        entries: entries.map((row) => ({
          id: row.id.toString(),
          account: row.kind,
          code: row.code,
          amount: formatAmount(row.amount),
          balanceAfter: formatAmount(row.balanceAfter),
          reference: row.reference,
          memo: row.memo,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** Forgives a member's unmet turnover (support decisions, promotions); returns what was waived. */
    async waiveTurnover(actor: OperatorActor, memberId: bigint) {
      assertRole(actor, MONEY_DESK);
      if (!(await memberRepository.findById(db, memberId))) throw new AppError('NOT_FOUND');
      return ledger.transaction(async (tx) => {
        // Under the member's lock, so a bet settling meanwhile cannot make the figure we record wrong.
        await ledger.lockMember(tx, memberId);
        const before = await turnoverRepository.turnover(tx, memberId);
        await turnoverRepository.waiveTurnover(tx, memberId);
        const waived = formatAmount(before.required > before.wagered ? before.required - before.wagered : 0n);
        await auditIn(tx, actor, 'wallet.turnover.waive', `member:${memberId}`, { waived });
        return { waived };
      });
    },

    async settings(): Promise<WalletSettings> {
      return (await loadWalletRules(db)).raw;
    },

    async updateSettings(actor: OperatorActor, value: WalletSettings): Promise<WalletSettings> {
      assertRole(actor, MONEY_DESK);
      const min = parseAmount(value.withdrawMin);
      const max = parseAmount(value.withdrawMax);
      if (!min.ok || !max.ok || min.value <= 0n || max.value < min.value) throw new AppError('VALIDATION');
      const saved = await ledger.transaction(async (tx) => {
        // A field a client leaves out (one added after it was written) keeps its value instead of resetting.
        const merged = { ...(await loadWalletRules(tx)).raw, ...stripUndefined(value) };
        await saveWalletSettings(tx, merged);
        await auditIn(tx, actor, 'wallet.settings', 'wallet', merged);
        return (await loadWalletRules(tx)).raw;
      });
      await deps.rules.changed();
      return saved;
    },

    async channels() {
      return (await depositRepository.allChannels(db)).map(toChannelView);
    },

    async saveChannel(
      actor: OperatorActor,
      input: {
        id: string;
        kind: string;
        name: string;
        min: bigint;
        max: bigint;
        payee: Record<string, string>;
        tips: string;
        sort: number;
        active: boolean;
      },
    ) {
      assertRole(actor, MONEY_DESK);
      if (input.max < input.min) throw new AppError('VALIDATION');
      await ledger.transaction(async (tx) => {
        await depositRepository.upsertChannel(tx, {
          id: input.id,
          kind: input.kind,
          name: input.name,
          minAmount: input.min,
          maxAmount: input.max,
          payee: input.payee,
          tips: input.tips,
          sort: input.sort,
          active: input.active,
        });
        await auditIn(tx, actor, 'wallet.channel', `channel:${input.id}`, {
          ...input,
          min: formatAmount(input.min),
          max: formatAmount(input.max),
        });
      });
    },

    async deposits(status: string) {
      const rows = await depositRepository.listDeposits(db, { status: status || undefined, limit: 200 });
      return rows.map((row) => ({
        id: row.id.toString(),
        memberId: row.memberId.toString(),
        channel: row.channelId,
        amount: formatAmount(row.amount),
        payAmount: formatAmount(row.payAmount),
        coinAmount: row.coinAmount === null ? null : formatAmount(row.coinAmount),
        remark: row.remark,
        status: row.status as DepositOrder['status'],
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /** Deposits, withdrawals paid, net and pending counts for one platform day (default today). */
    async summary(day?: string) {
      const which = day ?? platformDay(new Date(), deps.timeZone);
      const bounds = platformDayBounds(which, deps.timeZone);
      if (!bounds) throw new AppError('VALIDATION');
      const summary = await deskRepository.daySummary(db, bounds.start, bounds.end);
      return {
        day: which,
        deposits: { count: summary.deposits.count, amount: formatAmount(summary.deposits.amount) },
        withdrawals: { count: summary.withdrawals.count, amount: formatAmount(summary.withdrawals.amount) },
        net: formatAmount(summary.deposits.amount - summary.withdrawals.amount),
        pending: summary.pending,
      };
    },

    async ledgerCheck() {
      const check = await ledger.check();
      return {
        ok:
          check.unbalancedTransfers === 0 &&
          check.mismatchedAccounts === 0 &&
          check.negativeMemberAccounts === 0 &&
          check.sumOfAllBalances === 0n,
        unbalancedTransfers: check.unbalancedTransfers,
        mismatchedAccounts: check.mismatchedAccounts,
        negativeMemberAccounts: check.negativeMemberAccounts,
        sumOfAllBalances: formatAmount(check.sumOfAllBalances),
        transfers: check.transfers,
        entries: check.entries,
      };
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

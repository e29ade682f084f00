import type { WalletSettings } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { Database } from '../db/database';
import { memberRepository } from '../member/member.repository';
import { AppError } from '../shared/app-error';
import { depositRepository } from './deposit.repository';
import type { DepositService } from './deposit.service';
import { house, type LedgerService, member } from './ledger.service';
import { walletRepository } from './wallet.repository';
import { loadWalletRules, saveWalletSettings } from './wallet-settings';
import { startOfChinaDay } from './wallet-view';

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;

/** The operator's money desk: adjustments, configuration, the day's summary and the ledger check. */
export function createWalletAdminService(deps: { db: Database; ledger: LedgerService; deposits: DepositService }) {
  const { db, ledger } = deps;
  return {
    /** A manual credit (positive) or debit (negative) with a mandatory reason; a debit cannot overdraw. */
    async adjust(operatorId: bigint, memberId: bigint, key: string, amount: bigint, reason: string) {
      if (!(await memberRepository.findById(db, memberId))) throw new AppError('NOT_FOUND');
      const limit = (await loadWalletRules(db)).adjustMax;
      if (amount > limit || -amount > limit) throw new AppError('ADJUST_TOO_LARGE');
      const credit = amount > 0n;
      const posted = await ledger.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        return ledger.post(tx, {
          key: `adjust:${operatorId}:${key}`,
          code: 'adjust',
          from: credit ? house('adjustments') : member(memberId, 'main'),
          to: credit ? member(memberId, 'main') : house('adjustments'),
          amount: credit ? amount : -amount,
          actor: `operator:${operatorId}`,
          reference: `member:${memberId}`,
          memo: reason,
        });
      });
      const accounts = await ledger.balances(memberId);
      return {
        transferId: posted.transfer.id.toString(),
        replayed: posted.replayed,
        balance: formatAmount(accounts.find((account) => account.kind === 'main')?.balance ?? 0n),
      };
    },

    async memberWallet(memberId: bigint) {
      const accounts = await ledger.balances(memberId);
      const records = await walletRepository.records(db, {
        memberId,
        codes: null,
        start: null,
        end: null,
        offset: 0,
        limit: 50,
      });
      const turnover = await walletRepository.turnover(db, memberId);
      return {
        accounts: accounts.map((account) => ({ kind: account.kind, balance: formatAmount(account.balance) })),
        turnover: { required: formatAmount(turnover.required), wagered: formatAmount(turnover.wagered) },
        entries: records.list.map((row) => ({
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
    async waiveTurnover(memberId: bigint) {
      if (!(await memberRepository.findById(db, memberId))) throw new AppError('NOT_FOUND');
      const before = await walletRepository.turnover(db, memberId);
      await walletRepository.waiveTurnover(db, memberId);
      const waived = before.required > before.wagered ? before.required - before.wagered : 0n;
      return { waived: formatAmount(waived) };
    },

    async settings(): Promise<WalletSettings> {
      return (await loadWalletRules(db)).raw;
    },

    async updateSettings(value: WalletSettings): Promise<WalletSettings> {
      const min = parseAmount(value.withdrawMin);
      const max = parseAmount(value.withdrawMax);
      if (!min.ok || !max.ok || min.value <= 0n || max.value < min.value) throw new AppError('VALIDATION');
      await saveWalletSettings(db, value);
      return (await loadWalletRules(db)).raw;
    },

    async channels() {
      return (await depositRepository.allChannels(db)).map((row) => ({
        id: row.id,
        kind: row.kind,
        name: row.name,
        min: formatAmount(row.minAmount),
        max: formatAmount(row.maxAmount),
        payee: row.payee as Record<string, string>,
        tips: row.tips,
        sort: row.sort,
        active: row.active,
      }));
    },

    async saveChannel(input: {
      id: string;
      kind: string;
      name: string;
      min: bigint;
      max: bigint;
      payee: Record<string, string>;
      tips: string;
      sort: number;
      active: boolean;
    }) {
      if (input.max < input.min) throw new AppError('VALIDATION');
      await depositRepository.upsertChannel(db, {
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
        status: row.status,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /** Deposits, withdrawals paid, net and pending counts for one China-time day (default today). */
    async summary(day?: string) {
      const start = day ? new Date(`${day}T00:00:00+08:00`) : startOfChinaDay();
      if (Number.isNaN(start.getTime())) throw new AppError('VALIDATION');
      const end = new Date(start.getTime() + 86_400_000);
      const summary = await walletRepository.daySummary(db, start, end);
      return {
        day: new Date(start.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
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

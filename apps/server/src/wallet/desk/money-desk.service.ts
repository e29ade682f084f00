import type {
  ChannelDeskQuery,
  DepositDeskRow,
  DepositOrder,
  MoneyQueuesView,
  PaymentDeskQuery,
  WithdrawalDeskRow,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { Database } from '../../db/database';
import { toPaymentView } from '../deposit/deposit.service';
import { toCard, toWithdrawal } from '../wallet-view';
import { type DeskListFilter, deskRepository, WITHDRAWAL_QUEUE } from './desk.repository';
import { toChannelView } from './wallet-admin.service';

export type MoneyDeskService = ReturnType<typeof createMoneyDeskService>;

/** A desk list's query as the contract validated it. */
type DeskQuery = { page: number; pageSize: number; sort: string; status: string; account: string; id: string };

/** The rows of `page` at `pageSize` rows a page, and the order: `field` ascending, `-field` or empty descending. */
function pageOf(query: { page: number; pageSize: number; sort: string }, descendingByDefault: boolean) {
  return {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    field: query.sort.replace(/^-/, ''),
    descending: query.sort === '' ? descendingByDefault : query.sort.startsWith('-'),
  };
}

/** An amount bound the contract checked ("100.50"), in the smallest unit; null for no bound. */
function amountOf(text: string): bigint | null {
  const parsed = parseAmount(text);
  return text && parsed.ok ? parsed.value : null;
}

function filterOf(query: DeskQuery, statuses: string[]): DeskListFilter {
  const descending = query.sort === '' || query.sort.startsWith('-');
  return {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    sort: query.sort.replace(/^-/, '') === 'amount' ? 'amount' : 'createdAt',
    descending,
    statuses,
    account: query.account,
    id: query.id ? BigInt(query.id) : null,
  };
}

/**
 * The console's live money desk (issue 27): how long each queue is and how old its oldest item, and the deposit and
 * withdrawal lists paged on the server with what the desk decides by. A withdrawal still in the queue after
 * `withdrawSlaMinutes` (WITHDRAW_SLA_MINUTES) is `overdue`.
 */
export function createMoneyDeskService(deps: { db: Database; withdrawSlaMinutes: number; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async queues(): Promise<MoneyQueuesView> {
      const queues = await deskRepository.queues(db);
      const view = (queue: { count: number; oldestAt: Date | null }) => ({
        count: queue.count,
        oldestAt: queue.oldestAt?.toISOString() ?? null,
      });
      return {
        withdrawSlaMinutes: deps.withdrawSlaMinutes,
        queues: {
          deposits: view(queues.deposits),
          withdrawals: view(queues.withdrawals),
          approvals: view(queues.approvals),
          unmatched: view(queues.unmatched),
        },
      };
    },

    async withdrawals(query: DeskQuery) {
      const statuses = query.status === 'queue' ? WITHDRAWAL_QUEUE : query.status ? [query.status] : [];
      const page = await deskRepository.withdrawalPage(db, filterOf(query, statuses));
      const dueBefore = now().getTime() - deps.withdrawSlaMinutes * 60_000;
      const rows = page.rows.map(
        (row): WithdrawalDeskRow => ({
          ...toWithdrawal(row.withdrawal, row.card),
          card: toCard(row.card),
          memberId: row.withdrawal.memberId.toString(),
          account: row.account,
          balance: formatAmount(row.balance ?? 0n),
          turnoverRequired: formatAmount(row.required ?? 0n),
          turnoverWagered: formatAmount(row.wagered ?? 0n),
          overdue: WITHDRAWAL_QUEUE.includes(row.withdrawal.status) && row.withdrawal.createdAt.getTime() < dueBefore,
        }),
      );
      return { rows, total: page.total, slaMinutes: deps.withdrawSlaMinutes };
    },

    async deposits(query: DeskQuery) {
      const page = await deskRepository.depositPage(db, filterOf(query, query.status ? [query.status] : []));
      const rows = page.rows.map(
        ({ order, account, channelName }): DepositDeskRow => ({
          id: order.id.toString(),
          memberId: order.memberId.toString(),
          account,
          channel: order.channelId,
          channelName: channelName ?? order.channelId,
          amount: formatAmount(order.amount),
          payAmount: formatAmount(order.payAmount),
          coinAmount: order.coinAmount === null ? null : formatAmount(order.coinAmount),
          remark: order.remark,
          status: order.status as DepositOrder['status'],
          reason: order.reason,
          createdAt: order.createdAt.toISOString(),
          expiresAt: order.expiresAt.toISOString(),
        }),
      );
      return { rows, total: page.total };
    },

    /** Payments seen on the chain or a bank statement, newest first by default (`unmatched` is the desk's queue). */
    async payments(query: PaymentDeskQuery) {
      const { field, ...paging } = pageOf(query, true);
      const page = await deskRepository.paymentPage(db, {
        ...paging,
        sort: field === 'amount' ? 'amount' : 'seenAt',
        status: query.status,
        reference: query.reference,
        from: query.from ? new Date(query.from) : null,
        to: query.to ? new Date(query.to) : null,
        amountMin: amountOf(query.amountMin),
        amountMax: amountOf(query.amountMax),
      });
      return { rows: page.rows.map(toPaymentView), total: page.total };
    },

    /** Deposit channels in the order members see them by default. */
    async channels(query: ChannelDeskQuery) {
      const { field, ...paging } = pageOf(query, false);
      const page = await deskRepository.channelPage(db, {
        ...paging,
        sort: field === 'min' || field === 'max' ? field : 'sort',
        kind: query.kind,
        active: query.active === '' ? null : query.active === 'true',
        name: query.name,
      });
      return { rows: page.rows.map(toChannelView), total: page.total };
    },
  };
}

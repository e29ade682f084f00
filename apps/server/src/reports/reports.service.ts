import {
  addDays,
  type CohortRow,
  type CommissionPeriodRow,
  type DashboardDay,
  type DashboardView,
  type DepositChannelRow,
  type OperatorRole,
  type PnlRow,
  platformDay,
  platformDayBounds,
  REPORT_MAX_DAYS,
  rolesOf,
  type WithdrawalDayRow,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { type ProductDay, reportsRepository, type Span } from './reports.repository';
import { type CsvColumn, csvOf } from './reports-csv';

/** Who reads the figures (operator-access.ts, group `reports`). */
export const REPORT_READERS: readonly OperatorRole[] = rolesOf('reports');

/** How many days the dashboard's charts show, today included. */
const SERIES_DAYS = 30;

export type ReportRange = { from: string; to: string };
export type ReportPage = { page: number; pageSize: number; sort?: string };

/** Whole days from `from` to `to`, both included (calendar arithmetic, no zone). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** `field` or `-field`: rows ordered by it (numbers, amounts and days alike), ties kept in their order. */
function sorted<R extends Record<string, unknown>>(rows: R[], sort: string | undefined, fallback: string): R[] {
  const spec = sort ?? fallback;
  const descending = spec.startsWith('-');
  const field = descending ? spec.slice(1) : spec;
  const key = (row: R) => {
    const value = row[field];
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    return String(value ?? '');
  };
  return [...rows].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    const order = left < right ? -1 : left > right ? 1 : 0;
    return descending ? -order : order;
  });
}

function paged<R>(rows: R[], page: ReportPage): R[] {
  return rows.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
}

function productRow(row: Omit<ProductDay, 'day'>) {
  return {
    product: row.product,
    kind: row.kind,
    name: row.name,
    bets: row.bets,
    stake: formatAmount(row.stake),
    payout: formatAmount(row.payout),
    ggr: formatAmount(row.stake - row.payout),
  };
}

/**
 * The console's figures: the dashboard (cached for 30 seconds per process: it is opened by every operator and polled)
 * and the reports over a range of business days of the platform's zone. Reads only; every call checks the role.
 */
export function createReportsService(deps: {
  db: Database;
  timeZone: string;
  /** How long the dashboard's figures are reused; 0 reads them on every call. */
  dashboardCacheMs?: number;
  now?: () => Date;
}) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.dashboardCacheMs ?? 30_000;
  let cached: { at: number; view: Promise<DashboardView> } | null = null;

  /** The instants of a range of business days; refused beyond a year and a day, or backwards. */
  function spanOf(range: ReportRange): Span {
    const first = platformDayBounds(range.from, timeZone);
    const last = platformDayBounds(range.to, timeZone);
    if (!first || !last || range.to < range.from) throw new AppError('DATE_INVALID');
    if (daysBetween(range.from, range.to) > REPORT_MAX_DAYS) throw new AppError('REPORT_RANGE_TOO_LONG');
    return { start: first.start, end: last.end, timeZone };
  }

  async function readDashboard(): Promise<DashboardView> {
    const at = now();
    const today = platformDay(at, timeZone);
    const first = addDays(today, -(SERIES_DAYS - 1));
    const series = spanOf({ from: first, to: today });
    const todaySpan = spanOf({ from: today, to: today });
    const [deposits, withdrawals, bets, newMembers, firstDeposits, activeMembers, queues] = [
      await reportsRepository.depositsByDay(db, series),
      await reportsRepository.paidWithdrawalsByDay(db, series),
      await reportsRepository.betsByDayAndProduct(db, series),
      await reportsRepository.newMembersByDay(db, series),
      await reportsRepository.firstDepositsByDay(db, series),
      await reportsRepository.activeMembers(db, todaySpan),
      await reportsRepository.queues(db),
    ];
    const days: DashboardDay[] = [];
    for (let index = 0; index < SERIES_DAYS; index += 1) {
      const day = addDays(first, index);
      const ggr = bets.filter((row) => row.day === day).reduce((sum, row) => sum + row.stake - row.payout, 0n);
      days.push({
        day,
        deposits: formatAmount(deposits.find((row) => row.day === day)?.amount ?? 0n),
        withdrawals: formatAmount(withdrawals.find((row) => row.day === day)?.amount ?? 0n),
        ggr: formatAmount(ggr),
        newMembers: newMembers.find((row) => row.day === day)?.count ?? 0,
        firstDeposits: firstDeposits.find((row) => row.day === day)?.count ?? 0,
      });
    }
    const depositedToday = deposits.find((row) => row.day === today) ?? { count: 0, amount: 0n };
    const paidToday = withdrawals.find((row) => row.day === today) ?? { count: 0, amount: 0n };
    const firstToday = firstDeposits.find((row) => row.day === today) ?? { count: 0, amount: 0n };
    const productsToday = bets
      .filter((row) => row.day === today)
      .sort((a, b) => a.product.localeCompare(b.product))
      .map(productRow);
    return {
      day: today,
      timeZone,
      generatedAt: at.toISOString(),
      today: {
        deposits: { count: depositedToday.count, amount: formatAmount(depositedToday.amount) },
        withdrawals: { count: paidToday.count, amount: formatAmount(paidToday.amount) },
        net: formatAmount(depositedToday.amount - paidToday.amount),
        ggr: days[days.length - 1]?.ggr ?? '0.0000',
        products: productsToday,
        activeMembers,
        newMembers: newMembers.find((row) => row.day === today)?.count ?? 0,
        firstDeposits: { count: firstToday.count, amount: formatAmount(firstToday.amount) },
      },
      queues: (['deposits', 'withdrawals', 'approvals', 'claims', 'chats'] as const).map((key) => ({
        key,
        count: queues[key].count,
        oldestAt: queues[key].oldestAt?.toISOString() ?? null,
      })),
      series: days,
    };
  }

  const reports = {
    pnl: async (range: ReportRange): Promise<PnlRow[]> =>
      (await reportsRepository.betsByDayAndProduct(db, spanOf(range))).map((row) => ({
        day: row.day,
        ...productRow(row),
      })),

    depositChannels: async (range: ReportRange): Promise<DepositChannelRow[]> =>
      (await reportsRepository.depositsByChannel(db, spanOf(range))).map((row) => ({
        ...row,
        amount: formatAmount(row.amount),
        average: formatAmount(row.count > 0 ? row.amount / BigInt(row.count) : 0n),
      })),

    async withdrawals(range: ReportRange): Promise<WithdrawalDayRow[]> {
      const span = spanOf(range);
      const requested = await reportsRepository.withdrawalsRequestedByDay(db, span);
      const decided = await reportsRepository.withdrawalsDecidedByDay(db, span);
      const days = [...new Set([...requested.map((row) => row.day), ...decided.map((row) => row.day)])];
      return days.map((day) => {
        const asked = requested.find((row) => row.day === day);
        const of = (status: 'paid' | 'refused' | 'cancelled') =>
          decided.find((row) => row.day === day && row.status === status) ?? { count: 0, amount: 0n, fee: 0n };
        return {
          day,
          requested: asked?.count ?? 0,
          requestedAmount: formatAmount(asked?.amount ?? 0n),
          waiting: asked?.waiting ?? 0,
          paid: of('paid').count,
          paidAmount: formatAmount(of('paid').amount),
          fee: formatAmount(of('paid').fee),
          refused: of('refused').count,
          refusedAmount: formatAmount(of('refused').amount),
          cancelled: of('cancelled').count,
          cancelledAmount: formatAmount(of('cancelled').amount),
        };
      });
    },

    registrations: async (range: ReportRange): Promise<CohortRow[]> =>
      (await reportsRepository.registrationCohorts(db, spanOf(range))).map((row) => ({
        ...row,
        firstDepositAmount: formatAmount(row.firstDepositAmount),
      })),

    commissions: async (range: ReportRange): Promise<CommissionPeriodRow[]> =>
      (await reportsRepository.commissionsByPeriod(db, spanOf(range))).map((row) => ({
        ...row,
        basisAmount: formatAmount(row.basisAmount),
        secondAmount: formatAmount(row.secondAmount),
        amount: formatAmount(row.amount),
        paid: formatAmount(row.paid),
        pending: formatAmount(row.pending),
        claimed: formatAmount(row.claimed),
        expired: formatAmount(row.expired),
      })),
  };

  /** Default order of each report: newest day (or period) first; channels by amount. */
  const DEFAULT_SORT = {
    pnl: '-day',
    depositChannels: '-amount',
    withdrawals: '-day',
    registrations: '-day',
    commissions: '-period',
  } as const satisfies Record<keyof typeof reports, string>;

  async function rowsOf<K extends keyof typeof reports>(
    actor: OperatorActor,
    report: K,
    range: ReportRange,
    sort: string | undefined,
  ) {
    assertRole(actor, REPORT_READERS);
    const rows = (await reports[report](range)) as Awaited<ReturnType<(typeof reports)[K]>>;
    // A stable second order (product within a day) so pages never overlap.
    return sorted(rows as Array<Record<string, unknown>>, sort, DEFAULT_SORT[report]) as typeof rows;
  }

  const sumOf = (values: string[]) =>
    formatAmount(values.reduce((sum, value) => sum + BigInt(value.replace('.', '')), 0n));

  return {
    /** Today's figures, the queues and the last 30 days. */
    async dashboard(actor: OperatorActor): Promise<DashboardView> {
      assertRole(actor, REPORT_READERS);
      const at = Date.now();
      if (!cached || at - cached.at >= cacheMs) {
        const view = readDashboard();
        cached = { at, view };
        // A failed read is not kept: the next call tries again.
        view.catch(() => {
          if (cached?.view === view) cached = null;
        });
      }
      return cached.view;
    },

    async pnl(actor: OperatorActor, query: ReportRange & ReportPage) {
      const rows = await rowsOf(actor, 'pnl', query, query.sort);
      return {
        rows: paged(rows, query),
        total: rows.length,
        totals: {
          bets: rows.reduce((sum, row) => sum + row.bets, 0),
          stake: sumOf(rows.map((row) => row.stake)),
          payout: sumOf(rows.map((row) => row.payout)),
          ggr: sumOf(rows.map((row) => row.ggr)),
        },
        byDay: Array.from({ length: daysBetween(query.from, query.to) }, (_, index) => addDays(query.from, index)).map(
          (day) => {
            const ofDay = rows.filter((row) => row.day === day);
            return {
              day,
              stake: sumOf(ofDay.map((row) => row.stake)),
              payout: sumOf(ofDay.map((row) => row.payout)),
              ggr: sumOf(ofDay.map((row) => row.ggr)),
            };
          },
        ),
      };
    },

    async depositChannels(actor: OperatorActor, query: ReportRange & ReportPage) {
      const rows = await rowsOf(actor, 'depositChannels', query, query.sort);
      return {
        rows: paged(rows, query),
        total: rows.length,
        totals: { count: rows.reduce((sum, row) => sum + row.count, 0), amount: sumOf(rows.map((row) => row.amount)) },
      };
    },

    async withdrawals(actor: OperatorActor, query: ReportRange & ReportPage) {
      const rows = await rowsOf(actor, 'withdrawals', query, query.sort);
      return { rows: paged(rows, query), total: rows.length };
    },

    async registrations(actor: OperatorActor, query: ReportRange & ReportPage) {
      const rows = await rowsOf(actor, 'registrations', query, query.sort);
      return { rows: paged(rows, query), total: rows.length };
    },

    async commissions(actor: OperatorActor, query: ReportRange & ReportPage) {
      const rows = await rowsOf(actor, 'commissions', query, query.sort);
      return { rows: paged(rows, query), total: rows.length };
    },

    /** A whole report as CSV for a spreadsheet (BOM, zh-CN headers, amounts to 2 decimals as the console shows). */
    async csv(
      actor: OperatorActor,
      report: keyof typeof reports,
      query: ReportRange & { sort?: string },
    ): Promise<string> {
      const rows = await rowsOf(actor, report, query, query.sort);
      return csvOf(CSV_COLUMNS[report], rows as Array<Record<string, unknown>>);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
export type ReportKey = 'pnl' | 'depositChannels' | 'withdrawals' | 'registrations' | 'commissions';

const PRODUCT_KIND_NAMES = { sports: '体育', table: '真人桌台', vendor: '第三方游戏' } as const;

/** Each report's columns in its CSV: the header a spreadsheet shows and whether the cell is an amount. */
const CSV_COLUMNS: Record<ReportKey, CsvColumn[]> = {
  pnl: [
    { header: '日期', key: 'day' },
    { header: '产品类别', key: 'kind', map: (value) => PRODUCT_KIND_NAMES[value as keyof typeof PRODUCT_KIND_NAMES] },
    { header: '产品', key: 'product' },
    { header: '名称', key: 'name' },
    { header: '注单数', key: 'bets' },
    { header: '投注额', key: 'stake', money: true },
    { header: '派彩', key: 'payout', money: true },
    { header: '毛利(GGR)', key: 'ggr', money: true },
  ],
  depositChannels: [
    { header: '渠道编号', key: 'channelId' },
    { header: '渠道名称', key: 'channelName' },
    { header: '类型', key: 'kind' },
    { header: '成功笔数', key: 'count' },
    { header: '充值人数', key: 'members' },
    { header: '充值金额', key: 'amount', money: true },
    { header: '平均金额', key: 'average', money: true },
  ],
  withdrawals: [
    { header: '日期', key: 'day' },
    { header: '申请笔数', key: 'requested' },
    { header: '申请金额', key: 'requestedAmount', money: true },
    { header: '待处理笔数', key: 'waiting' },
    { header: '已支付笔数', key: 'paid' },
    { header: '已支付金额', key: 'paidAmount', money: true },
    { header: '手续费', key: 'fee', money: true },
    { header: '已拒绝笔数', key: 'refused' },
    { header: '已拒绝金额', key: 'refusedAmount', money: true },
    { header: '已取消笔数', key: 'cancelled' },
    { header: '已取消金额', key: 'cancelledAmount', money: true },
  ],
  registrations: [
    { header: '注册日期', key: 'day' },
    { header: '注册人数', key: 'registered' },
    { header: '1天内首充', key: 'within1' },
    { header: '7天内首充', key: 'within7' },
    { header: '30天内首充', key: 'within30' },
    { header: '首充金额(30天内)', key: 'firstDepositAmount', money: true },
  ],
  commissions: [
    { header: '周期', key: 'period' },
    { header: '代理人数', key: 'agents' },
    { header: '下级人数', key: 'members' },
    { header: '直属业绩', key: 'basisAmount', money: true },
    { header: '二级业绩', key: 'secondAmount', money: true },
    { header: '佣金合计', key: 'amount', money: true },
    { header: '已派发', key: 'paid', money: true },
    { header: '待领取', key: 'pending', money: true },
    { header: '已领取', key: 'claimed', money: true },
    { header: '已过期', key: 'expired', money: true },
  ],
};

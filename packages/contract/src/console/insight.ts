import { z } from 'zod';
import type { EndpointSpec } from '../endpoint-spec';

/**
 * The console's figures (issue 27): the dashboard, the reports and the audit log. Every day is a business day of the
 * platform's zone (PLATFORM_TIMEZONE), as the daily jobs count them; amounts are decimal strings at scale 4.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');
const count = z.number().int();
const isoTime = z.string().describe('ISO 8601 instant');
/** A platform business day, "YYYY-MM-DD". */
const businessDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** The longest range a report answers: a year and a day. */
export const REPORT_MAX_DAYS = 366;

/** How a product's bets are kept: our sportsbook, a house table, an external vendor. */
export const PRODUCT_KINDS = ['sports', 'table', 'vendor'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The queues the dashboard shows, each with the console page that works it. */
export const DASHBOARD_QUEUES = ['deposits', 'withdrawals', 'approvals', 'claims', 'chats'] as const;
export type DashboardQueue = (typeof DASHBOARD_QUEUES)[number];

// --- dashboard --------------------------------------------------------------------------------------------------

/** One product's settled bets: stakes less payouts is the house's gross gaming revenue (GGR). */
export const productFigures = z.object({
  /** `sports`, `table:<code>`, `vendor:<platform>`. */
  product: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  /** The table's name, the vendor's platform; empty for the sportsbook (the console names it). */
  name: z.string(),
  bets: count,
  stake: money,
  payout: money,
  ggr: money,
});
export type ProductFigures = z.infer<typeof productFigures>;

export const dashboardQueue = z.object({
  key: z.enum(DASHBOARD_QUEUES),
  count,
  /** When the oldest item of the queue started waiting; null when the queue is empty. */
  oldestAt: isoTime.nullable(),
});

export const dashboardDay = z.object({
  day: businessDay,
  deposits: money,
  withdrawals: money,
  ggr: money,
  newMembers: count,
  firstDeposits: count,
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardView = z.object({
  /** Today, in the platform's zone. */
  day: businessDay,
  timeZone: z.string(),
  /** When these figures were read (they are kept up to 30 seconds). */
  generatedAt: isoTime,
  today: z.object({
    /** Confirmed deposits (resolved today), at the amount credited. */
    deposits: z.object({ count, amount: money }),
    /** Withdrawals paid today. */
    withdrawals: z.object({ count, amount: money }),
    net: money,
    ggr: money,
    products: z.array(productFigures),
    /** Members who placed a bet or had a deposit confirmed today. */
    activeMembers: count,
    newMembers: count,
    /** Members whose first deposit ever was confirmed today. */
    firstDeposits: z.object({ count, amount: money }),
  }),
  queues: z.array(dashboardQueue),
  /** The last 30 days, oldest first, today last. */
  series: z.array(dashboardDay),
});
export type DashboardView = z.infer<typeof dashboardView>;

// --- reports ----------------------------------------------------------------------------------------------------

/** A report's range: platform business days, both included. */
export const reportRangeQuery = z.object({ from: businessDay, to: businessDay });

/** `field` or `-field` for each of a report's sortable fields. */
function sortBy<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.enum(values).optional();
}

function listQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return reportRangeQuery.extend({
    page: z.coerce.number<string | number>().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number<string | number>().int().min(1).max(100).default(20),
    sort: sortBy(fields),
  });
}

/** The CSV export takes the list's range and order, never a page: the whole report. */
function csvQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return reportRangeQuery.extend({ sort: sortBy(fields) });
}

export const PNL_SORT = ['day', 'bets', 'stake', 'payout', 'ggr'] as const;
export const pnlRow = productFigures.extend({ day: businessDay });
export type PnlRow = z.infer<typeof pnlRow>;
export const pnlQuery = listQuery(PNL_SORT);
export const pnlCsvQuery = csvQuery(PNL_SORT);
export const pnlPage = z.object({
  rows: z.array(pnlRow),
  total: count,
  totals: z.object({ bets: count, stake: money, payout: money, ggr: money }),
  /** Every day of the range (none: zero), oldest first, all products together: the report's chart. */
  byDay: z.array(z.object({ day: businessDay, stake: money, payout: money, ggr: money })),
});

export const CHANNEL_SORT = ['count', 'members', 'amount'] as const;
export const depositChannelRow = z.object({
  channelId: z.string(),
  channelName: z.string(),
  kind: z.string(),
  /** Deposits confirmed in the range on this channel, the members who made them and the amount credited. */
  count,
  members: count,
  amount: money,
  average: money,
});
export type DepositChannelRow = z.infer<typeof depositChannelRow>;
export const depositChannelsQuery = listQuery(CHANNEL_SORT);
export const depositChannelsCsvQuery = csvQuery(CHANNEL_SORT);
export const depositChannelsPage = z.object({
  rows: z.array(depositChannelRow),
  total: count,
  totals: z.object({ count, amount: money }),
});

export const WITHDRAWAL_SORT = ['day', 'requestedAmount', 'paidAmount'] as const;
/**
 * One day of withdrawals: asked for that day (and of those, still waiting for the desk), and paid, refused or
 * cancelled that day (whenever they were asked for).
 */
export const withdrawalDayRow = z.object({
  day: businessDay,
  requested: count,
  requestedAmount: money,
  waiting: count,
  paid: count,
  paidAmount: money,
  fee: money,
  refused: count,
  refusedAmount: money,
  cancelled: count,
  cancelledAmount: money,
});
export type WithdrawalDayRow = z.infer<typeof withdrawalDayRow>;
export const withdrawalsReportQuery = listQuery(WITHDRAWAL_SORT);
export const withdrawalsReportCsvQuery = csvQuery(WITHDRAWAL_SORT);
export const withdrawalsReportPage = z.object({ rows: z.array(withdrawalDayRow), total: count });

export const COHORT_SORT = ['day', 'registered'] as const;
/** The members who registered on a day and how many of them made a first deposit within 1, 7 and 30 days. */
export const cohortRow = z.object({
  day: businessDay,
  registered: count,
  within1: count,
  within7: count,
  within30: count,
  /** The sum of those members' first deposits (within 30 days). */
  firstDepositAmount: money,
});
export type CohortRow = z.infer<typeof cohortRow>;
export const cohortQuery = listQuery(COHORT_SORT);
export const cohortCsvQuery = csvQuery(COHORT_SORT);
export const cohortPage = z.object({ rows: z.array(cohortRow), total: count });

export const COMMISSION_SORT = ['period', 'agents', 'amount'] as const;
/** One commission period of the agent programme (computed in the range): what its agents earned and where it went. */
export const commissionPeriodRow = z.object({
  /** The period's key: `2026-11-25`, `2026-W48` or `2026-11`. */
  period: z.string(),
  agents: count,
  members: count,
  basisAmount: money,
  secondAmount: money,
  amount: money,
  paid: money,
  pending: money,
  claimed: money,
  expired: money,
});
export type CommissionPeriodRow = z.infer<typeof commissionPeriodRow>;
export const commissionsReportQuery = listQuery(COMMISSION_SORT);
export const commissionsReportCsvQuery = csvQuery(COMMISSION_SORT);
export const commissionsReportPage = z.object({ rows: z.array(commissionPeriodRow), total: count });

// --- audit log --------------------------------------------------------------------------------------------------

const auditTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'YYYY-MM-DD[ HH:mm:ss]')
  .describe('wall-clock time in the platform zone; a day alone is its first second (from) or its last (to)');

export const auditLogQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<string | number>().int().min(1).max(100).default(20),
  /** The operator's account (exact, any case). */
  operator: z.string().trim().max(64).optional(),
  /** An action (`wallet.adjust`), or the start of one ending in a dot (`wallet.`). */
  action: z.string().trim().max(64).optional(),
  /** The member the action was about: their id or account. */
  member: z.string().trim().max(64).optional(),
  from: auditTime.optional(),
  to: auditTime.optional(),
});

export const auditRow = z.object({
  id: z.string(),
  at: isoTime,
  operatorId: z.string().nullable(),
  operatorAccount: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  /** The member the target names, when it is one. */
  memberId: z.string().nullable(),
  ip: z.string(),
  /**
   * The state before: what the writer stored as `before`, or for an action that records the whole new state (the
   * settings, a channel, an edited item) the state its previous row recorded; null when nothing tells.
   */
  before: z.unknown(),
  /** The state after (the writer's `after`), or what it recorded. */
  after: z.unknown(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditLogPage = z.object({ rows: z.array(auditRow), total: count });

/** The entries of insight.paths.ts's calls in the endpoint table (the CSV calls are files: NOT_JSON). */
export const insightConsoleEndpoints = {
  adminDashboard: { method: 'GET', response: dashboardView },
  adminReportPnl: { method: 'GET', query: pnlQuery, response: pnlPage },
  adminReportDepositChannels: { method: 'GET', query: depositChannelsQuery, response: depositChannelsPage },
  adminReportWithdrawals: { method: 'GET', query: withdrawalsReportQuery, response: withdrawalsReportPage },
  adminReportRegistrations: { method: 'GET', query: cohortQuery, response: cohortPage },
  adminReportCommissions: { method: 'GET', query: commissionsReportQuery, response: commissionsReportPage },
  adminAuditLog: { method: 'GET', query: auditLogQuery, response: auditLogPage },
} satisfies Record<string, EndpointSpec>;

import type { RoleGroup } from '../operator-access';

/**
 * The console's insight calls (issue 27): paths only, no schemas, like paths.ts. The dashboard, the reports (each a
 * list call and its CSV export: the `...Csv` paths answer a file, not the envelope, so they are in NOT_JSON and not in
 * the endpoint table) and the audit log search.
 */
export const insightConsoleApi = {
  adminDashboard: '/api/admin/v1/dashboard',
  adminReportPnl: '/api/admin/v1/reports/pnl',
  adminReportPnlCsv: '/api/admin/v1/reports/pnl.csv',
  adminReportDepositChannels: '/api/admin/v1/reports/deposit-channels',
  adminReportDepositChannelsCsv: '/api/admin/v1/reports/deposit-channels.csv',
  adminReportWithdrawals: '/api/admin/v1/reports/withdrawals',
  adminReportWithdrawalsCsv: '/api/admin/v1/reports/withdrawals.csv',
  adminReportRegistrations: '/api/admin/v1/reports/registrations',
  adminReportRegistrationsCsv: '/api/admin/v1/reports/registrations.csv',
  adminReportCommissions: '/api/admin/v1/reports/agent-commissions',
  adminReportCommissionsCsv: '/api/admin/v1/reports/agent-commissions.csv',
  adminAuditLog: '/api/admin/v1/audit-log',
} as const;

/** The CSV exports: files, not the envelope (endpoints.ts NOT_JSON). */
export const INSIGHT_CSV_CALLS = [
  'adminReportPnlCsv',
  'adminReportDepositChannelsCsv',
  'adminReportWithdrawalsCsv',
  'adminReportRegistrationsCsv',
  'adminReportCommissionsCsv',
] as const satisfies readonly (keyof typeof insightConsoleApi)[];

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const insightConsoleAccess = {
  adminDashboard: 'reports',
  adminReportPnl: 'reports',
  adminReportPnlCsv: 'reports',
  adminReportDepositChannels: 'reports',
  adminReportDepositChannelsCsv: 'reports',
  adminReportWithdrawals: 'reports',
  adminReportWithdrawalsCsv: 'reports',
  adminReportRegistrations: 'reports',
  adminReportRegistrationsCsv: 'reports',
  adminReportCommissions: 'reports',
  adminReportCommissionsCsv: 'reports',
  adminAuditLog: 'admin',
} as const satisfies Record<keyof typeof insightConsoleApi, RoleGroup>;

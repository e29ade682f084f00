import type { RoleGroup } from '../operator-access';

/**
 * The console's money calls (issue 27): paths only, no schemas, like paths.ts. The money desk's pages use the wallet
 * operator calls (paths.ts walletAdminApi); these are what a live desk needs beyond them: each queue's count and
 * oldest item, and the deposit and withdrawal lists paged, sorted and filtered on the server, with what the desk
 * decides by (the member's account, balance and turnover; the withdrawal SLA).
 */
export const moneyConsoleApi = {
  /** GET: each money queue's count and oldest item, and the withdrawal SLA in minutes (the badges, the dashboard). */
  adminMoneyQueues: '/api/admin/v1/money/queues',
  /** GET: withdrawals paged, by status, member account and id, with the member's balance and turnover. */
  adminWithdrawalDesk: '/api/admin/v1/money/withdrawals',
  /** GET: deposit orders paged, by status, member account and id. */
  adminDepositDesk: '/api/admin/v1/money/deposits',
} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const moneyConsoleAccess = {
  adminMoneyQueues: 'money',
  adminWithdrawalDesk: 'money',
  adminDepositDesk: 'money',
} as const satisfies Record<keyof typeof moneyConsoleApi, RoleGroup>;

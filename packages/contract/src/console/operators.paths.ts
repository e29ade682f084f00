import type { RoleGroup } from '../operator-access';

/**
 * The console's operators calls (issue 27): paths only, no schemas, like paths.ts. The operators page (admins: the
 * accounts, their roles, second factors and sessions) and 我的安全 (every operator: my second factor, my sessions).
 */
export const operatorsConsoleApi = {
  /** GET: operators paged, by account prefix, role and status; POST: a new operator (account, password, role). */
  adminOperators: '/api/admin/v1/operators',
  adminOperatorCreate: '/api/admin/v1/operators',
  /** POST: change an operator's role (`role`). */
  adminOperatorRole: '/api/admin/v1/operators/:id/role',
  /** POST: disable or enable an operator (`status`); disabling ends their sessions. */
  adminOperatorStatus: '/api/admin/v1/operators/:id/status',
  /** POST: remove an operator's second factor (a lost phone); they enrol again at their next sign-in. */
  adminOperatorOtpReset: '/api/admin/v1/operators/:id/otp/reset',
  /** GET: an operator's live sessions. */
  adminOperatorSessions: '/api/admin/v1/operators/:id/sessions',
  /** POST: end one session of an operator. */
  adminOperatorSessionRevoke: '/api/admin/v1/operators/:id/sessions/:sessionId/revoke',
  /** POST: start (or restart) my enrolment: a new secret and its otpauth URI for the QR code. */
  adminMyOtpStart: '/api/admin/v1/me/otp/start',
  /** POST: confirm my enrolment with a code (`code`): answers ten single-use recovery codes, once. */
  adminMyOtpConfirm: '/api/admin/v1/me/otp/confirm',
  /** POST: remove my second factor with a code (`code`); refused while the second factor is required for my role. */
  adminMyOtpDisable: '/api/admin/v1/me/otp/disable',
  /** GET: my live sessions, the current one marked. */
  adminMySessions: '/api/admin/v1/me/sessions',
  /** POST: end one of my sessions. */
  adminMySessionRevoke: '/api/admin/v1/me/sessions/:id/revoke',
} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const operatorsConsoleAccess = {
  adminOperators: 'admin',
  adminOperatorCreate: 'admin',
  adminOperatorRole: 'admin',
  adminOperatorStatus: 'admin',
  adminOperatorOtpReset: 'admin',
  adminOperatorSessions: 'admin',
  adminOperatorSessionRevoke: 'admin',
  adminMyOtpStart: 'anyone',
  adminMyOtpConfirm: 'anyone',
  adminMyOtpDisable: 'anyone',
  adminMySessions: 'anyone',
  adminMySessionRevoke: 'anyone',
} as const satisfies Record<keyof typeof operatorsConsoleApi, RoleGroup>;

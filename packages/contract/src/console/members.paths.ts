import type { RoleGroup } from '../operator-access';

/**
 * The console's members calls (issue 27): paths only, no schemas, like paths.ts. The members list and a member's
 * whole picture (profile, ledger, bets, deposits and withdrawals, sign-ins, linked accounts, notes), and the actions
 * the older calls lacked (lock, unlock, end sessions). Adjusting (`adminAdjust`), correcting the real name
 * (`adminMemberRealName`), VIP (`adminVipMember`) and protection (`adminMemberProtection`) are the older calls.
 */
export const membersConsoleApi = {
  /** GET: the members list: search, filters, sort, paging; `{ rows, total }`. */
  adminMemberSearch: '/api/admin/v1/members/search',
  /** GET: one member's profile, balances, sessions and lock state. */
  adminMemberProfile: '/api/admin/v1/members/:id/profile',
  /** GET: the member's ledger entries on every account, newest first, paged. */
  adminMemberLedger: '/api/admin/v1/members/:id/ledger',
  /** GET: the member's bets of one product (sports, casino, vendor), newest first, paged. */
  adminMemberBets: '/api/admin/v1/members/:id/bets',
  /** GET: the member's deposit orders or withdrawals, newest first, paged. */
  adminMemberPayments: '/api/admin/v1/members/:id/payments',
  /** GET: the member's sign-ins (newest first, paged) with the full address. */
  adminMemberSignIns: '/api/admin/v1/members/:id/sign-ins',
  /** GET: the member's devices and the other members sharing a device, a phone number or a payout account. */
  adminMemberLinks: '/api/admin/v1/members/:id/links',
  /** GET: operators' notes on the member, newest first, paged. */
  adminMemberNotes: '/api/admin/v1/members/:id/notes',
  /** POST: add a note. */
  adminMemberAddNote: '/api/admin/v1/members/:id/notes',
  /** POST: lock the member (cannot sign in; every session ends), with a reason. */
  adminMemberLock: '/api/admin/v1/members/:id/lock',
  /** POST: unlock, with a reason. */
  adminMemberUnlock: '/api/admin/v1/members/:id/unlock',
  /** POST: end every session of the member (a lost phone), with a reason. */
  adminMemberEndSessions: '/api/admin/v1/members/:id/sessions/revoke',
} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const membersConsoleAccess = {
  adminMemberSearch: 'memberViewers',
  adminMemberProfile: 'memberViewers',
  adminMemberLedger: 'memberViewers',
  adminMemberBets: 'memberViewers',
  adminMemberPayments: 'memberViewers',
  adminMemberSignIns: 'memberViewers',
  adminMemberLinks: 'memberViewers',
  adminMemberNotes: 'memberViewers',
  adminMemberAddNote: 'memberViewers',
  // Locking stops a member's money and play: the money desk decides it (support asks them, with a note).
  adminMemberLock: 'money',
  adminMemberUnlock: 'money',
  // Ending sessions only protects the member (a lost phone): support may do it while on the line with them.
  adminMemberEndSessions: 'memberViewers',
} as const satisfies Record<keyof typeof membersConsoleApi, RoleGroup>;

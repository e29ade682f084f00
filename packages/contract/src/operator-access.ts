/**
 * The console's role matrix, one table for the server and the console (issue 27): which roles may call each operator
 * call and open each console page. The server refuses a call whose roles do not include the operator's (403
 * FORBIDDEN) before its handler runs, the services check the same groups again, and the console hides the menu
 * entries, pages and buttons an operator's role may not use. A test walks every call and page against every role.
 *
 * Schema-free on purpose: the console's first screen imports it.
 */

/**
 * Who an operator is to the console and the operator API; the tables below say what each may do. Here rather than
 * beside the operator schemas (admin.ts) so the console's sign-in page reads the roles without loading zod.
 */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'trader', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The role groups the table is made of: a call names one, so a change of policy is one line here. */
export const ROLE_GROUPS = {
  /** Every operator: who am I, sign out, my sessions and second factor. */
  anyone: ['admin', 'finance', 'support', 'trader', 'marketing'],
  admin: ['admin'],
  /** Money: deposits, withdrawals, adjustments, channels, reconciliation. */
  money: ['admin', 'finance'],
  /** Reading money (support answers members' questions about it). */
  moneyViewers: ['admin', 'finance', 'support'],
  /** The sportsbook's trading desk and the house tables' settings. */
  trading: ['admin', 'trader'],
  tradingViewers: ['admin', 'trader', 'finance'],
  /** Rewards and content: VIP, tasks, activities, codes, messages, news, banners, help. */
  marketing: ['admin', 'marketing'],
  marketingViewers: ['admin', 'marketing', 'finance', 'support'],
  /** The support desk: chat, feedback, members' questions. */
  support: ['admin', 'support'],
  /** Members' records (search, the whole picture). */
  memberViewers: ['admin', 'finance', 'support'],
  /** Figures: dashboard, reports. */
  reports: ['admin', 'finance', 'trader', 'marketing'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

/** The console's pages by key; each route of apps/console names one. */
export const CONSOLE_PAGES = {
  dashboard: 'reports',
  members: 'memberViewers',
  memberDetail: 'memberViewers',
  deposits: 'money',
  withdrawals: 'money',
  unmatchedPayments: 'money',
  approvals: 'money',
  channels: 'money',
  walletSettings: 'money',
  venueReconciliation: 'money',
  sportsEvents: 'trading',
  sportsEvent: 'trading',
  sportsSettings: 'trading',
  casinoTables: 'trading',
  casinoRounds: 'tradingViewers',
  casinoVendors: 'trading',
  vipLevels: 'marketing',
  tasks: 'marketing',
  activities: 'marketing',
  codes: 'marketing',
  messages: 'marketing',
  content: 'marketing',
  help: 'marketing',
  // Marketing sets the scheme, finance runs the periods and decides flagged referrals, support reads: each button
  // follows its own call's group.
  agents: 'marketingViewers',
  supportChat: 'support',
  feedback: 'support',
  reports: 'reports',
  audit: 'admin',
  operators: 'admin',
  mySecurity: 'anyone',
} as const satisfies Record<string, RoleGroup>;
export type ConsolePage = keyof typeof CONSOLE_PAGES;

export function rolesOf(group: RoleGroup): readonly OperatorRole[] {
  return ROLE_GROUPS[group];
}

export function mayOpen(role: OperatorRole, page: ConsolePage): boolean {
  return (ROLE_GROUPS[CONSOLE_PAGES[page]] as readonly OperatorRole[]).includes(role);
}

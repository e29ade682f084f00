import type { RoleGroup } from '../operator-access';

/**
 * The console's games calls (issue 27): paths only, no schemas, like paths.ts. What the trading and casino pages need
 * beyond the sportsbook's and casino's operator calls (paths.ts sportsAdminApi, casinoAdminApi): a paged, filtered
 * event table without the markets, the competitions for its filter, an event's bets, and the vendors' callbacks log and
 * reconciliation.
 */
export const gamesConsoleApi = {
  /** GET: events by sport, competition, status and start day, paged and sorted, with their open bets. */
  adminTradingEvents: '/api/admin/v1/sports/desk/events',
  /** GET: the competitions (leagues) of a sport, for the events' filter. */
  adminTradingCompetitions: '/api/admin/v1/sports/desk/competitions',
  /** GET: the bets with a leg on an event, paged, by status. */
  adminTradingEventBets: '/api/admin/v1/sports/desk/events/:id/bets',
  /** GET: the seamless vendors' wallet calls as we answered them, paged. */
  adminVendorCallbacks: '/api/admin/v1/vendors/callbacks',
  /** GET: each vendor's day: its bets against the ledger, its transfers and those still in transit. */
  adminVendorReconciliation: '/api/admin/v1/vendors/reconciliation',
} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const gamesConsoleAccess = {
  adminTradingEvents: 'trading',
  adminTradingCompetitions: 'trading',
  adminTradingEventBets: 'trading',
  adminVendorCallbacks: 'trading',
  adminVendorReconciliation: 'trading',
} as const satisfies Record<keyof typeof gamesConsoleApi, RoleGroup>;

import { type EndpointName, endpoints } from '@jinb/contract/endpoints';

/**
 * The calls a withdrawal-only session may make: who it is and the balance, the withdraw screen (its rules, the bound
 * cards, whether a withdraw password is needed, submitting and cancelling a withdrawal, the records), the reality
 * check's summary, the site's start-up calls and sign-out. Everything else that needs a member refuses it: binding a
 * new card, passwords, deposits, bets, transfers, launches and claims are what an excluded member must not do.
 */
export const WITHDRAW_ONLY_CALLS: readonly EndpointName[] = [
  'token',
  'balance',
  'messageNum',
  'withdrawInfo',
  'cards',
  'withdrawPasswordConfig',
  'withdraw',
  'withdrawals',
  'withdrawCancel',
  'memberSession',
  'preInfo',
  'heartbeat',
  'logout',
];

const allowed = new Set(WITHDRAW_ONLY_CALLS.map((name) => `${endpoints[name].method} ${endpoints[name].path}`));

/**
 * Whether a route answers a withdrawal-only session: one of the calls above, or a route registered with
 * `config: { withdrawOnly: true }`. Read from the route, not the URL, so `/a/../b` tricks cannot pass.
 */
export function allowsWithdrawOnly(method: string, routeUrl: string | undefined, config: unknown): boolean {
  if ((config as { withdrawOnly?: unknown } | undefined)?.withdrawOnly === true) return true;
  return routeUrl !== undefined && allowed.has(`${method} ${routeUrl}`);
}

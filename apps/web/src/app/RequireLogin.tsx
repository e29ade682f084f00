import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../shared/paths';
import { selectIsLoggedIn, useSession } from '../shared/session/session-store';

/** The login page with a way back to where the visitor was headed. */
export function loginPathFor(returnTo: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(returnTo)}`;
}

/** Member-only pages: a logged-out visitor goes to the login page and comes back after signing in. */
export function RequireLogin() {
  const loggedIn = useSession(selectIsLoggedIn);
  const signedOutByMember = useSession((state) => state.signedOutByMember);
  const location = useLocation();
  if (!loggedIn) {
    // Someone who just tapped "log out" on a member-only page wants to leave it, not to be asked to sign in again.
    return (
      <Navigate to={signedOutByMember ? paths.home : loginPathFor(`${location.pathname}${location.search}`)} replace />
    );
  }
  return <Outlet />;
}

/**
 * Every route, public ones included: a withdrawal-only session (a self-excluded or timed-out member taking their
 * balance out) sees the withdraw page and nothing else, whatever link or address it follows.
 */
export function WithdrawOnlyGuard({ children }: { children: ReactNode }) {
  const withdrawOnly = useSession((state) => state.withdrawOnly !== null);
  const { pathname } = useLocation();
  if (withdrawOnly && pathname !== paths.withdraw) return <Navigate to={paths.withdraw} replace />;
  return children;
}

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useMatch, useNavigate, useNavigationType } from 'react-router';
import { PageViewReporter } from '../shared/analytics/PageViewReporter';
import { OnlineStatus } from '../shared/online/OnlineStatus';
import { paths } from '../shared/paths';
import { afterLoadWhenIdle } from '../shared/scheduling/idle';
import { selectIsLoggedIn, useSession } from '../shared/session/session-store';
import { WithdrawOnlyGuard } from './RequireLogin';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { installSessionExpiredHandler, loadSessionOnStart, startHeartbeat } from './session-plumbing';

// Player protection stays out of every first load: a withdrawal-only session (a self-excluded member) gets its banner
// at once, a full session the reality check's clock once the first screen is up (its first reminder is minutes away).
const SessionProtection = lazy(() => import('../features/protection/reality/SessionProtection'));

/** A new page starts at the top; going back leaves the browser's own scroll restoration alone. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is meant to run for every new pathname
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * Wraps every page: the phone-width frame, the session plumbing (expiry handling, start-up refresh, heartbeat),
 * route-change page views, the connection watcher, and player protection (the reality check, the withdrawal-only
 * session's one page and its banner).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    installSessionExpiredHandler((path) => navigate(path, { replace: true }));
    loadSessionOnStart(queryClient);
  }, [navigate, queryClient]);
  useEffect(() => startHeartbeat(), []);
  useScrollToTopOnNavigate();
  const [settled, setSettled] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setSettled(true)), []);
  const protection = useSession((state) => state.withdrawOnly !== null || (settled && selectIsLoggedIn(state)));

  // The desktop landing page is the one page laid out for a wide screen.
  const fullWidth = useMatch(paths.desktopHome) !== null;
  return (
    <>
      <div className={fullWidth ? undefined : 'app-frame'}>
        {protection && (
          <Suspense fallback={null}>
            <SessionProtection />
          </Suspense>
        )}
        <RouteErrorBoundary>
          <WithdrawOnlyGuard>
            <Outlet />
          </WithdrawOnlyGuard>
        </RouteErrorBoundary>
      </div>
      <OnlineStatus />
      <PageViewReporter />
    </>
  );
}

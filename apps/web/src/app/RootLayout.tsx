import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatch, useNavigate, useNavigationType } from 'react-router';
import { PageViewReporter } from '../shared/analytics/PageViewReporter';
import { OnlineStatus } from '../shared/online/OnlineStatus';
import { paths } from '../shared/paths';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { installSessionExpiredHandler, loadSessionOnStart, startHeartbeat } from './session-plumbing';

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
 * route-change page views and the connection watcher.
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

  // The desktop landing page is the one page laid out for a wide screen.
  const fullWidth = useMatch(paths.desktopHome) !== null;
  return (
    <>
      <div className={fullWidth ? undefined : 'app-frame'}>
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </div>
      <OnlineStatus />
      <PageViewReporter />
    </>
  );
}

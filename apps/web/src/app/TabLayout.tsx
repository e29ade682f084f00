import { TabBar } from 'antd-mobile';
import { AppOutline, CompassOutline, GiftOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import { paths } from '../shared/paths';
import { afterFirstScreenSettles } from '../shared/scheduling/idle';
import { useUnread } from '../shared/session/session.queries';
import { selectIsLoggedIn, useSession } from '../shared/session/session-store';
import { pages } from './pages';

// The badge follows the inbox live on every tab page (我的 shows the same count), loaded after the first screen.
const UnreadLive = lazy(() => import('../shared/realtime/UnreadLive'));

const TABS = [
  { path: paths.home, label: 'tabs.home', icon: <AppOutline />, load: pages.home },
  { path: paths.find, label: 'tabs.find', icon: <CompassOutline />, load: pages.find },
  { path: paths.customer, label: 'tabs.customer', icon: <MessageOutline />, load: pages.customer },
  { path: paths.activity, label: 'tabs.activity', icon: <GiftOutline />, load: pages.activity },
  { path: paths.center, label: 'tabs.center', icon: <UserOutline />, load: pages.center },
] as const;

/**
 * The other tabs' code is loaded ahead so switching tabs never waits: as soon as a finger or pointer reaches for the
 * tab bar, or otherwise a few seconds after the first screen is up. Loading a page's code also evaluates it and
 * applies its styles, which is real work on a phone; it should not compete with the first screen settling in.
 */
function usePrefetchTabs() {
  const done = useRef(false);
  const prefetch = useCallback(() => {
    if (done.current) return;
    done.current = true;
    for (const tab of TABS) tab.load().catch(() => {});
  }, []);
  useEffect(() => afterFirstScreenSettles(prefetch), [prefetch]);
  return prefetch;
}

/** The five main pages share a bottom tab bar. */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const unread = useUnread();
  const signedIn = useSession(selectIsLoggedIn);
  const prefetchTabs = usePrefetchTabs();

  return (
    <div className="tab-layout">
      {signedIn && (
        <Suspense fallback={null}>
          <UnreadLive />
        </Suspense>
      )}
      <main className="tab-layout__content">
        <Outlet />
      </main>
      <nav className="tab-layout__bar" onPointerDown={prefetchTabs} onTouchStart={prefetchTabs} onFocus={prefetchTabs}>
        <TabBar safeArea activeKey={pathname} onChange={(key) => navigate(key)}>
          {TABS.map((tab) => (
            <TabBar.Item
              key={tab.path}
              title={t(tab.label)}
              icon={tab.icon}
              badge={tab.path === paths.center && unread > 0 ? (unread > 99 ? '99+' : unread) : undefined}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}

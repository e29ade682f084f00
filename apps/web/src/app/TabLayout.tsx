import { TabBar } from 'antd-mobile';
import { AppOutline, CompassOutline, GiftOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../shared/session/session-store';
import { afterLoadWhenIdle } from './idle';
import { pages } from './pages';
import { paths } from './paths';

const TABS = [
  { path: paths.home, label: 'tabs.home', icon: <AppOutline />, load: pages.home },
  { path: paths.find, label: 'tabs.find', icon: <CompassOutline />, load: pages.find },
  { path: paths.customer, label: 'tabs.customer', icon: <MessageOutline />, load: pages.customer },
  { path: paths.activity, label: 'tabs.activity', icon: <GiftOutline />, load: pages.activity },
  { path: paths.center, label: 'tabs.center', icon: <UserOutline />, load: pages.center },
] as const;

/** Once the first tab is up, the other tabs' code is fetched in idle time so switching tabs never waits. */
function usePrefetchTabs() {
  useEffect(
    () =>
      afterLoadWhenIdle(() => {
        for (const tab of TABS) tab.load().catch(() => {});
      }),
    [],
  );
}

/** The five main pages share a bottom tab bar. */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const unread = useSession((state) => state.unread);
  usePrefetchTabs();

  return (
    <div className="tab-layout">
      <main className="tab-layout__content">
        <Outlet />
      </main>
      <nav className="tab-layout__bar">
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

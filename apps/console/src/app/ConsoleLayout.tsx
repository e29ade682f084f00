import { LogoutOutlined, SoundOutlined, UserOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { type ConsolePage, mayOpen } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Space, Spin, Tag, Tooltip } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { MoneyQueueWatcher } from '../features/money/useMoneyQueues';
import { ClaimQueueWatcher } from '../features/rewards/activities/useClaimQueue';
import { DeskQueueWatcher } from '../features/support/chat/DeskQueueWatcher';
import { useOperator } from '../shared/access/access';
import { useMuted, useQueueCount } from '../shared/realtime/queues';
import { operatorSocket } from '../shared/realtime/socket';
import { useOperatorToken } from '../shared/session/session';
import type { ConsoleRoute } from './console-route';
import { IdleGuard } from './IdleGuard';
import { type MenuEntry, menuFor } from './menu';
import { appMessages } from './messages';
import { consoleRoutes } from './routes';
import { ForbiddenPage, NotFoundPage, WelcomePage } from './StatusPages';
import { signOut } from './sign-out';

function RoutePage({ route }: { route: ConsoleRoute }) {
  const Component = route.component;
  return (
    <Suspense
      fallback={
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin tip={appMessages.pageLoading}>
            <div style={{ height: 48 }} />
          </Spin>
        </div>
      }
    >
      <Component />
    </Suspense>
  );
}

/** How much work waits on a menu entry's page; it alone re-renders when the count changes. */
function QueueBadge({ page }: { page: ConsolePage }) {
  const count = useQueueCount(page);
  return count > 0 ? <Badge count={count} size="small" overflowCount={99} /> : null;
}

/**
 * The signed-in console: the menu of the pages the operator's role may open (by MENU_GROUPS, with the live queue
 * counts), the header with who is signed in, the mute switch and 退出登录, and the pages themselves. A page the role
 * may not open answers 403, an unknown path 404. An operator who must enrol a second factor sees 我的安全 only.
 */
export function ConsoleLayout({ routes = consoleRoutes }: { routes?: readonly ConsoleRoute[] }) {
  const operator = useOperator();
  const token = useOperatorToken();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [muted, setMuted] = useMuted();
  const menu = useMemo(() => menuFor(operator.role, routes), [operator.role, routes]);

  useEffect(() => {
    operatorSocket.start(token);
    return () => operatorSocket.stop();
  }, [token]);

  const security = routes.find((route) => route.page === 'mySecurity');
  const mustEnrol = operator.otp.required && !operator.otp.enrolled;
  const home = mustEnrol ? security : menu[0]?.children[0];
  const homePath = home ? `/${home.path.replace(/^\//, '')}` : null;

  return (
    <ProLayout
      title={appMessages.shortTitle}
      logo={<span className="console-logo" aria-hidden="true" />}
      layout="mix"
      fixSiderbar
      fixedHeader
      siderWidth={220}
      location={{ pathname: location.pathname }}
      route={{ path: '/', children: mustEnrol ? [] : menu }}
      menu={{ defaultOpenAll: true, ignoreFlatMenu: true }}
      menuItemRender={(item, dom) => (
        <Link to={item.path ?? '/'} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <span>{dom}</span>
          <QueueBadge page={(item as unknown as MenuEntry).page} />
        </Link>
      )}
      actionsRender={() => [
        <Tooltip key="sound" title={muted ? appMessages.unmuteLabel : appMessages.muteLabel}>
          <Button
            type="text"
            aria-label={muted ? appMessages.unmuteLabel : appMessages.muteLabel}
            aria-pressed={!muted}
            icon={<SoundOutlined style={{ opacity: muted ? 0.35 : 1 }} />}
            onClick={() => setMuted(!muted)}
          />
        </Tooltip>,
        <Space key="who" size={6} style={{ paddingInline: 8 }}>
          <UserOutlined />
          <span data-testid="operator-account">{operator.account}</span>
          <Tag color="gold" style={{ marginInlineEnd: 0 }}>
            {appMessages.roles[operator.role]}
          </Tag>
        </Space>,
        <Button
          key="out"
          type="text"
          icon={<LogoutOutlined />}
          onClick={() => void signOut(queryClient, appMessages.signedOut)}
        >
          {appMessages.signOut}
        </Button>,
      ]}
    >
      <IdleGuard idleMinutes={operator.idleMinutes} />
      {/* The queues' badges and sound on every page (money, chat, claims), not only while their page is open. */}
      {!mustEnrol && mayOpen(operator.role, 'withdrawals') ? <MoneyQueueWatcher /> : null}
      {!mustEnrol && mayOpen(operator.role, 'supportChat') ? <DeskQueueWatcher me={String(operator.id)} /> : null}
      {!mustEnrol && mayOpen(operator.role, 'activities') ? <ClaimQueueWatcher /> : null}
      <Routes>
        <Route index element={homePath ? <Navigate to={homePath} replace /> : <WelcomePage />} />
        {routes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              !mayOpen(operator.role, route.page) ? (
                <ForbiddenPage />
              ) : mustEnrol && route !== security ? (
                <Navigate to={`/${security?.path ?? ''}`} replace />
              ) : (
                <RoutePage route={route} />
              )
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ProLayout>
  );
}

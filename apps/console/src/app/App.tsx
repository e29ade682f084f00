import { type QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntdApp, Button, ConfigProvider, Result, Spin } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { SignInPage } from '../features/auth/SignInPage';
import { OperatorProvider, toConsoleOperator } from '../shared/access/access';
import { call } from '../shared/api/call';
import { operatorToken, useOperatorToken } from '../shared/session/session';
import { AntdBridge } from '../shared/ui/antd-app';
import { landingPreload } from './landing';
import { appMessages } from './messages';

export const CONSOLE_BASE = '/console';

// The signed-in console (ProLayout, the menu, the pages' table) loads behind sign-in: the sign-in page does not wait for it.
const loadConsoleLayout = () => import('./ConsoleLayout');
const ConsoleLayout = lazy(async () => ({ default: (await loadConsoleLayout()).ConsoleLayout }));

// A tab that opens already signed in (a refresh, a link) fetches the layout and the page it lands on while adminMe
// is asked, rather than one after the other once it answers.
if (operatorToken.get()) {
  void loadConsoleLayout();
  landingPreload(location.pathname)?.loadPage();
}

// Secondary text a little darker than antd's default (0.45), so it keeps a 4.5:1 contrast on white.
const THEME = { token: { colorPrimary: '#d48806', borderRadius: 6, colorTextDescription: 'rgba(0, 0, 0, 0.6)' } };

/** Who is signed in: asked once per token (and again after a refresh of the page). */
export function operatorQuery(token: string) {
  return { queryKey: ['operator', 'me', token], queryFn: async () => toConsoleOperator(await call('adminMe')) };
}

/** Everything behind sign-in: without a token, the sign-in page (it returns here afterwards). */
function SignedIn() {
  const token = useOperatorToken();
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useQuery({ ...operatorQuery(token), enabled: Boolean(token) });
  const role = me.data?.role;
  const [entryPath] = useState(location.pathname);
  // The landing page's figures are asked as soon as the role is known, beside the layout's first render.
  useEffect(() => {
    if (role) landingPreload(entryPath, role)?.prefetchData(queryClient);
  }, [role, queryClient, entryPath]);
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  const loading = (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
  if (me.isPending) return loading;
  if (me.isError)
    return (
      <Result
        status="error"
        title={appMessages.loadFailed}
        subTitle={me.error.message}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {appMessages.retry}
          </Button>
        }
      />
    );
  return (
    <OperatorProvider operator={me.data}>
      <Suspense fallback={loading}>
        <ConsoleLayout />
      </Suspense>
    </OperatorProvider>
  );
}

export function ConsoleApp({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AntdBridge />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={CONSOLE_BASE}>
            <Routes>
              <Route path="login" element={<SignInPage />} />
              <Route path="*" element={<SignedIn />} />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

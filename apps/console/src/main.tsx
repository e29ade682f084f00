import './app/no-eval';
import '@ant-design/v5-patch-for-react-19';
import './app/global.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/App';
import { appMessages } from './app/messages';
import { ConsoleApiError, setSessionExpiredHandler } from './shared/api/call';
import { leaveSignInNotice } from './shared/session/session';

dayjs.locale('zh-cn');
// The session ended on the server (expired, signed out elsewhere): the token is gone, so the console shows sign-in.
setSessionExpiredHandler(() => leaveSignInNotice(appMessages.sessionExpired));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change on retry; a network failure may.
      retry: (failures, error) => failures < 2 && error instanceof ConsoleApiError && error.status === 0,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp queryClient={queryClient} />
  </StrictMode>,
);

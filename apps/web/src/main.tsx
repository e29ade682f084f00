import './app/no-eval';
import './shared/i18n/i18n';
import './app/global.css';
import { setDefaultConfig } from 'antd-mobile';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { HOME_PATH } from './app/early-home';
import { createQueryClient } from './app/query-client';
import { registerServiceWorker } from './app/service-worker';
import { adoptStartUrl } from './app/start-url';
import { desktopHomeTarget } from './features/desktop/desktop-redirect';
import { gameCatalogueQuery, homeContentQuery } from './features/home/home.api';
import { startAnalytics } from './shared/analytics/analytics';
import { LANG } from './shared/config';
import { installAntdRender } from './shared/ui/antd-render';

void installAntdRender();

// antd-mobile's own words (picker buttons, dialog defaults) follow the variant's language; zh-CN is its default.
if (LANG === 'zh-HK') {
  void import('antd-mobile/es/locales/zh-HK').then(({ default: zhHK }) => setDefaultConfig({ locale: zhHK }));
}

adoptStartUrl();
startAnalytics();

const queryClient = createQueryClient();

// Most visits start on the home page: its data is asked for now, while the page's own code is still on its way.
if (HOME_PATH.test(location.pathname) && desktopHomeTarget(location.search) === null) {
  void queryClient.prefetchQuery(homeContentQuery());
  void queryClient.prefetchQuery(gameCatalogueQuery());
}

// A transition lets React render the first screen in slices, so the phone stays responsive while it does.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});

registerServiceWorker();

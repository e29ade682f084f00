import './shared/i18n/i18n';
import './app/global.css';
import { setDefaultConfig } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installAntdRender } from './app/antd-render';
import { createQueryClient } from './app/query-client';
import { registerServiceWorker } from './app/service-worker';
import { adoptStartUrl } from './app/start-url';
import { startAnalytics } from './shared/analytics/analytics';
import { LANG } from './shared/config';

installAntdRender();

// antd-mobile's own words (picker buttons, dialog defaults) follow the variant's language; zh-CN is its default.
if (LANG === 'zh-HK') {
  void import('antd-mobile/es/locales/zh-HK').then(({ default: zhHK }) => setDefaultConfig({ locale: zhHK }));
}

adoptStartUrl();
startAnalytics();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);

registerServiceWorker();

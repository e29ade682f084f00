import { type Locale, registerLocale } from '../shared/i18n/i18n';

const zhCN = {
  pageFailed: '页面加载失败',
  pageFailedHint: '网络不稳定或网站已更新，请重新加载',
  reload: '重新加载',
};

export const appLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    pageFailed: '頁面載入失敗',
    pageFailedHint: '網絡不穩定或網站已更新，請重新載入',
    reload: '重新載入',
  },
};

registerLocale('app', appLocale);

import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '页面不存在',
  description: '您访问的页面不存在或已被移除',
  goHome: '返回首页',
};

export const notFoundLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '頁面不存在',
    description: '您訪問的頁面不存在或已被移除',
    goHome: '返回首頁',
  },
};

registerLocale('notFound', notFoundLocale);

import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  titles: { terms: '用户协议', privacy: '隐私政策', responsible: '负责任博彩' },
  updatedAt: '更新于 {{date}}',
  toProtection: '设置限额、冷静期或自我排除',
  missing: '该页面暂时无法显示，请稍后再试或联系客服',
};

export const policyLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    titles: { terms: '用戶協議', privacy: '隱私政策', responsible: '負責任博彩' },
    updatedAt: '更新於 {{date}}',
    toProtection: '設置限額、冷靜期或自我排除',
    missing: '該頁面暫時無法顯示，請稍後再試或聯繫客服',
  },
};

registerLocale('policy', policyLocale);

import { type Locale, registerLocale } from '../i18n/i18n';

const zhCN = { reconnecting: '实时数据重连中…' };

export const realtimeLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': { reconnecting: '即時數據重新連線中…' },
};

registerLocale('realtime', realtimeLocale);

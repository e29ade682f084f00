import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '登录记录',
  intro: '最近的登录记录。如有不认识的设备或地区，请立即修改登录密码。',
  current: '当前设备',
  empty: '暂无登录记录',
  kinds: { phone: '手机', tablet: '平板', desktop: '电脑', unknown: '未知设备' },
};

export const securityLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '登入記錄',
    intro: '最近的登入記錄。如有不認識的設備或地區，請立即修改登入密碼。',
    current: '當前設備',
    empty: '暫無登入記錄',
    kinds: { phone: '手機', tablet: '平板', desktop: '電腦', unknown: '未知設備' },
  },
};

registerLocale('security', securityLocale);

import { type Locale, registerLocale } from '../shared/i18n/i18n';

const zhCN = {
  switchTitle: '切换账号',
  switchContent: '您已登录一个账号。是否切换到此链接中的账号？',
  switchConfirm: '切换账号',
  switchKeep: '保持当前账号',
};

export const startUrlLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    switchTitle: '切換賬號',
    switchContent: '您已登入一個賬號。是否切換到此連結中的賬號？',
    switchConfirm: '切換賬號',
    switchKeep: '保持當前賬號',
  },
};

registerLocale('startUrl', startUrlLocale);

import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  headline: '掌上{{name}}，随时随地',
  intro: '体育赛事、真人娱乐、电子游戏与精彩活动，为手机屏幕精心打造。',
  scanTitle: '手机扫码访问',
  scanHint: '打开手机相机或浏览器扫一扫',
  orVisit: '或在手机浏览器中打开',
  previewLabel: '手机版预览',
  qrLabel: '手机版网址二维码',
  features: ['体育', '真人', '电子', '棋牌', '活动'],
};

export const desktopLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    headline: '掌上{{name}}，隨時隨地',
    intro: '體育賽事、真人娛樂、電子遊戲與精彩活動，為手機屏幕精心打造。',
    scanTitle: '手機掃碼訪問',
    scanHint: '打開手機相機或瀏覽器掃一掃',
    orVisit: '或在手機瀏覽器中打開',
    previewLabel: '手機版預覽',
    qrLabel: '手機版網址二維碼',
    features: ['體育', '真人', '電子', '棋牌', '活動'],
  },
};

registerLocale('desktop', desktopLocale);

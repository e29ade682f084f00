import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '客服',
  heading: '在线客服',
  subtitle: '遇到问题？专属客服为您解答',
  start: '立即咨询',
  hoursTitle: '服务时间',
  hours: '7×24小时全天候在线，节假日无休',
  tipsTitle: '温馨提示',
  tips: '咨询时请提供您的账号，以便客服快速为您处理。客服人员不会向您索要密码或验证码。',
  notAvailable: '客服暂未开通',
};

export const customerLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '客服',
    heading: '在線客服',
    subtitle: '遇到問題？專屬客服為您解答',
    start: '立即諮詢',
    hoursTitle: '服務時間',
    hours: '7×24小時全天候在線，節假日無休',
    tipsTitle: '溫馨提示',
    tips: '諮詢時請提供您的賬號，以便客服快速為您處理。客服人員不會向您索要密碼或驗證碼。',
    notAvailable: '客服暫未開通',
  },
};

registerLocale('customer', customerLocale);

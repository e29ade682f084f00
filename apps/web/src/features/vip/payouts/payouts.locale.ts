import { type Locale, registerLocale } from '../../../shared/i18n/i18n';

const zhCN = {
  title: '待领取福利',
  total: '合计 {{amount}}',
  claim: '领取',
  claimAll: '一键领取',
  empty: '暂无待领取的福利',
  expires: '{{date}} 前有效',
  multiple: '{{multiple}} 倍流水',
  confirmTitle: '领取福利',
  confirm: '领取 {{amount}}，需完成 {{multiple}} 倍流水后方可提现，确认领取？',
  confirmAll: '领取全部 {{count}} 项共 {{amount}}，每项需完成对应倍数的流水后方可提现，确认领取？',
  done: '已领取 {{amount}}',
  kinds: {
    rebate: '每日返水',
    weekly: '周俸禄',
    monthly: '月俸禄',
    birthday: '生日礼金',
  },
  periods: {
    day: '{{day}}',
    week: '{{year}} 年第 {{week}} 周',
    month: '{{year}} 年 {{month}} 月',
    year: '{{year}} 年',
  },
};

const zhHK: typeof zhCN = {
  title: '待領取福利',
  total: '合計 {{amount}}',
  claim: '領取',
  claimAll: '一鍵領取',
  empty: '暫無待領取的福利',
  expires: '{{date}} 前有效',
  multiple: '{{multiple}} 倍流水',
  confirmTitle: '領取福利',
  confirm: '領取 {{amount}}，需完成 {{multiple}} 倍流水後方可提現，確認領取？',
  confirmAll: '領取全部 {{count}} 項共 {{amount}}，每項需完成對應倍數的流水後方可提現，確認領取？',
  done: '已領取 {{amount}}',
  kinds: {
    rebate: '每日返水',
    weekly: '週俸祿',
    monthly: '月俸祿',
    birthday: '生日禮金',
  },
  periods: {
    day: '{{day}}',
    week: '{{year}} 年第 {{week}} 週',
    month: '{{year}} 年 {{month}} 月',
    year: '{{year}} 年',
  },
};

export const vipPayoutsLocale: Locale<typeof zhCN> = { 'zh-CN': zhCN, 'zh-HK': zhHK };
registerLocale('vipPayouts', vipPayoutsLocale);

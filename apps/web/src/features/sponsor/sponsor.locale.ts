import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '品牌赞助',
  intro: '我们与优秀的俱乐部、战队和联赛携手，共同见证每一场精彩。',
  empty: '暂无赞助信息',
  period: '合作期',
  more: '了解更多',
  less: '收起',
};

export const sponsorLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '品牌贊助',
    intro: '我們與優秀的俱樂部、戰隊和聯賽攜手，共同見證每一場精彩。',
    empty: '暫無贊助資訊',
    period: '合作期',
    more: '了解更多',
    less: '收起',
  },
};

registerLocale('sponsor', sponsorLocale);

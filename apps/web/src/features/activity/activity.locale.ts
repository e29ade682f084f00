import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '活动',
  detailTitle: '活动详情',
  empty: '暂无活动',
  period: '活动时间：{{start}} 至 {{end}}',
  from: '活动时间：{{start}} 起',
  until: '活动截止：{{end}}',
  always: '长期有效',
  ended: '已结束',
  details: '查看详情',
};

export const activityLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '活動',
    detailTitle: '活動詳情',
    empty: '暫無活動',
    period: '活動時間：{{start}} 至 {{end}}',
    from: '活動時間：{{start}} 起',
    until: '活動截止：{{end}}',
    always: '長期有效',
    ended: '已結束',
    details: '查看詳情',
  },
};

registerLocale('activity', activityLocale);

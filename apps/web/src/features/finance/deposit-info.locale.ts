import { type Locale, registerLocale } from '../../shared/i18n/i18n';

/** The order page's words for showing the newest deposit (their own file: the deposit form never needs them). */
const zhCN = {
  newest: '这是您最近一笔到账的充值',
  missingNewest: '订单不存在，以下是您最近一笔到账的充值',
  records: '充值记录',
  none: '您还没有充值订单',
  noneHint: '选择充值方式并下单后，订单的收款信息和状态会显示在这里',
  deposit: '去充值',
};

export const depositInfoLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    newest: '這是您最近一筆到賬的充值',
    missingNewest: '訂單不存在，以下是您最近一筆到賬的充值',
    records: '充值記錄',
    none: '您還沒有充值訂單',
    noneHint: '選擇充值方式並下單後，訂單的收款資訊和狀態會顯示在這裡',
    deposit: '去充值',
  },
};

registerLocale('depositInfo', depositInfoLocale);

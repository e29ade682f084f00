import { type Locale, registerLocale } from '../../shared/i18n/i18n';

/** The transaction detail's words for showing the newest record (their own file: the list page never needs them). */
const zhCN = {
  newest: '这是您最新的一笔交易',
  missingNewest: '交易记录不存在，以下是您最新的一笔交易',
  allRecords: '全部记录',
  goDeposit: '去充值',
};

export const recordsNewestLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    newest: '這是您最新的一筆交易',
    missingNewest: '交易記錄不存在，以下是您最新的一筆交易',
    allRecords: '全部記錄',
    goDeposit: '去充值',
  },
};

registerLocale('recordsNewest', recordsNewestLocale);

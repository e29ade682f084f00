import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '帮助中心',
  searchPlaceholder: '搜索问题，如：充值、提现、USDT',
  searchLabel: '搜索帮助',
  searching: '正在搜索…',
  results: '找到 {{count}} 篇相关文章',
  noResults: '没有找到相关文章，换个关键词试试，或咨询在线客服',
  empty: '暂无帮助文章',
  chat: '在线客服',
  chatHint: '常见问题即时解答',
  feedback: '意见反馈',
  feedbackHint: '建议或问题告诉我们',
  tutorial: '教程',
  notFound: '文章不存在或已下架',
  backToHelp: '返回帮助中心',
  related: '相关文章',
  updatedAt: '更新于 {{date}}',
  stillNeedHelp: '没有解决您的问题？',
  askChat: '咨询在线客服',
};

export const helpLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '幫助中心',
    searchPlaceholder: '搜尋問題，如：充值、提現、USDT',
    searchLabel: '搜尋幫助',
    searching: '正在搜尋…',
    results: '找到 {{count}} 篇相關文章',
    noResults: '沒有找到相關文章，換個關鍵詞試試，或諮詢在線客服',
    empty: '暫無幫助文章',
    chat: '在線客服',
    chatHint: '常見問題即時解答',
    feedback: '意見反饋',
    feedbackHint: '建議或問題告訴我們',
    tutorial: '教程',
    notFound: '文章不存在或已下架',
    backToHelp: '返回幫助中心',
    related: '相關文章',
    updatedAt: '更新於 {{date}}',
    stillNeedHelp: '沒有解決您的問題？',
    askChat: '諮詢在線客服',
  },
};

registerLocale('help', helpLocale);

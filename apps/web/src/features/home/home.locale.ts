import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  login: '登录',
  register: '注册',
  balance: '余额',
  refreshBalance: '刷新余额',
  notices: '公告',
  noticeList: '最新公告',
  close: '关闭',
  skipToday: '今日不再提示',
  gotIt: '我知道了',
  games: '游戏大厅',
  maintenanceToast: '该游戏维护中，请稍后再试',
  noGames: '暂无游戏',
  contentFailed: '公告与活动加载失败',
  quickActions: '钱包快捷入口',
  quick: { deposit: '充值', withdraw: '提现', transfer: '转账' },
};

export const homeLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    login: '登入',
    register: '註冊',
    balance: '餘額',
    refreshBalance: '刷新餘額',
    notices: '公告',
    noticeList: '最新公告',
    close: '關閉',
    skipToday: '今日不再提示',
    gotIt: '我知道了',
    games: '遊戲大廳',
    maintenanceToast: '該遊戲維護中，請稍後再試',
    noGames: '暫無遊戲',
    contentFailed: '公告與活動載入失敗',
    quickActions: '錢包快捷入口',
    quick: { deposit: '充值', withdraw: '提現', transfer: '轉賬' },
  },
};

registerLocale('home', homeLocale);

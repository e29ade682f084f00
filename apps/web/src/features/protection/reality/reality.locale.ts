import { type Locale, registerLocale } from '../../../shared/i18n/i18n';

/** The reality check, the session-time limit and the withdrawal-only banner: what the shell shows on any page. */
const zhCN = {
  reminderTitle: '理性游戏提醒',
  elapsed: '您已登录 {{minutes}} 分钟',
  net: '本次净输赢 {{amount}}',
  limitReached: '已达到您设定的单次登录时长上限（{{minutes}} 分钟），建议退出休息。',
  continue: '继续',
  viewLimits: '查看限额',
  logout: '退出登录',
  sessionLimitTitle: '登录时长已到',
  sessionLimitHint: '您仍可查看账户和提现，充值、投注与游戏需退出后稍后再来。',
  gotIt: '知道了',
  withdrawOnly: '仅提现模式',
  timeLeft: '剩余 {{time}}',
  leave: '退出',
  withdrawOnlyHint: '期间只能提现到已绑定的账户，绑定新账户、充值和游戏均不可用。',
  leaveConfirm: '退出仅提现模式？退出后需重新登录才能再次提现。',
};

export const realityLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    reminderTitle: '理性遊戲提醒',
    elapsed: '您已登入 {{minutes}} 分鐘',
    net: '本次淨輸贏 {{amount}}',
    limitReached: '已達到您設定的單次登入時長上限（{{minutes}} 分鐘），建議退出休息。',
    continue: '繼續',
    viewLimits: '查看限額',
    logout: '退出登入',
    sessionLimitTitle: '登入時長已到',
    sessionLimitHint: '您仍可查看帳戶和提現，充值、投注與遊戲需退出後稍後再來。',
    gotIt: '知道了',
    withdrawOnly: '僅提現模式',
    timeLeft: '剩餘 {{time}}',
    leave: '退出',
    withdrawOnlyHint: '期間只能提現到已綁定的帳戶，綁定新帳戶、充值和遊戲均不可用。',
    leaveConfirm: '退出僅提現模式？退出後需重新登入才能再次提現。',
  },
};

registerLocale('reality', realityLocale);

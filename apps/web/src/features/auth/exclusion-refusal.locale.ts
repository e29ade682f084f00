import { type Locale, registerLocale } from '../../shared/i18n/i18n';

/**
 * The sign-in refusal of a member in a time-out or self-exclusion. Kept apart from auth.locale.ts: it loads with the
 * refusal's dialog, never with the login page's first screen.
 */
const zhCN = {
  timeoutTitle: '冷静期中',
  selfTitle: '已申请自我排除',
  ends: '结束时间',
  permanent: '永久',
  stillYours: '期间未结算的注单照常结算，账户余额仍然归您所有。',
  canWithdraw: '您可以进入仅提现模式，将余额提取到已绑定的账户（{{time}} 前有效）。',
  nothingToWithdraw: '您的账户目前没有可提取的余额。',
  withdraw: '提取余额',
  gotIt: '知道了',
};

export const exclusionRefusalLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    timeoutTitle: '冷靜期中',
    selfTitle: '已申請自我排除',
    ends: '結束時間',
    permanent: '永久',
    stillYours: '期間未結算的注單照常結算，帳戶餘額仍然歸您所有。',
    canWithdraw: '您可以進入僅提現模式，將餘額提取到已綁定的帳戶（{{time}} 前有效）。',
    nothingToWithdraw: '您的帳戶目前沒有可提取的餘額。',
    withdraw: '提取餘額',
    gotIt: '知道了',
  },
};

registerLocale('exclusionRefusal', exclusionRefusalLocale);

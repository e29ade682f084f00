import { type Locale, registerLocale } from '../../shared/i18n/i18n';

/**
 * 我的资产's own words, apart from the finance forms' so the deposit, withdraw and transfer pages do not load them.
 * A movement is named as the transaction records name it (records.locale.ts; a test holds the two to the same words).
 */
const zhCN = {
  title: '我的资产',
  total: '总资产',
  venueTotal: '场馆钱包',
  deposit: '充值',
  withdraw: '提现',
  transfer: '转账',
  recent: '最近资金变动',
  more: '查看全部',
  noRecent: '暂无资金变动',
  codes: {
    deposit: '充值',
    withdraw: '提现',
    withdraw_freeze: '提现冻结',
    withdraw_unfreeze: '提现退回',
    withdraw_paid: '提现出款',
    withdraw_fee: '提现手续费',
    venue_out: '转入场馆',
    venue_in: '转出场馆',
    venue_refund: '转账退回',
    adjust: '人工调整',
    bonus: '优惠',
    bet_stake: '体育投注',
    bet_payout: '体育派彩',
    bet_reverse: '派彩冲正',
    bet_refund: '投注拒绝退款',
    bet_cashout: '提前结算',
  },
  types: {
    deposit: '充值',
    withdraw: '提现',
    transfer: '转账',
    adjust: '调整',
    bonus: '优惠',
    bet: '体育投注',
  },
  accounts: { main: '中心钱包', frozen: '冻结', venue: '场馆', transit: '在途' },
};

export const assetsLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '我的資產',
    total: '總資產',
    venueTotal: '場館錢包',
    deposit: '充值',
    withdraw: '提現',
    transfer: '轉賬',
    recent: '最近資金變動',
    more: '查看全部',
    noRecent: '暫無資金變動',
    codes: {
      deposit: '充值',
      withdraw: '提現',
      withdraw_freeze: '提現凍結',
      withdraw_unfreeze: '提現退回',
      withdraw_paid: '提現出款',
      withdraw_fee: '提現手續費',
      venue_out: '轉入場館',
      venue_in: '轉出場館',
      venue_refund: '轉賬退回',
      adjust: '人工調整',
      bonus: '優惠',
      bet_stake: '體育投注',
      bet_payout: '體育派彩',
      bet_reverse: '派彩沖正',
      bet_refund: '投注拒絕退款',
      bet_cashout: '提前結算',
    },
    types: {
      deposit: '充值',
      withdraw: '提現',
      transfer: '轉賬',
      adjust: '調整',
      bonus: '優惠',
      bet: '體育投注',
    },
    accounts: { main: '中心錢包', frozen: '凍結', venue: '場館', transit: '在途' },
  },
};

registerLocale('assets', assetsLocale);

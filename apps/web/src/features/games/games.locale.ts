import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  launching: '正在进入游戏…',
  transferring: '正在进入游戏，余额已转入 {{amount}}',
  unavailable: '{{name}}暂不可玩，换个游戏试试',
  unknown: '没有找到“{{name}}”这个游戏',
  openGames: '现在可以玩',
  backHome: '返回首页',
  retry: '重试',
  back: '返回',
  frameTitle: '{{name}}游戏画面',
  venueBack: {
    title: '返回大厅',
    recalling: '正在将游戏余额转回中心钱包…',
    confirmed: '游戏余额已转回中心钱包',
    pending: '场馆暂未确认，资金在途，稍后会自动到账',
    failed: '转回失败，资金仍在场馆钱包，可到转账页面重试',
    main: '中心钱包余额',
    stillInVenue: '{{name}} 仍有 {{amount}}',
    home: '返回首页',
    transfer: '去转账',
    again: '再试一次',
  },
};

export const gamesLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    launching: '正在進入遊戲…',
    transferring: '正在進入遊戲，餘額已轉入 {{amount}}',
    unavailable: '{{name}}暫不可玩，換個遊戲試試',
    unknown: '沒有找到「{{name}}」這個遊戲',
    openGames: '現在可以玩',
    backHome: '返回首頁',
    retry: '重試',
    back: '返回',
    frameTitle: '{{name}}遊戲畫面',
    venueBack: {
      title: '返回大廳',
      recalling: '正在將遊戲餘額轉回中心錢包…',
      confirmed: '遊戲餘額已轉回中心錢包',
      pending: '場館暫未確認，資金在途，稍後會自動到賬',
      failed: '轉回失敗，資金仍在場館錢包，可到轉賬頁面重試',
      main: '中心錢包餘額',
      stillInVenue: '{{name}} 仍有 {{amount}}',
      home: '返回首頁',
      transfer: '去轉賬',
      again: '再試一次',
    },
  },
};

registerLocale('games', gamesLocale);

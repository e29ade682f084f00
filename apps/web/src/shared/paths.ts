/** Every route of the site; nobody writes a URL string by hand (spec section 2). */
export const paths = {
  root: '/',
  home: '/app/home',
  desktopHome: '/home',
  find: '/find',
  newsDetail: '/find/newsDetail',
  customer: '/app/customer',
  activity: '/activity/list',
  center: '/app/center',
  login: '/login',
  register: '/register',
  forgetPassword: '/forgetPassword',
  personalInfo: '/personalInfo',
  personalName: '/personalInfo/name',
  personalMail: '/personalInfo/mail',
  personalPhone: '/personalInfo/phone',
  setting: '/setting',
  settingPassword: '/setting/password',
  settingSuccess: '/setting/success',
  settingVerification: '/setting/verification',
  withdrawPassword: '/setting/wpassword',
  withdrawPasswordSuccess: '/setting/wsuccess',
  cards: '/cards',
  bankDetail: '/cards/bankDetail',
  addBankCard: '/cards/addBankCard',
  addAlipay: '/cards/addAlipay',
  addVirtualCoin: '/cards/addVirtualCoin',
  deposit: '/finance/deposit',
  depositInfo: '/finance/deposit/info',
  withdraw: '/finance/withdraw',
  transfer: '/finance/transfer',
  myAssets: '/finance/myAssets',
  transactionRecord: '/user/transactionRecord',
  transactionDetail: '/user/transactionDetail',
  bettingRecord: '/user/bettingRecord',
  bettingDetail: '/user/bettingDetail',
  /** A game from the lobby (spec): the sportsbook's entries open the sports pages, the rest launch (issue 22). */
  game: '/games/:id/:title/:code/:gtype',
  /** Back from a vendor's game (spec): its balance comes back to the main wallet. */
  venueBack: '/app/venueBack',
  /** One of our own tables by its code, e.g. /casino/BAC1. */
  casinoTable: '/casino/:code',
  /** Checking a round: `?round=<id>` opens one. */
  casinoVerify: '/casino/verify',
  /** Rewards (issue 23): VIP, tasks and redemption codes (spec). */
  vipPrivilege: '/user/vip/privilege',
  vipDetail: '/user/vip/detail',
  task: '/task',
  taskRecords: '/taskRecords',
  redemptionRecord: '/user/redemptionRecord',
  redemptionDetail: '/user/redemptionDetail',
  /** Messages and the agent programme (issue 24). `?id=<id>` opens one message. */
  message: '/user/message',
  messageDetail: '/user/message/detail',
  agentPage: '/user/agentPage',
  /** The brand's sponsorships (issue 24). */
  sponsor: '/app/sponsor',
  /** Support (issue 25): the chat frame, feedback, the help centre and tutorials, the sign-in history. */
  iframeCustomerService: '/iframeCustomerService',
  feedback: '/user/feedback',
  feedbackList: '/user/feedbackList',
  /** `?id=<id>`. */
  feedbackDetail: '/user/feedbackDetail',
  helpCenter: '/help/center',
  /** Every spec tutorial: `/tutorial/<slug>` (`sportRules`, `games/answer`, ...); `tutorialPath` builds one. */
  tutorial: '/tutorial/*',
  /** The tutorial that is the chat's form for a message left outside service hours. */
  leaveMessage: '/tutorial/leaveMsg',
  loginHistory: '/setting/loginHistory',
  /** Player protection (issue 26): the 负责任博彩 section of 设置 and its pages. */
  protection: '/setting/protection',
  limits: '/setting/limits',
  exclusion: '/setting/exclusion',
  statement: '/setting/statement',
  /** Public policy pages the registration's 18+ statement links to. */
  terms: '/terms',
  privacy: '/privacy',
  responsibleGambling: '/responsible',
  /** The sports home; `?event=<id>` is an event's page. */
  sports: '/sports',
} as const;

/** A tutorial's route by its slug (the help article of that name). */
export const tutorialPath = (slug: string) => `/tutorial/${slug}`;

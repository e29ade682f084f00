import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type PageImport = () => Promise<PageModule>;

/** Every page is its own chunk, loaded when its route is first visited (spec section 2: pages load on demand). */
export const pages = {
  home: () => import('../features/home/routes/HomePage'),
  find: () => import('../features/find/routes/FindPage'),
  newsDetail: () => import('../features/find/routes/NewsDetailPage'),
  customer: () => import('../features/customer/routes/CustomerPage'),
  activity: () => import('../features/activity/routes/ActivityPage'),
  desktopHome: () => import('../features/desktop/routes/DesktopHomePage'),
  notFound: () => import('../features/not-found/routes/NotFoundPage'),
  center: () => import('../features/account/routes/CenterPage'),
  login: () => import('../features/auth/routes/LoginPage'),
  register: () => import('../features/auth/routes/RegisterPage'),
  forgetPassword: () => import('../features/auth/routes/ForgetPasswordPage'),
  personalInfo: () => import('../features/account/routes/PersonalInfoPage'),
  personalName: () => import('../features/account/routes/PersonalNamePage'),
  personalMail: () => import('../features/account/routes/PersonalMailPage'),
  personalPhone: () => import('../features/account/routes/PersonalPhonePage'),
  setting: () => import('../features/account/routes/SettingPage'),
  settingPassword: () => import('../features/account/routes/SettingPasswordPage'),
  settingSuccess: () => import('../features/account/routes/SettingSuccessPage'),
  settingVerification: () => import('../features/account/routes/SettingVerificationPage'),
  withdrawPassword: () => import('../features/withdraw-password/routes/WithdrawPasswordPage'),
  withdrawPasswordSuccess: () => import('../features/withdraw-password/routes/WithdrawPasswordSuccessPage'),
  cards: () => import('../features/cards/routes/CardsPage'),
  bankDetail: () => import('../features/cards/routes/BankDetailPage'),
  addBankCard: () => import('../features/cards/routes/AddBankCardPage'),
  addAlipay: () => import('../features/cards/routes/AddAlipayPage'),
  addVirtualCoin: () => import('../features/cards/routes/AddVirtualCoinPage'),
  deposit: () => import('../features/finance/routes/DepositPage'),
  depositInfo: () => import('../features/finance/routes/DepositInfoPage'),
  withdraw: () => import('../features/finance/routes/WithdrawPage'),
  transfer: () => import('../features/finance/routes/TransferPage'),
  myAssets: () => import('../features/finance/routes/MyAssetsPage'),
  transactionRecord: () => import('../features/records/routes/TransactionRecordPage'),
  transactionDetail: () => import('../features/records/routes/TransactionDetailPage'),
  /** The task centre and its records (issue 23). */
  task: () => import('../features/tasks/routes/TaskCenterPage'),
  taskRecords: () => import('../features/tasks/routes/TaskRecordsPage'),
  /** The sports home and event pages, /user/bettingRecord's sports tab and a bet's detail: it picks by path. */
  sportsbook: () => import('../features/sports/routes/SportsbookRoutes'),
  /** The game route: launches a lobby entry (issue 22). */
  gameLaunch: () => import('../features/games/routes/GameLaunchPage'),
  venueBack: () => import('../features/games/routes/VenueBackPage'),
  casinoTable: () => import('../features/casino/routes/CasinoTablePage'),
  /** Re-deals rounds with @jinb/casino: its own chunk, never on a first screen. */
  casinoVerify: () => import('../features/casino/routes/VerifyPage'),
  /** /user/bettingRecord's 真人 and 电子 tabs. */
  casinoRecords: () => import('../features/casino/routes/CasinoRecordsPage'),
  /** Redemption codes (issue 23): redeem a code, the member's redemptions and one redemption. */
  redemptionRecord: () => import('../features/redemption/routes/RedemptionRecordPage'),
  redemptionDetail: () => import('../features/redemption/routes/RedemptionDetailPage'),
  /** VIP levels (issue 23): the level card and every level's privileges; what the member received. */
  vipPrivilege: () => import('../features/vip/routes/VipPrivilegePage'),
  vipDetail: () => import('../features/vip/routes/VipDetailPage'),
  /** The inbox and one message, the agent programme, the sponsorships (issue 24). */
  message: () => import('../features/messages/routes/MessagesPage'),
  messageDetail: () => import('../features/messages/routes/MessageDetailPage'),
  agentPage: () => import('../features/agent/routes/AgentPage'),
  sponsor: () => import('../features/sponsor/routes/SponsorPage'),
  /** Support (issue 25): the chat frame, feedback, the help centre and tutorials, the sign-in history. */
  iframeCustomerService: () => import('../features/customer/routes/IframeCustomerServicePage'),
  leaveMessage: () => import('../features/customer/routes/LeaveMessagePage'),
  feedback: () => import('../features/feedback/routes/FeedbackPage'),
  feedbackList: () => import('../features/feedback/routes/FeedbackListPage'),
  feedbackDetail: () => import('../features/feedback/routes/FeedbackDetailPage'),
  helpCenter: () => import('../features/help/routes/HelpCenterPage'),
  tutorial: () => import('../features/help/routes/TutorialPage'),
  loginHistory: () => import('../features/security/routes/LoginHistoryPage'),
  /** Player protection (issue 26): limits, time-out and self-exclusion, the activity statement; the policy pages. */
  protection: () => import('../features/protection/routes/ProtectionPage'),
  limits: () => import('../features/protection/routes/LimitsPage'),
  exclusion: () => import('../features/protection/routes/ExclusionPage'),
  statement: () => import('../features/protection/routes/StatementPage'),
  policy: () => import('../features/policy/routes/PolicyPage'),
} satisfies Record<string, PageImport>;

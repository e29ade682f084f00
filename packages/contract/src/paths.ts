/**
 * Every API path, in one place. The spec's paths are fixed character for character; the rest are ours,
 * in the same style. The site and the server both import these, so a path is never typed twice.
 * Each name is also the name of one call in the endpoint table (endpoints.ts): a path that answers two methods has
 * a name per method, both built from one constant.
 */
import { gamesConsoleApi } from './console/games.paths';
import { insightConsoleApi } from './console/insight.paths';
import { marketingConsoleApi } from './console/marketing.paths';
import { membersConsoleApi } from './console/members.paths';
import { moneyConsoleApi } from './console/money.paths';
import { operatorsConsoleApi } from './console/operators.paths';

const CARDS = '/api/f/v1/cards';
const ADMIN_WALLET_SETTINGS = '/api/admin/v1/wallet/settings';
const ADMIN_DEPOSIT_CHANNELS = '/api/admin/v1/wallet/channels';

export const api = {
  // auth
  publicKey: '/api/f/v1/member/publicKey',
  captcha: '/api/findmed/v1/member/captcha',
  phoneArea: '/api/findmed/v1/member/phoneArea',
  sms: '/api/service/sms',
  register: '/api/f/v1/member/register',
  login: '/api/f/v1/member/login/mpe',
  logout: '/api/f/v1/member/logout',
  forgetPassword: '/api/findmed/v1/member/forgetpassword',
  // member
  token: '/api/findmed/v1/member/token',
  balance: '/api/findmed/v1/member/balance',
  messageNum: '/api/findmed/v1/member/message/num',
  /** POST (spec): the member's inbox, newest first, paged. */
  messageList: '/api/findmed/v1/member/message/list',
  /** POST (spec): `id` and `action` (`read` or `delete`) on one of the member's own messages. */
  messageUpdate: '/api/findmed/v1/member/message/update',
  updatePassword: '/api/findmed/v1/member/updatepassword',
  updateProfile: '/api/findmed/v1/member/update',
  bindPhone: '/api/findmed/v1/member/bindPhone',
  emailCode: '/api/service/email',
  bindEmail: '/api/findmed/v1/member/bindEmail',
  heartbeat: '/api/findmed/v1/heartbeat',
  upload: '/api/f/v1/upload',
  withdrawPasswordConfig: '/api/f/v1/withdraw/password/config',
  // site content
  preInfo: '/api/f/v1/member/preInfo',
  gameList: '/api/findmed/v1/game/list',
  homeContent: '/api/findmed/v1/home/content',
  promoList: '/api/findmed/v1/promo/list',
  promoDetail: '/api/findmed/v1/promo/detail',
  newsList: '/api/findmed/v1/news/list',
  newsDetail: '/api/findmed/v1/news/detail',
  tree: '/api/findmed/v1/member/tree',
  analyticsConfig: '/api/findmed/v1/md',
  pageView: '/api/findmed/v1/md/pv',
  // demo only
  devOutbox: '/api/dev/outbox',
} as const;

/** Wallet, cards and records (the wallet issue). */
export const walletApi = {
  depositChannels: '/api/f/v1/wallet/deposit/channels',
  deposit: '/api/f/v1/wallet/deposit',
  depositOrder: '/api/f/v1/wallet/deposit/order',
  depositCallback: '/api/f/v1/wallet/deposit/callback',
  withdrawPassword: '/api/f/v1/withdraw/password',
  /** GET: the member's cards. */
  cards: CARDS,
  /** POST: bind one. */
  bindCard: CARDS,
  withdrawInfo: '/api/f/v1/wallet/withdraw/info',
  withdraw: '/api/f/v1/wallet/withdraw',
  withdrawCancel: '/api/f/v1/wallet/withdraw/cancel',
  withdrawals: '/api/f/v1/wallet/withdrawals',
  transfer: '/api/f/v1/wallet/transfer',
  recall: '/api/f/v1/wallet/recall',
  walletList: '/api/game/walletlist',
  assets: '/api/f/v1/wallet/assets',
  records: '/api/f/v1/wallet/records',
  recordDetail: '/api/f/v1/wallet/records/detail',
  // demo only: the simulated payment gateway and chain watcher
  devSimulatePayment: '/api/dev/deposit/simulate',
} as const;

/**
 * The operator calls of the foundation and the wallet: apart from `api` and `walletApi`, which the site's first screen
 * loads (through sitePaths), so a member's phone does not download the console's paths.
 */
export const adminApi = {
  adminLogin: '/api/admin/v1/login',
  adminMe: '/api/admin/v1/me',
  adminLogout: '/api/admin/v1/logout',
  adminRevokeAllSessions: '/api/admin/v1/sessions/revoke-all',
  adminRevokeOperatorSessions: '/api/admin/v1/operators/:id/sessions/revoke',
  adminApprovals: '/api/admin/v1/approvals',
  adminApprovalApprove: '/api/admin/v1/approvals/:id/approve',
  adminApprovalReject: '/api/admin/v1/approvals/:id/reject',
  adminMembers: '/api/admin/v1/members',
  adminMemberRealName: '/api/admin/v1/members/:id/real-name',
  adminOutbox: '/api/admin/v1/outbox',
  adminPageViews: '/api/admin/v1/analytics/pageviews',
} as const;

export const walletAdminApi = {
  adminAdjust: '/api/admin/v1/members/:id/adjust',
  adminMemberWallet: '/api/admin/v1/members/:id/wallet',
  adminWaiveTurnover: '/api/admin/v1/members/:id/turnover/waive',
  adminDeposits: '/api/admin/v1/deposits',
  adminDepositConfirm: '/api/admin/v1/deposits/:id/confirm',
  adminDepositReject: '/api/admin/v1/deposits/:id/reject',
  adminWithdrawals: '/api/admin/v1/withdrawals',
  adminWithdrawalAccept: '/api/admin/v1/withdrawals/:id/accept',
  adminWithdrawalPay: '/api/admin/v1/withdrawals/:id/pay',
  adminWithdrawalRefuse: '/api/admin/v1/withdrawals/:id/refuse',
  adminWalletSettings: ADMIN_WALLET_SETTINGS,
  adminSaveWalletSettings: ADMIN_WALLET_SETTINGS,
  adminDepositChannels: ADMIN_DEPOSIT_CHANNELS,
  adminSaveDepositChannel: ADMIN_DEPOSIT_CHANNELS,
  adminReconcile: '/api/admin/v1/venues/reconcile',
  adminSummary: '/api/admin/v1/wallet/summary',
  adminLedgerCheck: '/api/admin/v1/ledger/check',
  adminDepositPayments: '/api/admin/v1/deposit-payments',
  adminDepositPaymentAssign: '/api/admin/v1/deposit-payments/:id/assign',
  adminDepositPaymentDismiss: '/api/admin/v1/deposit-payments/:id/dismiss',
} as const;

const SPORTS_BETS = '/api/f/v1/sports/bets';
const SPORTS_SETTINGS = '/api/admin/v1/sports/settings';
const SPORTS_CASHOUT = '/api/f/v1/sports/bets/cashout';

/** The sportsbook's member calls (issue 9). */
const sportsMemberApi = {
  sportsMenu: '/api/f/v1/sports/menu',
  sportsEvents: '/api/f/v1/sports/events',
  sportsEvent: '/api/f/v1/sports/events/:id',
  sportsConfig: '/api/f/v1/sports/config',
  sportsPreferences: '/api/f/v1/sports/preferences',
  /** POST: place a bet. */
  placeBet: SPORTS_BETS,
  /** GET: the member's bets (/user/bettingRecord). */
  bets: SPORTS_BETS,
  betDetail: '/api/f/v1/sports/bets/detail',
  /** GET: an open bet's cash-out quote (issue 21). */
  sportsCashoutQuote: SPORTS_CASHOUT,
  /** POST: accept it, in full or for part of the stake. */
  sportsCashout: SPORTS_CASHOUT,
} as const;

/** The sportsbook's operator calls: the manual feed and the risk desk. */
const sportsAdminApi = {
  adminSportsEvents: '/api/admin/v1/sports/events',
  adminSportsCreateEvent: '/api/admin/v1/sports/events',
  adminSportsEvent: '/api/admin/v1/sports/events/:id',
  adminSportsAddMarkets: '/api/admin/v1/sports/events/:id/markets',
  adminSportsEventSuspend: '/api/admin/v1/sports/events/:id/suspend',
  adminSportsEventResume: '/api/admin/v1/sports/events/:id/resume',
  adminSportsEventLive: '/api/admin/v1/sports/events/:id/live',
  adminSportsEventResult: '/api/admin/v1/sports/events/:id/result',
  adminSportsEventCancel: '/api/admin/v1/sports/events/:id/cancel',
  adminSportsLiability: '/api/admin/v1/sports/events/:id/liability',
  adminSportsMarketSuspend: '/api/admin/v1/sports/markets/:id/suspend',
  adminSportsMarketResume: '/api/admin/v1/sports/markets/:id/resume',
  adminSportsMarketVoid: '/api/admin/v1/sports/markets/:id/void',
  adminSportsMarketPrices: '/api/admin/v1/sports/markets/:id/prices',
  adminSportsMemberBets: '/api/admin/v1/members/:id/sports/bets',
  adminSportsSettings: SPORTS_SETTINGS,
  adminSaveSportsSettings: SPORTS_SETTINGS,
  adminSportsEventCashouts: '/api/admin/v1/sports/events/:id/cashouts',
} as const;

const CASINO_BETS = '/api/f/v1/casino/bets';

/** The casino's member calls (issue 22): launching a game, the house tables, the records. */
const casinoMemberApi = {
  gameLaunch: '/api/f/v1/game/launch',
  autoTransfer: '/api/f/v1/game/auto-transfer',
  saveAutoTransfer: '/api/f/v1/game/auto-transfer',
  casinoTables: '/api/f/v1/casino/tables',
  casinoTable: '/api/f/v1/casino/tables/:code',
  /** POST: bet on the current round. */
  casinoBet: CASINO_BETS,
  /** GET: the member's casino bets (/user/bettingRecord). */
  casinoBets: CASINO_BETS,
  casinoRound: '/api/f/v1/casino/rounds/:id',
  casinoChain: '/api/f/v1/casino/chain',
  /** GET: the member's bets at external vendors. */
  vendorBets: '/api/f/v1/game/records',
} as const;

/** The casino's operator calls: tables, rounds, profit, vendors and who is playing. */
const casinoAdminApi = {
  adminCasinoTables: '/api/admin/v1/casino/tables',
  adminCasinoTableOpen: '/api/admin/v1/casino/tables/:code/open',
  adminCasinoTableClose: '/api/admin/v1/casino/tables/:code/close',
  adminCasinoTableLimits: '/api/admin/v1/casino/tables/:code/limits',
  adminCasinoTableRounds: '/api/admin/v1/casino/tables/:code/rounds',
  adminCasinoProfit: '/api/admin/v1/casino/profit',
  adminVendors: '/api/admin/v1/vendors',
  adminVendorMaintenance: '/api/admin/v1/vendors/:platform/maintenance',
  adminGamePlayers: '/api/admin/v1/games/players',
} as const;

/** The casino (issue 22), pure like sportsApi. */
export const casinoApi = /* @__PURE__ */ Object.assign({}, casinoMemberApi, casinoAdminApi);

/**
 * Rewards (issue 23): VIP, tasks, promotions and codes, and what a member received. The spec's calls keep their
 * paths character for character (the task calls are sent as JSON); the rest are ours. Each programme adds its calls
 * to its own block.
 */
const vipMemberApi = {
  /** GET: the levels with their thresholds and privileges, and the member's own level (spec). */
  vips: '/api/findmed/v1/member/vips',
  /** GET: every level's privileges side by side, and the member's own level (spec). */
  vipsList: '/api/findmed/v1/member/vips/list',
  /** POST: the member sets their birthday, once. */
  vipBirthday: '/api/f/v1/vip/birthday',
  // VIP payouts (wages, birthday bonus, rebate) the member claims:
  /** GET: the member's payouts waiting to be claimed. */
  vipPayouts: '/api/f/v1/vip/payouts',
  /** POST: claims one (`id`). */
  vipPayoutClaim: '/api/f/v1/vip/payouts/claim',
  /** POST: claims every one waiting. */
  vipPayoutClaimAll: '/api/f/v1/vip/payouts/claim-all',
} as const;
const vipAdminApi = {
  /** GET: the level table; PUT: replace it whole. */
  adminVipLevels: '/api/admin/v1/vip/levels',
  adminVipLevelsSave: '/api/admin/v1/vip/levels',
  /** GET: a member's VIP standing. */
  adminVipMember: '/api/admin/v1/vip/members/:id',
  /** PUT: change a member's birthday. */
  adminVipBirthday: '/api/admin/v1/vip/members/:id/birthday',
  // VIP payouts' jobs:
  /** GET: how each kind pays (auto or claim, enabled, wages' minimum turnover, claim expiry); PUT: change them. */
  adminVipPayoutSettings: '/api/admin/v1/vip/payout-settings',
  adminVipPayoutSettingsSave: '/api/admin/v1/vip/payout-settings',
  /** GET: the payout runs with their totals, newest first. */
  adminVipPayoutRuns: '/api/admin/v1/vip/payout-runs',
  /** POST: runs one kind for one period now (a finished run answers its totals). */
  adminVipPayoutRun: '/api/admin/v1/vip/payout-runs',
} as const;

const taskMemberApi = {
  /** POST (spec): the task centre's head: today's activity points, the chests, the sign-in strip. */
  taskContent: '/api/findmed/v1/task/conter/content',
  /** POST (spec): the task groups (daily, weekly, newbie, once) with their tasks, `list` and `total`. */
  taskGroups: '/api/findmed/v1/task/list_group',
  /** POST (spec): the tasks of one group or tag with progress and state. */
  taskList: '/api/findmed/v1/task/list',
  /** POST (spec): the member's task rewards (tasks, chests, sign-in) by date preset, paged. */
  taskRecords: '/api/findmed/v1/task/member_record',
  /** POST (spec): claims one task's reward (`id`). */
  taskReceive: '/api/findmed/v1/task/list/receive',
  /** POST (spec): opens a chest (`id`) once today's points reach its threshold. */
  taskActiveReceive: '/api/findmed/v1/task/active/receive',
  /** POST (spec): claims every claimable task at once. */
  taskReceiveAll: '/api/findmed/v1/task/list/one_receive',
  /** POST (spec): the tags the task list filters by. */
  taskTags: '/api/findmed/v1/task/tag',
  /** POST (ours): signs in for today; the streak's day reward is paid at once. */
  taskSignIn: '/api/findmed/v1/task/sign',
} as const;
const taskAdminApi = {
  /** GET: every task template, the chests and the sign-in rewards. */
  adminTasks: '/api/admin/v1/tasks',
  /** POST: a new task template. */
  adminTaskCreate: '/api/admin/v1/tasks',
  /** PUT: changes a template (switch it off with `active: false`). */
  adminTask: '/api/admin/v1/tasks/:id',
  /** PUT: the chests (thresholds of a day's points and their rewards), replaced as a whole. */
  adminTaskChests: '/api/admin/v1/tasks/chests',
  /** PUT: the sign-in reward of each streak day (1..7). */
  adminTaskSignin: '/api/admin/v1/tasks/signin',
} as const;

const promotionMemberApi = {
  /** GET: a promotion's rule (kind, rate, cap, eligibility) beside its text on /activity/list. */
  promoRule: '/api/f/v1/promo/rule',
  /** GET: whether the member may take a promotion now (or the reason), and what it would pay. */
  promoEligibility: '/api/f/v1/promo/eligibility',
  /** POST: claim a promotion's bonus. */
  promoClaim: '/api/f/v1/promo/claim',
  /** POST: apply for an apply-for-review promotion. */
  promoApply: '/api/f/v1/promo/apply',
  /** GET: the member's claims and applications. */
  promoClaims: '/api/f/v1/promo/claims',
  /** POST: redeem a code (兑换码) for its bonus. */
  redeem: '/api/f/v1/redeem',
  /** GET: the member's redemptions (/user/redemptionRecord). */
  redemptions: '/api/f/v1/redeem/records',
  /** GET: one redemption (/user/redemptionDetail). */
  redemption: '/api/f/v1/redeem/detail',
} as const;
const promotionAdminApi = {
  /** POST: a batch of redemption codes. */
  adminCodes: '/api/admin/v1/codes',
  adminCodeBatches: '/api/admin/v1/codes/batches',
  adminCodeBatchDisable: '/api/admin/v1/codes/batches/:id/disable',
  adminPromotions: '/api/admin/v1/promotions',
  adminPromotionCreate: '/api/admin/v1/promotions/new',
  adminPromotionUpdate: '/api/admin/v1/promotions/:id',
  adminPromotionClaims: '/api/admin/v1/promotions/claims',
  adminPromotionClaimApprove: '/api/admin/v1/promotions/claims/:id/approve',
  adminPromotionClaimReject: '/api/admin/v1/promotions/claims/:id/reject',
} as const;

/** What a member received from every programme, and what each programme paid per day. */
const grantsMemberApi = {
  rewardGrants: '/api/f/v1/rewards/grants',
} as const;
const grantsAdminApi = {
  adminRewardPayouts: '/api/admin/v1/rewards/payouts',
} as const;

const rewardsMemberApi = /* @__PURE__ */ Object.assign(
  {},
  vipMemberApi,
  taskMemberApi,
  /* @__PURE__ */ Object.assign({}, promotionMemberApi, grantsMemberApi),
);

/** Rewards (issue 23), pure like sportsApi. */
export const rewardsApi = /* @__PURE__ */ Object.assign(
  {},
  rewardsMemberApi,
  /* @__PURE__ */ Object.assign({}, vipAdminApi, taskAdminApi),
  /* @__PURE__ */ Object.assign({}, promotionAdminApi, grantsAdminApi),
);

/**
 * Messages, the agent programme and operator content (issue 24). The spec's inbox calls are in `api`; the rest are
 * ours. Each part keeps its calls in its own block.
 */
const messageMemberApi = {
  /** GET: one message (`id`), marked read by opening it. */
  messageDetail: '/api/f/v1/member/message/detail',
  /** POST: marks every message read. */
  messageReadAll: '/api/f/v1/member/message/read-all',
} as const;
const messageAdminApi = {
  /** POST: sends a message (`title`, `content`, `to`: `all`, `level:<n>` or `members:<id,id,...>`). */
  adminMessageSend: '/api/admin/v1/messages',
  /** GET: the messages operators sent, newest first, with how many received and read each. */
  adminMessages: '/api/admin/v1/messages',
  /** POST: takes a sent message back out of every inbox. */
  adminMessageWithdraw: '/api/admin/v1/messages/:id/withdraw',
} as const;

const agentMemberApi = {
  /** GET: the member's invite code, link and what the programme paid them. */
  agentInfo: '/api/f/v1/agent/info',
  /** GET: the members who registered through the member's code (`level` 1) or through theirs (`level` 2). */
  agentDownline: '/api/f/v1/agent/downline',
  /** GET: the member's commission per period, newest first. */
  agentCommissions: '/api/f/v1/agent/commissions',
  /** POST: claims one period's commission (`id`) into the main wallet. */
  agentCommissionClaim: '/api/f/v1/agent/commissions/claim',
} as const;
const agentAdminApi = {
  /** GET: the commission scheme (basis, tiers, period, second-level share, multiple); PUT: replace it. */
  adminAgentSettings: '/api/admin/v1/agent/settings',
  adminAgentSettingsSave: '/api/admin/v1/agent/settings',
  /** GET: commission per agent and period (the report). */
  adminAgentCommissions: '/api/admin/v1/agent/commissions',
  /** POST: computes one period now (a finished period answers its totals). */
  adminAgentRun: '/api/admin/v1/agent/runs',
  /** GET: referrals flagged as farming (self-invite, shared device, phone or card). */
  adminAgentFlags: '/api/admin/v1/agent/flags',
  /** POST: an operator's decision on a flag (`decision`: `confirm` keeps it out of commission, `clear` lets it count). */
  adminAgentFlagDecide: '/api/admin/v1/agent/flags/:id/decide',
} as const;

const contentMemberApi = {
  /** GET: the news categories of /find. */
  newsCategories: '/api/f/v1/news/categories',
  /** GET: the brand's sponsorships (/app/sponsor). */
  sponsors: '/api/f/v1/sponsors',
} as const;
const contentAdminApi = {
  /** Announcements: GET the list, POST a new one, PUT /:id a change, DELETE /:id. */
  adminNotices: '/api/admin/v1/notices',
  adminNoticeCreate: '/api/admin/v1/notices',
  adminNoticeUpdate: '/api/admin/v1/notices/:id',
  adminNoticeDelete: '/api/admin/v1/notices/:id',
  adminBanners: '/api/admin/v1/banners',
  adminBannerCreate: '/api/admin/v1/banners',
  adminBannerUpdate: '/api/admin/v1/banners/:id',
  adminBannerDelete: '/api/admin/v1/banners/:id',
  adminNews: '/api/admin/v1/news',
  adminNewsCreate: '/api/admin/v1/news',
  adminNewsUpdate: '/api/admin/v1/news/:id',
  adminNewsDelete: '/api/admin/v1/news/:id',
  adminNewsCategories: '/api/admin/v1/news/categories',
  adminNewsCategoriesSave: '/api/admin/v1/news/categories',
  adminSponsors: '/api/admin/v1/sponsors',
  adminSponsorCreate: '/api/admin/v1/sponsors',
  adminSponsorUpdate: '/api/admin/v1/sponsors/:id',
  adminSponsorDelete: '/api/admin/v1/sponsors/:id',
  /** PUT: a promotion's texts (title, summary, content) per language. */
  adminPromoTexts: '/api/admin/v1/promos/:id/texts',
  /** PUT: a game's or a game group's name per language. */
  adminGameTexts: '/api/admin/v1/games/:id/texts',
  adminGameGroupTexts: '/api/admin/v1/game-groups/:id/texts',
} as const;

const communityMemberApi = /* @__PURE__ */ Object.assign({}, messageMemberApi, agentMemberApi, contentMemberApi);

/** Messages, the agent programme and content (issue 24), pure like sportsApi. */
export const communityApi = /* @__PURE__ */ Object.assign(
  {},
  communityMemberApi,
  /* @__PURE__ */ Object.assign({}, messageAdminApi, agentAdminApi, contentAdminApi),
);

/**
 * Support (issue 25): the customer-service chat (support.ts; its live side rides `/ws`), feedback (feedback.ts),
 * the help centre and tutorials (help.ts), and the member's sign-in history and step-up checks (security.ts). Each
 * part keeps its calls in its own block.
 */
const supportMemberApi = {
  /** POST: a guest's chat identity from the site's device id (`deviceId`): a token for `/ws` and the calls below. */
  supportGuest: '/api/f/v1/support/guest',
  /** GET: the member's (or guest's) open conversation, service hours and the quick questions. */
  supportConversation: '/api/f/v1/support/conversation',
  /** GET: the conversation history (fixed name), `after`/`before` a sequence number; POST: sends a message. */
  supportMessages: '/api/f/v1/support/messages',
  supportSend: '/api/f/v1/support/messages',
  /** POST: a quick question (`articleId`) answered at once from the help centre. */
  supportQuick: '/api/f/v1/support/quick',
  /** POST: the member has read the agent's messages up to `seq`. */
  supportSeen: '/api/f/v1/support/seen',
  /** POST: the member rates a closed conversation (`score` 1-5, `comment`). */
  supportRate: '/api/f/v1/support/rate',
  /** POST: a message left outside service hours (/tutorial/leaveMsg); GET: the member's left messages and replies. */
  supportLeaveMessage: '/api/f/v1/support/leave-message',
  supportLeftMessages: '/api/f/v1/support/leave-message',
} as const;
const supportAdminApi = {
  /** GET: conversations waiting, and the calling agent's own. */
  adminSupportQueue: '/api/admin/v1/support/conversations',
  /** GET: one conversation with its messages and the member beside it (account, level, balance, latest money). */
  adminSupportConversation: '/api/admin/v1/support/conversations/:id',
  adminSupportTake: '/api/admin/v1/support/conversations/:id/take',
  adminSupportSend: '/api/admin/v1/support/conversations/:id/messages',
  adminSupportSeen: '/api/admin/v1/support/conversations/:id/seen',
  /** POST: hands the conversation to another agent (`operatorId`). */
  adminSupportTransfer: '/api/admin/v1/support/conversations/:id/transfer',
  adminSupportClose: '/api/admin/v1/support/conversations/:id/close',
  /** GET/PUT: the canned replies. */
  adminSupportCanned: '/api/admin/v1/support/canned',
  adminSupportCannedSave: '/api/admin/v1/support/canned',
  /** GET/PUT: service hours (and whether the built-in desk is on). */
  adminSupportSettings: '/api/admin/v1/support/settings',
  adminSupportSettingsSave: '/api/admin/v1/support/settings',
  /** GET: messages left outside service hours; POST: an agent's answer (the member is told in the inbox). */
  adminSupportLeftMessages: '/api/admin/v1/support/left-messages',
  adminSupportLeftMessageReply: '/api/admin/v1/support/left-messages/:id/reply',
  /** GET: the agents (operators with the support or admin role) and whether each is online. */
  adminSupportAgents: '/api/admin/v1/support/agents',
} as const;

const feedbackMemberApi = {
  /** POST: new feedback (`category` from dictionary 030, `content`, `images`: up to 3 uploaded URLs). Fixed name. */
  feedbackCreate: '/api/f/v1/feedback',
  /** GET: the member's feedback, newest first, with status. Fixed name. */
  feedbackList: '/api/f/v1/feedback/list',
  /** GET: one of the member's feedback (`id`) with the operator's reply. Fixed name. */
  feedbackDetail: '/api/f/v1/feedback/detail',
} as const;
const feedbackAdminApi = {
  /** GET: feedback filtered by status, category and member. */
  adminFeedback: '/api/admin/v1/feedback',
  /** POST: the operator's reply (`content`). Fixed name. */
  adminFeedbackReply: '/api/admin/v1/feedback/:id/reply',
  adminFeedbackClose: '/api/admin/v1/feedback/:id/close',
} as const;

const helpMemberApi = {
  /** GET: the help centre's categories with their articles' titles. */
  helpCategories: '/api/f/v1/help/categories',
  /** GET: articles matching `q` (title and text), or a category's (`category`). */
  helpSearch: '/api/f/v1/help/search',
  /** GET: one article or tutorial by `slug` (the tutorial routes' names: `sportRules`, `games/answer`, ...). */
  helpArticle: '/api/f/v1/help/article',
} as const;
const helpAdminApi = {
  adminHelpCategories: '/api/admin/v1/help/categories',
  adminHelpCategoriesSave: '/api/admin/v1/help/categories',
  adminHelpArticles: '/api/admin/v1/help/articles',
  adminHelpArticleCreate: '/api/admin/v1/help/articles',
  adminHelpArticleUpdate: '/api/admin/v1/help/articles/:id',
  adminHelpArticleDelete: '/api/admin/v1/help/articles/:id',
} as const;

const securityMemberApi = {
  /** GET: the member's recent sign-ins (time, device, area from the address). */
  loginHistory: '/api/f/v1/member/login-history',
  /** POST: proves it is the member again (`method`: `password` or `sms`) before a sensitive change. */
  stepUp: '/api/f/v1/member/step-up',
  /** POST: sends the step-up SMS code to the bound phone. */
  stepUpSms: '/api/f/v1/member/step-up/sms',
} as const;

/**
 * Player protection (issue 26): limits, time-out and self-exclusion, the reality check's session summary and the
 * activity statement; the operator's read-only view. Pure like sportsApi.
 */
const protectionMemberApi = {
  /** GET: the limits in force, raises waiting, what the periods used. PUT: sets any of them (fixed names). */
  memberLimits: '/api/f/v1/member/limits',
  memberLimitsUpdate: '/api/f/v1/member/limits',
  /** POST `key`: confirms a raise or removal whose 24 hours have passed. */
  memberLimitsConfirm: '/api/f/v1/member/limits/confirm',
  /** POST `key`: drops a raise or removal still waiting. */
  memberLimitsCancel: '/api/f/v1/member/limits/cancel',
  /** POST: a time-out or self-exclusion (`kind`, `days`, the encrypted sign-in `password`); ends every session. */
  memberExclusion: '/api/f/v1/member/exclusion',
  /** GET: this session's start and net result, for the reality check. */
  memberSession: '/api/f/v1/member/session',
  /** GET `months` (1, 3, 12): deposits, withdrawals, stakes, payouts and net. */
  memberStatement: '/api/f/v1/member/statement',
  /** GET `months`: the same as CSV (text/csv, not the envelope). */
  memberStatementCsv: '/api/f/v1/member/statement.csv',
} as const;
const protectionAdminApi = {
  /** GET: a member's limits and exclusions, read-only. */
  adminMemberProtection: '/api/admin/v1/members/:id/protection',
  /** POST: always refused for a self-exclusion or time-out in force (EXCLUSION_LOCKED); the attempt is audited. */
  adminMemberExclusionLift: '/api/admin/v1/members/:id/exclusion/lift',
} as const;

export const protectionApi = /* @__PURE__ */ Object.assign({}, protectionMemberApi, protectionAdminApi);

const supportMemberCalls = /* @__PURE__ */ Object.assign(
  {},
  /* @__PURE__ */ Object.assign({}, supportMemberApi, feedbackMemberApi),
  /* @__PURE__ */ Object.assign({}, helpMemberApi, securityMemberApi),
);

/** Support, feedback, help and sign-in security (issue 25), pure like sportsApi. */
export const supportApi = /* @__PURE__ */ Object.assign(
  {},
  supportMemberCalls,
  /* @__PURE__ */ Object.assign({}, supportAdminApi, feedbackAdminApi, helpAdminApi),
);

/**
 * The sportsbook (issue 9). The member calls and the operator's manual feed and risk desk. Built with a call marked
 * pure (an object spread is not, to the bundler), so a site that never reads it does not ship the console's paths.
 */
export const sportsApi = /* @__PURE__ */ Object.assign({}, sportsMemberApi, sportsAdminApi);

/** The operator console's own calls (issue 27, packages/contract/src/console), pure like sportsApi. */
export const consoleApi = /* @__PURE__ */ Object.assign(
  {},
  /* @__PURE__ */ Object.assign({}, operatorsConsoleApi, insightConsoleApi, membersConsoleApi),
  /* @__PURE__ */ Object.assign({}, moneyConsoleApi, gamesConsoleApi, marketingConsoleApi),
);

/** Every path by its call's name: the endpoint table's (endpoints.ts) and so the server's. Pure, like sportsApi. */
export const paths = /* @__PURE__ */ Object.assign(
  {},
  /* @__PURE__ */ Object.assign({}, api, adminApi),
  /* @__PURE__ */ Object.assign({}, walletApi, walletAdminApi),
  // Object.assign is typed for up to three sources.
  /* @__PURE__ */ Object.assign(
    {},
    /* @__PURE__ */ Object.assign({}, sportsApi, casinoApi),
    /* @__PURE__ */ Object.assign(
      {},
      rewardsApi,
      communityApi,
      /* @__PURE__ */ Object.assign({}, supportApi, protectionApi, consoleApi),
    ),
  ),
);
export type PathName = keyof typeof paths;

/**
 * The paths the site's typed calls (shared/api/client.ts) look up at run time. Plain strings, no schemas: the site's
 * first screen loads this, not endpoints.ts; the sportsbook console's paths stay out of it, as the site never calls
 * them.
 */
export const sitePaths = {
  ...api,
  ...walletApi,
  ...sportsMemberApi,
  ...casinoMemberApi,
  ...rewardsMemberApi,
  ...communityMemberApi,
  ...supportMemberCalls,
  ...protectionMemberApi,
} as const;
export type SitePathName = keyof typeof sitePaths;

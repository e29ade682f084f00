import { gamesConsoleAccess } from './console/games.paths';
import { insightConsoleAccess } from './console/insight.paths';
import { marketingConsoleAccess } from './console/marketing.paths';
import { membersConsoleAccess } from './console/members.paths';
import { moneyConsoleAccess } from './console/money.paths';
import { operatorsConsoleAccess } from './console/operators.paths';
import type { OperatorRole, RoleGroup } from './operator-access';
import { ROLE_GROUPS } from './operator-access';
import type { paths } from './paths';

/** The name of every operator call: each call of `paths` whose path starts with `/api/admin/`. */
export type AdminCallName = {
  [K in keyof typeof paths]: (typeof paths)[K] extends `/api/admin/${string}` ? K : never;
}[keyof typeof paths];

/**
 * The operator calls a caller makes before having a session: the server registers them without the role check (the
 * sign-in itself). Every other `/api/admin/...` call needs a live operator session whose role is in its group.
 */
export const OPEN_ADMIN_CALLS: readonly AdminCallName[] = ['adminLogin'];

/**
 * The calls an operator who must enrol a second factor (OPERATOR_OTP=required, an admin or finance operator without
 * one) may still make: who am I, sign out, and the enrolment itself. Every other call answers OTP_ENROL_REQUIRED.
 */
export const ENROLMENT_CALLS: readonly AdminCallName[] = [
  'adminMe',
  'adminLogout',
  'adminRevokeAllSessions',
  'adminMyOtpStart',
  'adminMyOtpConfirm',
];

/** The calls that existed before the console (issue 27), by area. */
const foundationAccess = {
  adminLogin: 'anyone',
  adminMe: 'anyone',
  adminLogout: 'anyone',
  adminRevokeAllSessions: 'anyone',
  adminRevokeOperatorSessions: 'admin',
  adminApprovals: 'money',
  adminApprovalApprove: 'money',
  adminApprovalReject: 'money',
  adminMembers: 'memberViewers',
  adminMemberRealName: 'support',
  adminOutbox: 'support',
  adminPageViews: 'reports',
  adminMemberProtection: 'memberViewers',
  adminMemberExclusionLift: 'memberViewers',
} as const;

const moneyAccess = {
  adminAdjust: 'money',
  adminMemberWallet: 'moneyViewers',
  adminWaiveTurnover: 'money',
  adminDeposits: 'moneyViewers',
  adminDepositConfirm: 'money',
  adminDepositReject: 'money',
  adminWithdrawals: 'moneyViewers',
  adminWithdrawalAccept: 'money',
  adminWithdrawalPay: 'money',
  adminWithdrawalRefuse: 'money',
  adminWalletSettings: 'moneyViewers',
  adminSaveWalletSettings: 'money',
  adminDepositChannels: 'moneyViewers',
  adminSaveDepositChannel: 'money',
  adminReconcile: 'money',
  adminSummary: 'reports',
  adminLedgerCheck: 'money',
  adminDepositPayments: 'moneyViewers',
  adminDepositPaymentAssign: 'money',
  adminDepositPaymentDismiss: 'money',
  adminRewardPayouts: 'marketingViewers',
} as const;

const tradingAccess = {
  adminSportsEvents: 'tradingViewers',
  adminSportsCreateEvent: 'trading',
  adminSportsEvent: 'tradingViewers',
  adminSportsAddMarkets: 'trading',
  adminSportsEventSuspend: 'trading',
  adminSportsEventResume: 'trading',
  adminSportsEventLive: 'trading',
  adminSportsEventResult: 'trading',
  adminSportsEventCancel: 'trading',
  adminSportsLiability: 'tradingViewers',
  adminSportsMarketSuspend: 'trading',
  adminSportsMarketResume: 'trading',
  adminSportsMarketVoid: 'trading',
  adminSportsMarketPrices: 'trading',
  adminSportsMemberBets: 'memberViewers',
  adminSportsSettings: 'tradingViewers',
  adminSaveSportsSettings: 'trading',
  adminSportsEventCashouts: 'tradingViewers',
  adminCasinoTables: 'tradingViewers',
  adminCasinoTableOpen: 'trading',
  adminCasinoTableClose: 'trading',
  adminCasinoTableLimits: 'trading',
  adminCasinoTableRounds: 'tradingViewers',
  adminCasinoProfit: 'tradingViewers',
  adminVendors: 'tradingViewers',
  adminVendorMaintenance: 'trading',
  adminGamePlayers: 'tradingViewers',
} as const;

const marketingAccess = {
  adminVipLevels: 'marketingViewers',
  adminVipLevelsSave: 'marketing',
  adminVipMember: 'memberViewers',
  adminVipBirthday: 'support',
  adminVipPayoutSettings: 'marketingViewers',
  adminVipPayoutSettingsSave: 'marketing',
  adminVipPayoutRuns: 'marketingViewers',
  adminVipPayoutRun: 'marketing',
  adminTasks: 'marketingViewers',
  adminTaskCreate: 'marketing',
  adminTask: 'marketing',
  adminTaskChests: 'marketing',
  adminTaskSignin: 'marketing',
  adminCodes: 'marketing',
  adminCodeBatches: 'marketingViewers',
  adminCodeBatchDisable: 'marketing',
  adminPromotions: 'marketingViewers',
  adminPromotionCreate: 'marketing',
  adminPromotionUpdate: 'marketing',
  adminPromotionClaims: 'marketingViewers',
  adminPromotionClaimApprove: 'marketing',
  adminPromotionClaimReject: 'marketing',
  adminMessageSend: 'marketing',
  adminMessages: 'marketing',
  adminMessageWithdraw: 'marketing',
  adminAgentSettings: 'marketingViewers',
  adminAgentSettingsSave: 'marketing',
  adminAgentCommissions: 'marketingViewers',
  adminAgentRun: 'money',
  adminAgentFlags: 'marketingViewers',
  adminAgentFlagDecide: 'money',
  adminNotices: 'marketingViewers',
  adminNoticeCreate: 'marketing',
  adminNoticeUpdate: 'marketing',
  adminNoticeDelete: 'marketing',
  adminBanners: 'marketingViewers',
  adminBannerCreate: 'marketing',
  adminBannerUpdate: 'marketing',
  adminBannerDelete: 'marketing',
  adminNews: 'marketingViewers',
  adminNewsCreate: 'marketing',
  adminNewsUpdate: 'marketing',
  adminNewsDelete: 'marketing',
  adminNewsCategories: 'marketingViewers',
  adminNewsCategoriesSave: 'marketing',
  adminSponsors: 'marketingViewers',
  adminSponsorCreate: 'marketing',
  adminSponsorUpdate: 'marketing',
  adminSponsorDelete: 'marketing',
  adminPromoTexts: 'marketing',
  adminGameTexts: 'marketing',
  adminGameGroupTexts: 'marketing',
  adminHelpCategories: 'marketingViewers',
  adminHelpCategoriesSave: 'marketing',
  adminHelpArticles: 'marketingViewers',
  adminHelpArticleCreate: 'marketing',
  adminHelpArticleUpdate: 'marketing',
  adminHelpArticleDelete: 'marketing',
} as const;

const supportAccess = {
  adminSupportQueue: 'support',
  adminSupportConversation: 'support',
  adminSupportTake: 'support',
  adminSupportSend: 'support',
  adminSupportSeen: 'support',
  adminSupportTransfer: 'support',
  adminSupportClose: 'support',
  adminSupportCanned: 'support',
  adminSupportCannedSave: 'support',
  adminSupportSettings: 'support',
  adminSupportSettingsSave: 'admin',
  adminSupportLeftMessages: 'support',
  adminSupportLeftMessageReply: 'support',
  adminSupportAgents: 'support',
  adminFeedback: 'support',
  adminFeedbackReply: 'support',
  adminFeedbackClose: 'support',
} as const;

const access = {
  ...foundationAccess,
  ...moneyAccess,
  ...tradingAccess,
  ...marketingAccess,
  ...supportAccess,
  ...operatorsConsoleAccess,
  ...insightConsoleAccess,
  ...membersConsoleAccess,
  ...moneyConsoleAccess,
  ...gamesConsoleAccess,
  ...marketingConsoleAccess,
} as const satisfies Record<AdminCallName, RoleGroup>;

/** Compile-time check the other way: every line names an operator call of `paths` (no stale names). */
type Stale = Exclude<keyof typeof access, AdminCallName>;
const noStaleLines: [Stale] extends [never] ? true : Stale = true;
void noStaleLines;

/**
 * Who may make each operator call: the role group of every `/api/admin/...` call, the calls that existed before the
 * console and the console's own (whose lines live beside their paths in console/*.paths.ts). Schema-free. The server
 * refuses every other role with 403 FORBIDDEN before the handler (apps/server/src/http/endpoint-route.ts).
 */
export const ENDPOINT_ACCESS: Readonly<Record<string, RoleGroup>> = access;

/** Whether a role may make a call; a name without a line (not an operator call) is nobody's. */
export function mayCall(role: OperatorRole, name: string): boolean {
  const group = Object.hasOwn(ENDPOINT_ACCESS, name) ? ENDPOINT_ACCESS[name] : undefined;
  return group !== undefined && (ROLE_GROUPS[group] as readonly OperatorRole[]).includes(role);
}

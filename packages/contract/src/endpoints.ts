import { z } from 'zod';
import {
  adminLoginBody,
  idParams,
  memberIdParams,
  memberSearchQuery,
  memberSummary,
  operatorMe,
  operatorSession,
  outboxItem,
  outboxQuery,
  pageViewSummary,
  pageViewsQuery,
  sessionsEnded,
} from './admin';
import { agentEndpoints } from './agent';
import {
  ack,
  forgetPasswordBody,
  freshToken,
  loginBody,
  phoneArea,
  publicKey,
  registerBody,
  smsBody,
  smsSent,
  updatePasswordBody,
} from './auth';
import { cashoutBody, cashoutQuery, cashoutQuote, cashoutResult, eventCashoutsView } from './cashout';
import {
  adminGamePlayers,
  adminProfitQuery,
  adminProfitView,
  adminRoundsPage,
  adminRoundsQuery,
  adminTableLimitsBody,
  adminTableView,
  adminVendorMaintenanceBody,
  adminVendorView,
  autoTransferBody,
  autoTransferSetting,
  casinoBetBody,
  casinoBetView,
  casinoRecordsPage,
  casinoRecordsQuery,
  chainAnswer,
  chainQuery,
  gameLaunch,
  gameLaunchBody,
  platformParams,
  roundParams,
  roundView,
  tableDetail,
  tableParams,
  tableSummary,
  vendorRecordsPage,
} from './casino';
import { gamesConsoleEndpoints } from './console/games';
import { insightConsoleEndpoints } from './console/insight';
import { INSIGHT_CSV_CALLS } from './console/insight.paths';
import { marketingConsoleEndpoints } from './console/marketing';
import { membersConsoleEndpoints } from './console/members';
import { moneyConsoleEndpoints } from './console/money';
import { operatorsConsoleEndpoints } from './console/operators';
import { contentEndpoints } from './content';
import type { EndpointSpec, Method } from './endpoint-spec';
import { feedbackEndpoints } from './feedback';
import { helpEndpoints } from './help';
import {
  adminRealNameBody,
  balance,
  bindEmailBody,
  bindPhoneBody,
  emailCodeBody,
  heartbeatBody,
  heartbeatResult,
  messageNum,
  session,
  updateProfileBody,
  uploadResult,
  userInfo,
  withdrawPasswordConfig,
} from './member';
import { messageEndpoints } from './messages';
import {
  adjustResult,
  adminDeposit,
  adminDepositChannel,
  adminWithdrawal,
  approvalView,
  assignPaymentBody,
  daySummary,
  depositChannelBody,
  depositListQuery,
  depositPaymentView,
  deskIdParams,
  ledgerCheckView,
  memberWalletView,
  reconcileResult,
  summaryQuery,
  waiveResult,
  withdrawalListQuery,
} from './money-desk';
import { type PathName, paths } from './paths';
import { promotionEndpoints } from './promotions';
import { adminProtectionView, protectionEndpoints } from './protection';
import { adminRewardPayouts, adminRewardPayoutsQuery, rewardGrantsPage, rewardGrantsQuery } from './rewards';
import { securityEndpoints } from './security';
import {
  analyticsConfig,
  gameGroup,
  homeContent,
  idQuery,
  newsDetail,
  newsListQuery,
  newsSummary,
  page,
  pageQuery,
  pageViewBody,
  preInfo,
  promoDetail,
  promoSummary,
  showQuery,
  treeNode,
  treeQuery,
} from './site';
import {
  adminCreateEventBody,
  adminEventsQuery,
  adminEventView,
  adminLiveBody,
  adminMarketsBody,
  adminPricesBody,
  adminResultBody,
  betDetail,
  betDetailQuery,
  betsPage,
  betsQuery,
  betView,
  eventDetail,
  eventSummary,
  eventsQuery,
  liabilityView,
  placeBetBody,
  sportsConfig,
  sportsMenu,
  sportsPreferencesBody,
  sportsSettings,
} from './sports';
import { supportEndpoints } from './support';
import { taskEndpoints } from './tasks';
import { vipEndpoints, vipPayoutEndpoints } from './vip';
import {
  adjustBody,
  bindCardBody,
  card,
  depositBody,
  depositCallbackBody,
  depositChannel,
  depositOrder,
  idBody,
  myAssets,
  reasonBody,
  recordsQuery,
  requiredReasonBody,
  transferBody,
  transferResult,
  venueWallet,
  walletRecord,
  walletRecordDetail,
  walletSettings,
  withdrawal,
  withdrawBody,
  withdrawInfo,
  withdrawPasswordBody,
} from './wallet';

/**
 * Every JSON call the server answers, in one table: its method, what it takes (path parameters, query, body) and
 * the `data` of the `{status: true, data}` it answers with. The server registers its routes from this table
 * (apps/server/src/http/endpoint-route.ts), so a route cannot answer without a response schema; the site calls them
 * by name (apps/web/src/shared/api/client.ts), so no call site declares its own types.
 *
 * The site imports this module only with `import type` (it carries every zod schema); at run time it looks paths up
 * in the zod-free `paths` (paths.ts). Not exported from the package's index for the same reason: import it as
 * `@jinb/contract/endpoints`.
 *
 * Not in the table, because they do not answer JSON: the captcha image (`api.captcha`), and outside /api the demo
 * media, uploaded files, the docs and the site itself.
 */

export type { EndpointSpec, Method } from './endpoint-spec';

type HasParams<Path extends string> = Path extends `${string}:${string}` ? true : false;

/** A name the paths table does not know is an error, and so is a path parameter without a schema (or the reverse). */
type Checked<T> = {
  [N in keyof T]: N extends PathName
    ? HasParams<(typeof paths)[N]> extends true
      ? { params: z.ZodType }
      : { params?: never }
    : never;
};

export type Endpoint<Spec extends EndpointSpec = EndpointSpec, Path extends string = string> = Spec & { path: Path };

/** Adds each entry's path from the paths table by its name, so a name and its path cannot drift apart. */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  specs: T & Checked<T>,
): { [N in keyof T]: Endpoint<T[N], (typeof paths)[N & PathName]> } {
  const table: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(specs as Record<string, EndpointSpec>)) {
    table[name] = { ...spec, path: paths[name as PathName] };
  }
  return table as { [N in keyof T]: Endpoint<T[N], (typeof paths)[N & PathName]> };
}

export const endpoints = defineEndpoints({
  // --- auth (login, registration, passwords) -----------------------------------------------------------------
  publicKey: { method: 'GET', response: publicKey },
  phoneArea: { method: 'GET', response: z.array(phoneArea) },
  sms: { method: 'POST', body: smsBody, response: smsSent },
  register: { method: 'POST', body: registerBody, response: session },
  login: { method: 'POST', body: loginBody, response: session },
  forgetPassword: { method: 'POST', body: forgetPasswordBody, response: ack },
  updatePassword: { method: 'POST', body: updatePasswordBody, response: freshToken },
  logout: { method: 'POST', response: ack },

  // --- the signed-in member ------------------------------------------------------------------------------------
  token: { method: 'GET', response: userInfo },
  balance: { method: 'GET', response: balance },
  messageNum: { method: 'GET', response: messageNum },
  updateProfile: { method: 'POST', body: updateProfileBody, response: userInfo },
  bindPhone: { method: 'POST', body: bindPhoneBody, response: userInfo },
  emailCode: { method: 'POST', body: emailCodeBody, response: smsSent },
  bindEmail: { method: 'POST', body: bindEmailBody, response: userInfo },
  heartbeat: { method: 'POST', body: heartbeatBody, response: heartbeatResult },
  withdrawPasswordConfig: { method: 'GET', response: withdrawPasswordConfig },
  upload: { method: 'POST', multipart: true, response: uploadResult },

  // --- site content --------------------------------------------------------------------------------------------
  preInfo: { method: 'GET', response: preInfo },
  gameList: { method: 'GET', query: showQuery, response: z.array(gameGroup) },
  homeContent: { method: 'GET', response: homeContent },
  promoList: { method: 'GET', query: pageQuery, response: page(promoSummary) },
  promoDetail: { method: 'GET', query: idQuery, response: promoDetail },
  newsList: { method: 'GET', query: newsListQuery, response: page(newsSummary) },
  newsDetail: { method: 'GET', query: idQuery, response: newsDetail },
  tree: { method: 'GET', query: treeQuery, response: z.array(treeNode) },
  analyticsConfig: { method: 'GET', response: analyticsConfig },
  pageView: { method: 'POST', body: pageViewBody, response: ack },

  // --- wallet --------------------------------------------------------------------------------------------------
  depositChannels: { method: 'GET', response: z.array(depositChannel) },
  deposit: { method: 'POST', body: depositBody, response: depositOrder },
  depositOrder: { method: 'GET', query: idQuery, response: depositOrder },
  /** The payment gateway's server-to-server callback, not the site. */
  depositCallback: { method: 'POST', body: depositCallbackBody, response: depositOrder },
  withdrawPassword: { method: 'POST', body: withdrawPasswordBody, response: ack },
  cards: { method: 'GET', response: z.array(card) },
  bindCard: { method: 'POST', body: bindCardBody, response: card },
  withdrawInfo: { method: 'GET', response: withdrawInfo },
  withdraw: { method: 'POST', body: withdrawBody, response: withdrawal },
  withdrawCancel: { method: 'POST', body: idBody, response: withdrawal },
  withdrawals: { method: 'GET', response: z.array(withdrawal) },
  transfer: { method: 'POST', body: transferBody, response: transferResult },
  recall: { method: 'POST', response: transferResult },
  walletList: { method: 'GET', query: showQuery, response: z.array(venueWallet) },
  assets: { method: 'GET', response: myAssets },
  records: { method: 'GET', query: recordsQuery, response: page(walletRecord) },
  recordDetail: { method: 'GET', query: idQuery, response: walletRecordDetail },

  // --- sportsbook ---------------------------------------------------------------------------------------------
  sportsMenu: { method: 'GET', response: sportsMenu },
  sportsEvents: { method: 'GET', query: eventsQuery, response: z.array(eventSummary) },
  sportsEvent: { method: 'GET', params: idParams, response: eventDetail },
  sportsConfig: { method: 'GET', response: sportsConfig },
  sportsPreferences: { method: 'PUT', body: sportsPreferencesBody, json: true, response: sportsConfig },
  placeBet: { method: 'POST', body: placeBetBody, json: true, response: betView },
  bets: { method: 'GET', query: betsQuery, response: betsPage },
  betDetail: { method: 'GET', query: betDetailQuery, response: betDetail },
  sportsCashoutQuote: { method: 'GET', query: cashoutQuery, response: cashoutQuote },
  sportsCashout: { method: 'POST', body: cashoutBody, response: cashoutResult },

  // --- the casino (issue 22) -------------------------------------------------------------------------------------
  gameLaunch: { method: 'POST', body: gameLaunchBody, response: gameLaunch },
  autoTransfer: { method: 'GET', response: autoTransferSetting },
  saveAutoTransfer: { method: 'POST', body: autoTransferBody, response: autoTransferSetting },
  casinoTables: { method: 'GET', response: z.array(tableSummary) },
  casinoTable: { method: 'GET', params: tableParams, response: tableDetail },
  casinoBet: { method: 'POST', body: casinoBetBody, json: true, response: casinoBetView },
  casinoBets: { method: 'GET', query: casinoRecordsQuery, response: casinoRecordsPage },
  casinoRound: { method: 'GET', params: roundParams, response: roundView },
  casinoChain: { method: 'GET', query: chainQuery, response: chainAnswer },
  vendorBets: { method: 'GET', query: casinoRecordsQuery, response: vendorRecordsPage },

  // --- demo mode only ------------------------------------------------------------------------------------------
  devOutbox: { method: 'GET', query: outboxQuery, response: z.array(outboxItem) },
  devSimulatePayment: { method: 'POST', body: idBody, response: depositOrder },

  // --- operator console ----------------------------------------------------------------------------------------
  adminLogin: { method: 'POST', body: adminLoginBody, response: operatorSession },
  adminMe: { method: 'GET', response: operatorMe },
  adminLogout: { method: 'POST', response: sessionsEnded },
  adminRevokeAllSessions: { method: 'POST', response: sessionsEnded },
  adminRevokeOperatorSessions: { method: 'POST', params: idParams, response: sessionsEnded },
  adminApprovalApprove: { method: 'POST', params: idParams, response: approvalView },
  adminApprovalReject: { method: 'POST', params: idParams, body: requiredReasonBody, response: approvalView },
  adminMembers: { method: 'GET', query: memberSearchQuery, response: z.array(memberSummary) },
  adminMemberRealName: { method: 'POST', params: memberIdParams, body: adminRealNameBody, response: userInfo },
  /** Demo mode only. */
  adminOutbox: { method: 'GET', query: outboxQuery, response: z.array(outboxItem) },
  adminPageViews: { method: 'GET', query: pageViewsQuery, response: pageViewSummary },

  // --- operator console: the money desk ------------------------------------------------------------------------
  adminAdjust: { method: 'POST', params: deskIdParams, body: adjustBody, response: adjustResult },
  adminMemberWallet: { method: 'GET', params: deskIdParams, response: memberWalletView },
  adminWaiveTurnover: { method: 'POST', params: deskIdParams, response: waiveResult },
  adminDeposits: { method: 'GET', query: depositListQuery, response: z.array(adminDeposit) },
  adminDepositConfirm: { method: 'POST', params: deskIdParams, response: depositOrder },
  adminDepositReject: { method: 'POST', params: deskIdParams, body: reasonBody, response: depositOrder },
  adminWithdrawals: { method: 'GET', query: withdrawalListQuery, response: z.array(adminWithdrawal) },
  adminWithdrawalAccept: { method: 'POST', params: deskIdParams, response: withdrawal },
  adminWithdrawalPay: { method: 'POST', params: deskIdParams, response: withdrawal },
  adminWithdrawalRefuse: { method: 'POST', params: deskIdParams, body: requiredReasonBody, response: withdrawal },
  adminWalletSettings: { method: 'GET', response: walletSettings },
  adminSaveWalletSettings: { method: 'PUT', body: walletSettings, json: true, response: walletSettings },
  adminSaveDepositChannel: {
    method: 'PUT',
    body: depositChannelBody,
    json: true,
    response: z.array(adminDepositChannel),
  },
  adminReconcile: { method: 'POST', response: reconcileResult },
  adminSummary: { method: 'GET', query: summaryQuery, response: daySummary },
  adminLedgerCheck: { method: 'GET', response: ledgerCheckView },
  adminDepositPaymentAssign: {
    method: 'POST',
    params: deskIdParams,
    body: assignPaymentBody,
    response: depositPaymentView,
  },
  adminDepositPaymentDismiss: {
    method: 'POST',
    params: deskIdParams,
    body: requiredReasonBody,
    response: depositPaymentView,
  },

  // --- operator console: the sportsbook (manual feed, trading, results, risk) ------------------------------------
  adminSportsEvents: { method: 'GET', query: adminEventsQuery, response: z.array(adminEventView) },
  adminSportsCreateEvent: { method: 'POST', body: adminCreateEventBody, json: true, response: adminEventView },
  adminSportsEvent: { method: 'GET', params: idParams, response: adminEventView },
  adminSportsAddMarkets: {
    method: 'POST',
    params: idParams,
    body: adminMarketsBody,
    json: true,
    response: adminEventView,
  },
  adminSportsEventSuspend: { method: 'POST', params: idParams, response: adminEventView },
  adminSportsEventResume: { method: 'POST', params: idParams, response: adminEventView },
  adminSportsEventLive: { method: 'POST', params: idParams, body: adminLiveBody, json: true, response: adminEventView },
  adminSportsEventResult: {
    method: 'POST',
    params: idParams,
    body: adminResultBody,
    json: true,
    response: adminEventView,
  },
  adminSportsEventCancel: { method: 'POST', params: idParams, body: reasonBody, json: true, response: adminEventView },
  adminSportsLiability: { method: 'GET', params: idParams, response: liabilityView },
  adminSportsMarketSuspend: { method: 'POST', params: idParams, response: adminEventView },
  adminSportsMarketResume: { method: 'POST', params: idParams, response: adminEventView },
  adminSportsMarketVoid: { method: 'POST', params: idParams, body: reasonBody, json: true, response: adminEventView },
  adminSportsMarketPrices: {
    method: 'POST',
    params: idParams,
    body: adminPricesBody,
    json: true,
    response: adminEventView,
  },
  adminSportsMemberBets: { method: 'GET', params: idParams, query: betsQuery, response: z.array(betView) },
  adminSportsSettings: { method: 'GET', response: sportsSettings },
  adminSaveSportsSettings: { method: 'PUT', body: sportsSettings, json: true, response: sportsSettings },
  adminSportsEventCashouts: { method: 'GET', params: idParams, response: eventCashoutsView },

  // --- the casino's operator calls -------------------------------------------------------------------------------
  adminCasinoTables: { method: 'GET', response: z.array(adminTableView) },
  adminCasinoTableOpen: { method: 'POST', params: tableParams, response: adminTableView },
  adminCasinoTableClose: { method: 'POST', params: tableParams, response: adminTableView },
  adminCasinoTableLimits: {
    method: 'PUT',
    params: tableParams,
    body: adminTableLimitsBody,
    json: true,
    response: adminTableView,
  },
  adminCasinoTableRounds: { method: 'GET', params: tableParams, query: adminRoundsQuery, response: adminRoundsPage },
  adminCasinoProfit: { method: 'GET', query: adminProfitQuery, response: adminProfitView },
  adminVendors: { method: 'GET', response: z.array(adminVendorView) },
  adminVendorMaintenance: {
    method: 'POST',
    params: platformParams,
    body: adminVendorMaintenanceBody,
    response: adminVendorView,
  },
  adminGamePlayers: { method: 'GET', response: adminGamePlayers },

  // --- rewards (issue 23): each programme's calls live beside its schemas -------------------------------------
  ...vipEndpoints,
  ...vipPayoutEndpoints,
  ...taskEndpoints,
  ...promotionEndpoints,
  ...messageEndpoints,
  ...agentEndpoints,
  ...contentEndpoints,
  ...supportEndpoints,
  ...feedbackEndpoints,
  ...helpEndpoints,
  ...securityEndpoints,
  ...protectionEndpoints,
  ...operatorsConsoleEndpoints,
  ...insightConsoleEndpoints,
  ...membersConsoleEndpoints,
  ...moneyConsoleEndpoints,
  ...gamesConsoleEndpoints,
  ...marketingConsoleEndpoints,
  adminMemberProtection: { method: 'GET', params: memberIdParams, response: adminProtectionView },
  adminMemberExclusionLift: { method: 'POST', params: memberIdParams, response: ack },
  rewardGrants: { method: 'GET', query: rewardGrantsQuery, response: rewardGrantsPage },
  adminRewardPayouts: { method: 'GET', query: adminRewardPayoutsQuery, response: adminRewardPayouts },
});

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** Names of the paths table that are not calls of the table (they answer something other than JSON). */
export const NOT_JSON: readonly PathName[] = ['captcha', 'memberStatementCsv', ...INSIGHT_CSV_CALLS];

type Field<N extends EndpointName, F extends 'params' | 'query' | 'body'> = Endpoints[N] extends {
  [K in F]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** What a caller sends (before the server's parsing: coercions and defaults not yet applied). */
export type Query<N extends EndpointName> =
  Field<N, 'query'> extends z.ZodType ? z.input<Field<N, 'query'>> : undefined;
export type Body<N extends EndpointName> = Field<N, 'body'> extends z.ZodType ? z.input<Field<N, 'body'>> : undefined;
export type Params<N extends EndpointName> =
  Field<N, 'params'> extends z.ZodType ? z.input<Field<N, 'params'>> : undefined;

/** What the handler receives once the server has parsed it. */
export type ParsedQuery<N extends EndpointName> =
  Field<N, 'query'> extends z.ZodType ? z.output<Field<N, 'query'>> : unknown;
export type ParsedBody<N extends EndpointName> =
  Field<N, 'body'> extends z.ZodType ? z.output<Field<N, 'body'>> : unknown;
export type ParsedParams<N extends EndpointName> =
  Field<N, 'params'> extends z.ZodType ? z.output<Field<N, 'params'>> : unknown;

/** The `data` a successful call resolves with. */
export type Result<N extends EndpointName> = z.output<Endpoints[N]['response']>;
/** The `data` a handler may answer with (before the response schema's own transforms, of which there are none). */
export type Answer<N extends EndpointName> = z.input<Endpoints[N]['response']>;

/** The names of the calls made with this method. */
export type EndpointsWith<M extends Method> = {
  [N in EndpointName]: Endpoints[N]['method'] extends M ? N : never;
}[EndpointName];
export type GetEndpoint = EndpointsWith<'GET'>;
export type PostEndpoint = EndpointsWith<'POST'>;
export type PutEndpoint = EndpointsWith<'PUT'>;
/** Calls whose body is a file (FormData on the site). */
export type MultipartEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { multipart: true } ? N : never;
}[EndpointName];

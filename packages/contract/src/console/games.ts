import { z } from 'zod';
import { idParams } from '../admin';
import type { EndpointSpec } from '../endpoint-spec';
import { BET_STATUSES, BET_TYPES, EVENT_STATUSES, MARKET_TYPES, PERIODS, SPORTS } from '../sports-vocabulary';

/**
 * The entries of games.paths.ts's calls in the endpoint table: the trading desk's event table and an event's bets,
 * the vendors' callbacks log and reconciliation. Lists answer `{ rows, total }` and take `page`, `pageSize` and `sort`.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');
const id = z.string().regex(/^\d{1,18}$/);
const page = z.coerce.number<string | number>().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number<string | number>().int().min(1).max(100).default(20);
/** A platform day, YYYY-MM-DD (the platform's time zone). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'DATE_INVALID' });

/** `field` or `-field` among these, or empty for the list's own order. */
function sortOf<const T extends readonly string[]>(fields: T) {
  return z
    .string()
    .regex(new RegExp(`^(-?(${fields.join('|')}))?$`), { error: 'BAD_REQUEST' })
    .optional()
    .default('');
}

/** An empty filter (a cleared select sends '') means every value. */
function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal('')], { error: 'STATUS_UNKNOWN' })
    .optional()
    .default('');
}

// --- the trading desk ---------------------------------------------------------------------------------------------

export const TRADING_EVENT_SORTS = ['startTime', 'openStake', 'openBets', 'id'] as const;

export const tradingEventsQuery = z.object({
  page,
  pageSize,
  /** Without it: what is running or to come first (soonest first), then the rest newest first. */
  sort: sortOf(TRADING_EVENT_SORTS),
  sport: optionalEnum(SPORTS),
  /** The competition (league) id. */
  competition: z
    .union([id, z.literal('')], { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
  status: optionalEnum(EVENT_STATUSES),
  /** Events starting on this platform day. */
  day: z
    .union([day, z.literal('')])
    .optional()
    .default(''),
  /** Home, away or competition containing this text. */
  q: z.string().trim().max(40).optional().default(''),
});
export type TradingEventsQuery = z.input<typeof tradingEventsQuery>;

export const tradingEventRow = z.object({
  id,
  sport: z.enum(SPORTS),
  competition: z.object({ id, name: z.string() }),
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
  status: z.enum(EVENT_STATUSES),
  feed: z.string(),
  /** The score so far (live) or the result's full time (finished, settled); null before kick-off. */
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  resultVersion: z.number().int(),
  markets: z.number().int(),
  /** Markets suspended now. */
  suspendedMarkets: z.number().int(),
  /** Open bets with a leg on the event, and their total stake. */
  openBets: z.number().int(),
  openStake: money,
});
export type TradingEventRow = z.infer<typeof tradingEventRow>;

export const tradingCompetitionsQuery = z.object({ sport: optionalEnum(SPORTS) });
export const tradingCompetition = z.object({ id, sport: z.enum(SPORTS), name: z.string(), events: z.number().int() });
export type TradingCompetition = z.infer<typeof tradingCompetition>;

export const TRADING_BET_SORTS = ['placedAt', 'totalStake', 'potentialPayout'] as const;

export const tradingEventBetsQuery = z.object({
  page,
  pageSize,
  /** Newest first without it. */
  sort: sortOf(TRADING_BET_SORTS),
  /** `open` includes the in-play bets still in their delay (`pending`). */
  status: optionalEnum(BET_STATUSES),
});
export type TradingEventBetsQuery = z.input<typeof tradingEventBetsQuery>;

export const tradingEventBetRow = z.object({
  id,
  orderNo: z.string(),
  memberId: id,
  account: z.string(),
  type: z.enum(BET_TYPES),
  system: z.string().nullable(),
  status: z.enum(BET_STATUSES),
  totalStake: money,
  potentialPayout: money,
  payout: money.nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  /** How many legs the bet has in all; `legs` are only those on this event. */
  legCount: z.number().int(),
  legs: z.array(
    z.object({
      marketId: id,
      type: z.enum(MARKET_TYPES),
      period: z.enum(PERIODS),
      line: z.string().nullable(),
      side: z.string(),
      odds: z.string(),
      outcome: z.string().nullable(),
    }),
  ),
});
export type TradingEventBetRow = z.infer<typeof tradingEventBetRow>;

// --- the vendors ----------------------------------------------------------------------------------------------------

export const VENDOR_CALLBACK_ACTIONS = ['bet', 'win', 'rollback'] as const;
const platform = z
  .string()
  .regex(/^([a-z0-9]{2,20})?$/, { error: 'VENUE_UNKNOWN' })
  .optional()
  .default('');

export const vendorCallbacksQuery = z.object({
  page,
  pageSize,
  /** Newest first without it. */
  sort: sortOf(['createdAt'] as const),
  platform,
  action: optionalEnum(VENDOR_CALLBACK_ACTIONS),
  /** The answer's code: OK, INSUFFICIENT_FUNDS, ... */
  code: z
    .string()
    .regex(/^([A-Z_]{2,40})?$/, { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
  /** The member's account (exact). */
  account: z.string().trim().max(40).optional().default(''),
  txId: z.string().trim().max(128).optional().default(''),
});
export type VendorCallbacksQuery = z.input<typeof vendorCallbacksQuery>;

export const vendorCallbackRow = z.object({
  id,
  platform: z.string(),
  txId: z.string(),
  action: z.enum(VENDOR_CALLBACK_ACTIONS),
  memberId: id,
  account: z.string(),
  /** What we answered: OK or the refusal. */
  code: z.string(),
  /** The member's balance in the answer, when it had one. */
  balance: money.nullable(),
  duplicate: z.boolean(),
  createdAt: z.string(),
});
export type VendorCallbackRow = z.infer<typeof vendorCallbackRow>;

export const vendorReconciliationQuery = z.object({
  /** Today (platform time) when left out. */
  day: day.optional(),
});

export const vendorReconciliationRow = z.object({
  platform: z.string(),
  name: z.string(),
  wallet: z.enum(['transfer', 'seamless']),
  maintenance: z.boolean(),
  /** The day's bets (placed that day; rolled-back ones not counted in stake and payout). */
  bets: z.number().int(),
  openBets: z.number().int(),
  stake: money,
  payout: money,
  /** Seamless: the same bets' stake and wins as the ledger moved them (stake less rollbacks). Transfer: null. */
  ledgerStake: money.nullable(),
  ledgerPayout: money.nullable(),
  /** Seamless: bets whose stake or payout differs from the ledger's. 0 is a clean day. */
  mismatches: z.number().int(),
  /** Transfer: the day's confirmed transfers from the main wallet to the vendor and back; those still in transit (any day). */
  toVendor: money,
  fromVendor: money,
  pendingTransfers: z.number().int(),
  pendingAmount: money,
  oldestPendingAt: z.string().nullable(),
});
export type VendorReconciliationRow = z.infer<typeof vendorReconciliationRow>;

export const gamesConsoleEndpoints = {
  adminTradingEvents: {
    method: 'GET',
    query: tradingEventsQuery,
    response: z.object({ rows: z.array(tradingEventRow), total: z.number().int() }),
  },
  adminTradingCompetitions: {
    method: 'GET',
    query: tradingCompetitionsQuery,
    response: z.array(tradingCompetition),
  },
  adminTradingEventBets: {
    method: 'GET',
    params: idParams,
    query: tradingEventBetsQuery,
    response: z.object({ rows: z.array(tradingEventBetRow), total: z.number().int() }),
  },
  adminVendorCallbacks: {
    method: 'GET',
    query: vendorCallbacksQuery,
    response: z.object({ rows: z.array(vendorCallbackRow), total: z.number().int() }),
  },
  adminVendorReconciliation: {
    method: 'GET',
    query: vendorReconciliationQuery,
    response: z.object({ day: z.string(), rows: z.array(vendorReconciliationRow) }),
  },
} satisfies Record<string, EndpointSpec>;

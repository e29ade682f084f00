import { ODDS_FORMATS, OUTCOMES } from '@jinb/odds';
import { z } from 'zod';
import {
  ACCEPT_ODDS,
  BET_STATUSES,
  BET_TYPES,
  EVENT_PAGE_MAX,
  EVENT_PAGE_SIZE,
  EVENT_STATUSES,
  EVENT_WINDOWS,
  MARKET_STATUSES,
  MARKET_TYPES,
  MAX_BET_LEGS,
  PERIODS,
  SPORTS,
} from './sports-vocabulary';
import { inOrder, memberAmount, recordTime } from './wallet';

/**
 * The sportsbook's calls (issue 9). Ids are decimal strings (bigints on the server), odds and money decimal strings
 * (odds at scale 4 like money: "1.95", "2.0500" is never sent, see @jinb/odds formatOdds), lines decimal strings in
 * quarter steps ("-0.25", "2.75"), times ISO 8601 strings.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');
const oddsText = z.string().describe('decimal odds, e.g. "1.95"');
const id = z.string().regex(/^\d{1,18}$/);

// --- what a member sees ---------------------------------------------------------------------------------------

export const selectionView = z.object({
  id,
  /** `home`, `draw`, `away`, `over`, `under`, `yes`, `no`, `odd`, `even`, or a score `h-a` / `other` (cs). */
  side: z.string(),
  odds: oddsText,
  /** Bumped whenever the price moves; a bet names the odds it saw, the book compares. */
  version: z.number().int(),
  /** Once the market is settled (the latest result). */
  outcome: z.enum(OUTCOMES).nullable(),
});
export type SelectionView = z.infer<typeof selectionView>;

export const marketView = z.object({
  id,
  type: z.enum(MARKET_TYPES),
  period: z.enum(PERIODS),
  /** `ah`: the home side's handicap; `ou`: the total; null for the other types. */
  line: z.string().nullable(),
  status: z.enum(MARKET_STATUSES),
  selections: z.array(selectionView),
});
export type MarketView = z.infer<typeof marketView>;

export const scoreView = z.object({ home: z.number().int(), away: z.number().int() });

export const competitionRef = z.object({ id, name: z.string() });

export const eventSummary = z.object({
  id,
  sport: z.enum(SPORTS),
  competition: competitionRef,
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
  status: z.enum(EVENT_STATUSES),
  /** The score so far (live) or the result (finished, settled); null before kick-off. */
  score: scoreView.nullable(),
  /** The match clock in minutes while live (football, basketball; tennis counts games): for the scoreboard. */
  minute: z.number().int().nullable().optional(),
  /** Every market of the event, of which `markets` carries the headline ones (match result or winner, main line). */
  marketCount: z.number().int(),
  markets: z.array(marketView),
  /** Bumped on every change of the event, its markets or prices, so a late update never moves a screen backwards. */
  version: z.number().int(),
});
export type EventSummary = z.infer<typeof eventSummary>;

export const eventDetail = eventSummary.extend({
  halfTime: scoreView.nullable(),
  /** Tennis: the games of each set, once known. */
  sets: z.array(scoreView),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const eventsQuery = z.object({
  sport: z.enum(SPORTS).optional(),
  status: z.enum(EVENT_WINDOWS, { error: 'STATUS_UNKNOWN' }).optional(),
  competition: id.optional(),
  /** Search in team and competition names. */
  q: z.string().trim().max(40).optional(),
  /** Pages of `size` events in start order; a page shorter than `size` is the last. */
  page: z.coerce.number<string | number>().int().min(1).max(1_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(EVENT_PAGE_MAX).default(EVENT_PAGE_SIZE),
});

/** The sports home's menu: per sport, how many events each list has and the competitions with events. */
export const sportsMenu = z.array(
  z.object({
    sport: z.enum(SPORTS),
    live: z.number().int(),
    today: z.number().int(),
    early: z.number().int(),
    competitions: z.array(competitionRef.extend({ events: z.number().int() })),
  }),
);
export type SportsMenu = z.infer<typeof sportsMenu>;

/** What the bet slip needs: the member's preferences and the stake limits it checks before sending. */
export const sportsConfig = z.object({
  oddsFormat: z.enum(ODDS_FORMATS),
  acceptOdds: z.enum(ACCEPT_ODDS),
  minStake: money,
  maxStake: money,
  quickStakes: z.array(money),
  maxLegs: z.number().int(),
});
export type SportsConfig = z.infer<typeof sportsConfig>;

export const sportsPreferencesBody = z.object({
  oddsFormat: z.enum(ODDS_FORMATS).optional(),
  acceptOdds: z.enum(ACCEPT_ODDS).optional(),
});

// --- bets -----------------------------------------------------------------------------------------------------

const selectionId = z.union([z.string(), z.number()], { error: 'SELECTION_UNKNOWN' }).transform((value, context) => {
  const text = String(value);
  if (!/^\d{1,18}$/.test(text)) {
    context.addIssue({ code: 'custom', message: 'SELECTION_UNKNOWN' });
    return z.NEVER;
  }
  return text;
});

export const betLegBody = z.object({
  selectionId,
  /** The odds the member saw, checked against the book's current price under `acceptOdds`. */
  odds: z.string({ error: 'ODDS_INVALID' }).max(20, { error: 'ODDS_INVALID' }),
});

export const placeBetBody = z.object({
  type: z.enum(BET_TYPES, { error: 'BET_TYPE' }),
  /** System bets: `k/n` (e.g. `2/3`) or a name (`trixie`, `yankee`, `lucky15`, ...). */
  system: z.string().max(20).optional(),
  /** Per line: a system bet of n lines costs n times this. At most 2 decimals. */
  stake: memberAmount,
  legs: z.array(betLegBody).min(1, { error: 'BET_LEGS' }).max(MAX_BET_LEGS, { error: 'BET_LEGS' }),
  acceptOdds: z.enum(ACCEPT_ODDS).default('none'),
});
export type PlaceBetBody = z.input<typeof placeBetBody>;

/**
 * The `detail` of an ODDS_CHANGED refusal (and of MARKET_SUSPENDED): each leg's price now, so the slip can show
 * what moved and accept it with one tap.
 */
export const oddsChangedDetail = z.object({
  legs: z.array(
    z.object({ selectionId: id, odds: oddsText, version: z.number().int(), status: z.enum(MARKET_STATUSES) }),
  ),
});
export type OddsChangedDetail = z.infer<typeof oddsChangedDetail>;

export const betLegView = z.object({
  selectionId: id,
  eventId: id,
  sport: z.enum(SPORTS),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
  marketId: id,
  type: z.enum(MARKET_TYPES),
  period: z.enum(PERIODS),
  line: z.string().nullable(),
  side: z.string(),
  /** The odds the bet was accepted at. */
  odds: oddsText,
  outcome: z.enum(OUTCOMES).nullable(),
  /** The result the leg was settled on (full time, or half time for a first-half market). */
  score: scoreView.nullable(),
});
export type BetLegView = z.infer<typeof betLegView>;

export const betView = z.object({
  id,
  /** What the member reads and quotes: S + the platform day it was placed + the id (as the wallet records show it). */
  orderNo: z.string(),
  type: z.enum(BET_TYPES),
  system: z.string().nullable(),
  status: z.enum(BET_STATUSES),
  /** Per line. */
  stake: money,
  lineCount: z.number().int(),
  totalStake: money,
  potentialPayout: money,
  /** Once settled (what came back to the main wallet, stake included; 0 for a lost bet). */
  payout: money.nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  /** In play: when the bet's delay ends and it is decided (status `pending` until then); null for other bets. */
  decideAt: z.string().nullable().optional(),
  legs: z.array(betLegView),
});
export type BetView = z.infer<typeof betView>;

/** One line of a bet (a parlay has one, a 2/3 three): which legs, its odds and what it pays. */
export const betLineView = z.object({
  /** Indexes into the bet's legs. */
  legs: z.array(z.number().int()),
  stake: money,
  /** The product of its legs' odds at scale 4, truncated (for display; payouts multiply exactly). */
  odds: oddsText,
  potentialPayout: money,
  payout: money.nullable(),
});

export const betDetail = betView.extend({
  lines: z.array(betLineView),
  /** The valid turnover this bet added to the member's turnover requirement once settled. */
  turnover: money,
  /** Times the bet was settled again after a corrected result. */
  resettled: z.number().int(),
});
export type BetDetail = z.infer<typeof betDetail>;

/** A page of betting records: up to 10 legs a bet, so 20 bets keep an answer within about 60 kB. */
export const BETS_PAGE_MAX = 20;

export const betsQuery = z
  .object({
    status: z.enum(BET_STATUSES, { error: 'STATUS_UNKNOWN' }).default('open'),
    startTime: recordTime,
    endTime: recordTime,
    page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
    size: z.coerce.number<string | number>().int().min(1).max(BETS_PAGE_MAX).default(20),
  })
  .refine(inOrder, { error: 'DATE_INVALID', path: ['endTime'] });

export const betsPage = z.object({
  list: z.array(betView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Over every bet the query matches, not just this page. Net is payout - stake (settled bets). */
  totals: z.object({ stake: money, payout: money, net: money }),
});
export type BetsPage = z.infer<typeof betsPage>;

export const betDetailQuery = z.object({ id: id.or(z.number().int().positive().transform(String)) });

// --- the operator console -------------------------------------------------------------------------------------

const lineText = z.string().max(10);

export const adminMarketBody = z.object({
  type: z.enum(MARKET_TYPES, { error: 'MARKET_INVALID' }),
  period: z.enum(PERIODS, { error: 'MARKET_INVALID' }).default('ft'),
  line: lineText.nullable().optional(),
  selections: z
    .array(z.object({ side: z.string().min(1).max(12), odds: oddsText.max(20) }))
    .min(2, { error: 'MARKET_INVALID' })
    .max(40, { error: 'MARKET_INVALID' }),
});

/** The manual feed: one event with its markets and prices (the competition is found or created by name). */
export const adminCreateEventBody = z.object({
  sport: z.enum(SPORTS, { error: 'MARKET_INVALID' }),
  competition: z.string().trim().min(1).max(40),
  home: z.string().trim().min(1).max(40),
  away: z.string().trim().min(1).max(40),
  startTime: z.iso.datetime({ offset: true }),
  markets: z.array(adminMarketBody).max(200).default([]),
});

export const adminMarketsBody = z.object({ markets: z.array(adminMarketBody).min(1).max(200) });

/** A price change by hand: each selection's new odds (its version moves). */
export const adminPricesBody = z.object({
  selections: z
    .array(z.object({ id, odds: oddsText.max(20) }))
    .min(1)
    .max(40),
});

const goals = z.number().int().min(0).max(999);

/** Full time (`home`, `away`) and half time when known; tennis: the sets. Posting again corrects and resettles. */
export const adminResultBody = z.object({
  home: goals.optional(),
  away: goals.optional(),
  htHome: goals.optional(),
  htAway: goals.optional(),
  sets: z
    .array(z.object({ home: goals, away: goals }))
    .max(5)
    .optional(),
  bestOf: z.union([z.literal(3), z.literal(5)]).optional(),
});

/**
 * Where a football or basketball match stands for the manual feed: the first half, half time, the second half. It
 * only moves forward; leaving the first half fixes the half-time score and closes the first-half markets.
 */
export const LIVE_PHASES = ['1h', 'ht', '2h'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

/** The manual feed in play: the score so far, the match clock (issue 21) and, left out when unchanged, the phase. */
export const adminLiveBody = z.object({
  home: goals,
  away: goals,
  minute: z.coerce.number<string | number>().int().min(0).max(200),
  phase: z.enum(LIVE_PHASES, { error: 'VALIDATION' }).optional(),
});

export const adminEventsQuery = z.object({
  status: z.enum(['', ...EVENT_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  sport: z.enum(SPORTS).optional(),
});

/**
 * What the house pays out if each selection wins, from the open bets: a single or a parlay in full on every leg, a
 * system bet only its lines with that leg.
 */
export const liabilityView = z.object({
  eventId: id,
  openBets: z.number().int(),
  openStake: money,
  markets: z.array(
    z.object({
      id,
      type: z.enum(MARKET_TYPES),
      period: z.enum(PERIODS),
      line: z.string().nullable(),
      status: z.enum(MARKET_STATUSES),
      selections: z.array(
        z.object({
          id,
          side: z.string(),
          odds: oddsText,
          bets: z.number().int(),
          stake: money,
          /** What open bets would pay if this selection won and every other leg of its lines did too. */
          payout: money,
          /** Stake taken on the market minus that payout: negative is what the house would lose. */
          net: money,
          /** That payout beyond the stakes of those lines, and the cap it may not pass (the liability limit). */
          liability: money,
          cap: money,
        }),
      ),
    }),
  ),
});
export type LiabilityView = z.infer<typeof liabilityView>;

const limitsShape = {
  minStake: money,
  maxStake: money,
  /** Most a single bet may pay (potential payout). */
  maxPayout: money,
  /** Most one member's bets placed in one platform day may pay together. */
  maxDailyPayout: money,
  /**
   * Most one selection may lose the house: the potential payouts beyond the stakes of the open bet lines it is part
   * of. A bet that would pass it is refused (LIABILITY_LIMIT) and the market suspended. Settings saved before it
   * existed use the default.
   */
  maxLiability: money.optional(),
};
export const sportsLimits = z.object(limitsShape);
export type SportsLimits = z.infer<typeof sportsLimits>;
const limitsOverride = z.object(limitsShape).partial();

/** The book's operator settings: limits (the tightest of default, each leg's sport and market type apply), margin. */
export const sportsSettings = z.object({
  limits: sportsLimits,
  bySport: z.partialRecord(z.enum(SPORTS), limitsOverride).default({}),
  byMarketType: z.partialRecord(z.enum(MARKET_TYPES), limitsOverride).default({}),
  /** Bets below these odds (a line's combined odds) add no valid turnover. */
  minTurnoverOdds: oddsText,
  /** The simulated feed's overround (0.05 = 5%), and on correct score. */
  margin: z.object({ overround: z.number().min(0).max(0.5), correctScore: z.number().min(0).max(1) }),
  quickStakes: z.array(money).max(6),
  /** In play (issue 21): the seconds an in-play bet is held before it stands, per sport (default 5). */
  inPlay: z.object({ betDelay: z.partialRecord(z.enum(SPORTS), z.number().int().min(0).max(60)) }).optional(),
  /**
   * Cash out (issue 21): on or off, off for some sports or market types, the margin taken from a bet's fair value
   * (0.05 = 5%), and how far the value may move between the quote and the acceptance (0.02 = 2%).
   */
  cashout: z
    .object({
      enabled: z.boolean(),
      offSports: z.array(z.enum(SPORTS)).max(SPORTS.length),
      offMarketTypes: z.array(z.enum(MARKET_TYPES)).max(MARKET_TYPES.length),
      margin: z.number().min(0).max(0.5),
      tolerance: z.number().min(0).max(0.5),
    })
    .optional(),
});
export type SportsSettings = z.infer<typeof sportsSettings>;

export const adminEventView = eventDetail.extend({
  feed: z.string(),
  markets: z.array(marketView),
  /** How many results were posted (a correction makes it 2, ...). */
  resultVersion: z.number().int(),
  /** In play on the manual feed: the match's phase (football, basketball); null before kick-off and for tennis. */
  phase: z.enum(LIVE_PHASES).nullable().optional(),
});
export type AdminEventView = z.infer<typeof adminEventView>;

/**
 * The sportsbook's fixed words (issue 9 fixes the type and side names; our outside checks use them). A module
 * without zod: the site reads it at run time (tabs, labels) and the server's book, pricing and settlement import it.
 */
export const SPORTS = ['football', 'basketball', 'tennis'] as const;
export type Sport = (typeof SPORTS)[number];

/** `ft` is the whole match (basketball: overtime included); `1h` the first half. */
export const PERIODS = ['ft', '1h'] as const;
export type Period = (typeof PERIODS)[number];

export const MARKET_TYPES = ['1x2', 'ah', 'ou', 'btts', 'oe', 'cs', 'ml'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/**
 * Which market types each sport offers, and for which periods. The unit a line counts in follows the sport: goals in
 * football, points in basketball; in tennis `ml` is the match winner, `ah` the set handicap (a line in sets) and `ou`
 * the total games (a tie-break counts as one game, so 7-6 is 13). The server's market check and the console's
 * add-market form read the same table.
 */
export const MARKETS_BY_SPORT: Record<Sport, Partial<Record<MarketType, readonly Period[]>>> = {
  football: {
    '1x2': ['ft', '1h'],
    ah: ['ft', '1h'],
    ou: ['ft', '1h'],
    btts: ['ft', '1h'],
    oe: ['ft', '1h'],
    cs: ['ft', '1h'],
  },
  basketball: { ml: ['ft', '1h'], ah: ['ft', '1h'], ou: ['ft', '1h'] },
  tennis: { ml: ['ft'], ah: ['ft'], ou: ['ft'] },
};

/** The sides of every type but `cs` (which lists its own scores), in the order a market lists them. */
export const FIXED_SIDES = {
  '1x2': ['home', 'draw', 'away'],
  ah: ['home', 'away'],
  ml: ['home', 'away'],
  ou: ['over', 'under'],
  btts: ['yes', 'no'],
  oe: ['odd', 'even'],
} as const satisfies Record<Exclude<MarketType, 'cs'>, readonly string[]>;

/**
 * An event is scheduled until kick-off, live while it runs (suspended when the feed stops trading it), finished when
 * the result is in, settled once every bet on it is paid, or cancelled (its bets void).
 */
export const EVENT_STATUSES = ['scheduled', 'live', 'suspended', 'finished', 'settled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Only an open market takes bets; settled and void are final until a corrected result reopens the settlement. */
export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'void'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** The lists of the sports home: in play now, starting later today (platform day), and the days after. */
export const EVENT_WINDOWS = ['live', 'today', 'early'] as const;
export type EventWindow = (typeof EVENT_WINDOWS)[number];
/** A sports home list comes in pages: a few screens on a phone, never more than a hundred events. */
export const EVENT_PAGE_SIZE = 30;
export const EVENT_PAGE_MAX = 100;

export const BET_TYPES = ['single', 'parlay', 'system'] as const;
export type BetType = (typeof BET_TYPES)[number];

/** What the member accepts when a price moved between the slip and the book: nothing, better prices, any price. */
export const ACCEPT_ODDS = ['none', 'higher', 'any'] as const;
export type AcceptOdds = (typeof ACCEPT_ODDS)[number];

/**
 * `pending`: an in-play bet in its delay (its stake already held); then `open` (it stands) or `refused` (its
 * markets were suspended or its prices moved beyond the member's policy: the stake came back). `cashed_out`: the
 * member took the whole cash-out quote (a partial one leaves the bet open at its reduced stake).
 */
export const BET_STATUSES = ['pending', 'open', 'settled', 'refused', 'cashed_out'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** The most legs a parlay or a system bet may have. */
export const MAX_BET_LEGS = 10;

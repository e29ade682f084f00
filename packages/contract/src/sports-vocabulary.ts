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

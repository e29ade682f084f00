import { FIXED_SIDES, MARKETS_BY_SPORT, type MarketType, type Period, SPORTS, type Sport } from '@jinb/contract';
import { type Line, MAX_LINE, type Odds } from '@jinb/odds';

export type { MarketType, Period, Sport } from '@jinb/contract';
/**
 * The book's fixed vocabulary: sports, periods, market types and the sides of each. Issue 9 fixes the type and side
 * names (our outside checks use them); pricing, settlement, the manual feed and the site all read them from here.
 */
export { FIXED_SIDES, MARKET_TYPES, MARKETS_BY_SPORT, PERIODS, SPORTS } from '@jinb/contract';

/** A correct-score market lists scores "home-away" and may add "other": every score it does not list. */
export const CS_OTHER = 'other';
const SCORE_SIDE = /^(0|[1-9]\d?)-(0|[1-9]\d?)$/;

export function parseScoreSide(side: string): { home: number; away: number } | null {
  const match = SCORE_SIDE.exec(side);
  return match ? { home: Number(match[1]), away: Number(match[2]) } : null;
}

/** Types whose market has a line: `ah` the home side's handicap (the away side gets its negative), `ou` the total. */
export function hasLine(type: MarketType): boolean {
  return type === 'ah' || type === 'ou';
}

/** A market as settlement and pricing see it: its line in quarters (null when the type has none) and its sides. */
export interface MarketSpec {
  sport: Sport;
  type: MarketType;
  period: Period;
  line: Line | null;
  sides: readonly string[];
}

export type MarketError = 'sport' | 'type' | 'period' | 'line' | 'sides';

/**
 * Whether a market can be offered and settled: the sport offers the type for the period, a line where the type needs
 * one (a total above 0) and none where it does not, and exactly the type's sides; a correct-score market distinct
 * scores written without leading zeros, and "other" at most once.
 */
export function validateMarket(spec: MarketSpec): { ok: true } | { ok: false; error: MarketError } {
  if (!(SPORTS as readonly string[]).includes(spec.sport)) return { ok: false, error: 'sport' };
  const periods = MARKETS_BY_SPORT[spec.sport][spec.type];
  if (!periods) return { ok: false, error: 'type' };
  if (!periods.includes(spec.period)) return { ok: false, error: 'period' };
  if (hasLine(spec.type) !== (spec.line !== null)) return { ok: false, error: 'line' };
  if (
    spec.line !== null &&
    (!Number.isInteger(spec.line) || Math.abs(spec.line) > MAX_LINE || (spec.type === 'ou' && spec.line <= 0))
  ) {
    return { ok: false, error: 'line' };
  }
  if (new Set(spec.sides).size !== spec.sides.length) return { ok: false, error: 'sides' };
  if (spec.type === 'cs') {
    const scores = spec.sides.filter((side) => side !== CS_OTHER);
    if (scores.length === 0 || !scores.every((side) => parseScoreSide(side))) return { ok: false, error: 'sides' };
    return { ok: true };
  }
  const fixed: readonly string[] = FIXED_SIDES[spec.type];
  if (spec.sides.length !== fixed.length || !fixed.every((side) => spec.sides.includes(side))) {
    return { ok: false, error: 'sides' };
  }
  return { ok: true };
}

/**
 * A market as a feed or an operator sends it to the book (the book validates it with validateMarket and the odds'
 * range). Odds are scale-4 integers (1.95 is 19500n), lines quarters (-0.25 is -1): see the README's integer rules.
 */
export type FeedMarket = {
  type: MarketType;
  period: Period;
  line: Line | null;
  selections: ReadonlyArray<{ side: string; odds: Odds }>;
};

/** A market's identity inside an event: its type, period and line. */
export type FeedMarketKey = { type: MarketType; period: Period; line: Line | null };

/** A market the book refused (not offerable for the sport, odds out of range) and why. */
export type RejectedMarket = { event: string; market: FeedMarketKey; error: string };

import { type Line, MAX_ODDS, MIN_ODDS, type Odds } from '@jinb/odds';
import type { MarketType, Period } from '../market-types';

/**
 * From fair probabilities to the prices the book offers. The margin (overround) is how far the implied probabilities
 * of a market's prices add up above 1: 0.05 means they sum to 1.05.
 * - proportional: every probability times 1 + margin, so every price is the fair one divided by 1 + margin;
 * - power: every probability raised to the power k < 1 that makes them sum to 1 + margin, which takes more from
 *   long shots than from favourites (the favourite-longshot bias bettors show).
 * Prices are then rounded down to 0.01 (the house's side: the overround only grows, by less than a tick per price).
 */
export type MarginMethod = 'proportional' | 'power';

export interface MarginConfig {
  /** The overround of every market, unless byType says otherwise. */
  overround: number;
  byType?: Partial<Record<MarketType, number>>;
  method: MarginMethod;
}

/** 5% on the main markets, more on correct score, whose many long shots are harder to price. */
export const DEFAULT_MARGIN: MarginConfig = { overround: 0.05, byType: { cs: 0.15 }, method: 'power' };

/** The odds grid the book prices on: 0.01 (100 at scale 4). */
export const PRICE_TICK: Odds = 100n;

export function overroundFor(type: MarketType, config: MarginConfig): number {
  return config.byType?.[type] ?? config.overround;
}

/** The implied probabilities of the priced market: fair probabilities (summing to 1) with the overround on top. */
export function impliedProbabilities(fair: readonly number[], overround: number, method: MarginMethod): number[] {
  if (!(overround >= 0 && overround < fair.length - 1)) throw new RangeError(`overround ${overround} cannot apply`);
  if (method === 'proportional' || overround === 0) return fair.map((p) => p * (1 + overround));
  // The sum of p^k falls from the count of nonzero outcomes at k = 0 to 1 at k = 1; bisect for 1 + overround.
  const target = 1 + overround;
  const sumAt = (k: number) => fair.reduce((sum, p) => sum + (p > 0 ? p ** k : 0), 0);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const k = (low + high) / 2;
    if (sumAt(k) > target) low = k;
    else high = k;
  }
  const k = (low + high) / 2;
  return fair.map((p) => (p > 0 ? p ** k : 0));
}

/**
 * The decimal odds for an implied probability, rounded down to the 0.01 grid and capped at MAX_ODDS; null when the
 * price would be below MIN_ODDS (the book does not offer it).
 */
export function oddsFromImplied(implied: number): Odds | null {
  if (!(implied > 0)) return MAX_ODDS;
  // The small epsilon keeps an exact price (1 / 0.5 = 2) from landing a tick low through float error.
  const ticks = Math.floor(100 / implied + 1e-9);
  const odds = BigInt(Math.min(ticks, Number(MAX_ODDS / PRICE_TICK))) * PRICE_TICK;
  return odds < MIN_ODDS ? null : odds;
}

export interface FairSelection {
  side: string;
  probability: number;
}

/** A market's fair probabilities: for a two-way market with pushes, the shares of the stakes that are not pushed. */
export interface FairMarket {
  type: MarketType;
  period: Period;
  line: Line | null;
  selections: FairSelection[];
}

export interface PricedSelection extends FairSelection {
  odds: Odds;
}

export interface PricedMarket {
  type: MarketType;
  period: Period;
  line: Line | null;
  selections: PricedSelection[];
}

/** Prices a market with its overround, or null when any of its prices would fall below MIN_ODDS. */
export function priceMarket(market: FairMarket, config: MarginConfig): PricedMarket | null {
  const implied = impliedProbabilities(
    market.selections.map((selection) => selection.probability),
    overroundFor(market.type, config),
    config.method,
  );
  const selections: PricedSelection[] = [];
  for (const [i, selection] of market.selections.entries()) {
    const odds = oddsFromImplied(implied[i]!);
    if (odds === null) return null;
    selections.push({ ...selection, odds });
  }
  return { ...market, selections };
}

/** Prices every market that can be offered, dropping those with a price below MIN_ODDS. */
export function priceMarkets(markets: readonly FairMarket[], config: MarginConfig): PricedMarket[] {
  return markets.flatMap((market) => priceMarket(market, config) ?? []);
}

/** A priced market's overround as offered: the implied probabilities of its prices, summed, minus 1. */
export function marketOverround(market: PricedMarket): number {
  return market.selections.reduce((sum, selection) => sum + 10_000 / Number(selection.odds), 0) - 1;
}

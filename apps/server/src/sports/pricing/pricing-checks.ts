import { MAX_ODDS } from '@jinb/odds';
import { expect } from 'vitest';
import { type FairMarket, type MarginConfig, marketOverround, overroundFor, type PricedMarket } from './margin';

/** Test helper: every market's fair probabilities are probabilities and add up to 1. */
export function expectFairMarkets(markets: readonly FairMarket[]): void {
  for (const market of markets) {
    const sum = market.selections.reduce((total, selection) => total + selection.probability, 0);
    expect(sum, `${market.type} ${market.period} ${market.line}`).toBeCloseTo(1, 9);
    for (const selection of market.selections) expect(selection.probability).toBeGreaterThanOrEqual(-1e-12);
  }
}

/**
 * Test helper: every priced market's overround is the configured one, raised only by the rounding of each price down
 * to 0.01 (at most 1/o - 1/(o + 0.01) per price) and where a long shot was capped at 1000 (at most 1/1000 each).
 */
export function expectOverround(markets: readonly PricedMarket[], config: MarginConfig): void {
  for (const market of markets) {
    const configured = overroundFor(market.type, config);
    const rounding = market.selections.reduce((sum, { odds }) => {
      const price = Number(odds) / 10_000;
      return sum + 1 / price - 1 / (price + 0.01);
    }, 0);
    const capped = market.selections.filter((selection) => selection.odds === MAX_ODDS).length / 1000;
    const actual = marketOverround(market);
    expect(actual, `${market.type} ${market.period} ${market.line}`).toBeGreaterThanOrEqual(configured - 1e-9);
    expect(actual, `${market.type} ${market.period} ${market.line}`).toBeLessThanOrEqual(
      configured + rounding + capped + 1e-9,
    );
  }
}

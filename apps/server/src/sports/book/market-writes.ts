import type { MarketType, Period, Sport } from '@jinb/contract';
import { isOfferableOdds } from '@jinb/odds';
import type { Executor } from '../../db/database';
import { type FeedMarket, type RejectedMarket, validateMarket } from '../market-types';
import { bookRepository } from './book.repository';
import { type FeedEventState, bookWritesRepository as writes } from './book-writes.repository';
import { marketSort } from './event-views';

/**
 * Why a market cannot be offered, or null when it can: a market the sport does not have (type, period, line, sides:
 * `validateMarket`) is MARKET_INVALID, a price outside 1.01..1000 ODDS_INVALID.
 */
export function marketError(sport: Sport, market: FeedMarket): 'MARKET_INVALID' | 'ODDS_INVALID' | null {
  const valid = validateMarket({
    sport,
    type: market.type,
    period: market.period,
    line: market.line,
    sides: market.selections.map((selection) => selection.side),
  });
  if (!valid.ok) return 'MARKET_INVALID';
  if (!market.selections.every((selection) => isOfferableOdds(selection.odds))) return 'ODDS_INVALID';
  return null;
}

/** A market's identity inside the book: its event, type, period and line. */
export const marketKey = (eventId: bigint, market: { type: MarketType; period: Period; line: number | null }) =>
  `${eventId}|${market.type}|${market.period}|${market.line ?? 0}`;

/**
 * Adds or updates markets of several events in the caller's transaction, in three statements: the missing markets,
 * then every price (a moved one gets a new version, the event too). Markets the sport cannot have or with odds out
 * of range are skipped and answered as rejected. Every feed writes markets through here, the operators' manual feed
 * too; the caller holds the events' locks (see the README's lock order).
 */
export async function writeMarkets(
  tx: Executor,
  entries: ReadonlyArray<{ event: Pick<FeedEventState, 'id' | 'ref' | 'sport'>; markets: readonly FeedMarket[] }>,
): Promise<{ changed: number; rejected: RejectedMarket[] }> {
  const rejected: RejectedMarket[] = [];
  const accepted: Array<{ eventId: bigint; market: FeedMarket }> = [];
  for (const { event, markets } of entries) {
    for (const market of markets) {
      const error = marketError(event.sport, market);
      if (error) {
        rejected.push({
          event: event.ref,
          market: { type: market.type, period: market.period, line: market.line },
          error,
        });
      } else accepted.push({ eventId: event.id, market });
    }
  }
  if (accepted.length === 0) return { changed: 0, rejected };
  await writes.insertMarkets(
    tx,
    accepted.map(({ eventId, market }) => ({
      eventId,
      type: market.type,
      period: market.period,
      line: market.line,
      sort: marketSort(market),
    })),
  );
  const eventIds = [...new Set(accepted.map((entry) => entry.eventId))];
  const ids = new Map(
    (await bookRepository.marketsOf(tx, eventIds)).map((row) => [marketKey(row.eventId, row), row.id]),
  );
  const rows = accepted.flatMap(({ eventId, market }) => {
    const marketId = ids.get(marketKey(eventId, market));
    if (marketId === undefined) return [];
    return market.selections.map((selection) => ({ marketId, side: selection.side, odds: selection.odds }));
  });
  return { changed: await writes.upsertSelections(tx, rows), rejected };
}

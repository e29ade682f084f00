import type { MarketType, Period } from '@jinb/contract';
import type { AdminEventView, EventDetail, EventSummary, MarketView, SelectionView } from '@jinb/contract/sports';
import { formatLine, formatOdds } from '@jinb/odds';
import { FIXED_SIDES, parseScoreSide } from '../market-types';
import { type EventResult, setsWon } from '../settlement/event-result';
import type { EventRow, MarketRow, SelectionRow } from './book.repository';

/** How an event's markets are turned into what members and operators see: pure functions over the book's rows. */

const PERIOD_ORDER: Record<Period, number> = { ft: 0, '1h': 1 };
const TYPE_ORDER: Record<MarketType, number> = { '1x2': 0, ml: 0, ah: 1, ou: 2, btts: 3, oe: 4, cs: 5 };

/** Full time before first half; 1x2 or ml, ah, ou, btts, oe, cs; lines ascending. */
export function compareMarkets(a: { type: MarketType; period: Period; line: number | null }, b: typeof a): number {
  return (
    PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period] ||
    TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
    (a.line ?? 0) - (b.line ?? 0)
  );
}

/** Where a market sits on the event page, stored as the market's `sort` (the page orders by the same rule). */
export function marketSort(market: { type: MarketType; period: Period; line: number | null }): number {
  return PERIOD_ORDER[market.period] * 100_000 + TYPE_ORDER[market.type] * 10_000 + (market.line ?? 0);
}

/** A market's sides in its type's order; correct scores by home goals, then away goals, and `other` last. */
export function sideRank(type: MarketType, side: string): number {
  if (type !== 'cs') {
    const index = (FIXED_SIDES[type] as readonly string[]).indexOf(side);
    return index < 0 ? 1_000 : index;
  }
  const score = parseScoreSide(side);
  return score ? score.home * 100 + score.away : 1_000_000;
}

/** Every event's markets in page order, each with its selections in side order. */
export function marketViews(
  markets: readonly MarketRow[],
  selections: readonly SelectionRow[],
): Map<bigint, MarketView[]> {
  const byMarket = new Map<bigint, SelectionRow[]>();
  for (const selection of selections) {
    const list = byMarket.get(selection.marketId);
    if (list) list.push(selection);
    else byMarket.set(selection.marketId, [selection]);
  }
  const byEvent = new Map<bigint, MarketView[]>();
  for (const market of [...markets].sort(compareMarkets)) {
    const sides = (byMarket.get(market.id) ?? []).sort(
      (a, b) => sideRank(market.type, a.side) - sideRank(market.type, b.side) || Number(a.id - b.id),
    );
    const view: MarketView = {
      id: market.id.toString(),
      type: market.type,
      period: market.period,
      line: market.line === null ? null : formatLine(market.line),
      status: market.status,
      selections: sides.map(
        (selection): SelectionView => ({
          id: selection.id.toString(),
          side: selection.side,
          odds: formatOdds(selection.odds),
          version: selection.version,
          outcome: selection.outcome,
        }),
      ),
    };
    const list = byEvent.get(market.eventId);
    if (list) list.push(view);
    else byEvent.set(market.eventId, [view]);
  }
  return byEvent;
}

function finalScore(result: EventResult): { home: number; away: number } {
  return result.sport === 'tennis' ? setsWon(result.sets) : { home: result.ft.home, away: result.ft.away };
}

/** The score so far while live, the result once in; nothing before kick-off or for a cancelled event. */
function scoreOf(event: EventRow): { home: number; away: number } | null {
  switch (event.status) {
    case 'live':
    case 'suspended':
      return event.live ? { home: event.live.home, away: event.live.away } : null;
    case 'finished':
    case 'settled':
      if (event.result) return finalScore(event.result);
      return event.live ? { home: event.live.home, away: event.live.away } : null;
    default:
      return null;
  }
}

export function summaryOf(event: EventRow, markets: MarketView[]): EventSummary {
  return {
    id: event.id.toString(),
    sport: event.sport,
    competition: { id: event.competitionId.toString(), name: event.competition },
    home: event.home,
    away: event.away,
    startTime: event.startAt.toISOString(),
    status: event.status,
    score: scoreOf(event),
    minute: event.status === 'live' || event.status === 'suspended' ? (event.live?.minute ?? null) : null,
    marketCount: event.marketCount,
    markets,
    version: event.version,
  };
}

export function detailOf(event: EventRow, markets: MarketView[]): EventDetail {
  const result = event.result;
  const halfTime =
    result && result.sport !== 'tennis' ? (result.ht ?? null) : event.status === 'cancelled' ? null : event.live?.ht;
  const sets = result?.sport === 'tennis' ? result.sets : event.status === 'cancelled' ? [] : event.live?.sets;
  return {
    ...summaryOf(event, markets),
    halfTime: halfTime ? { home: halfTime.home, away: halfTime.away } : null,
    sets: (sets ?? []).map((set) => ({ home: set.home, away: set.away })),
  };
}

export function adminViewOf(event: EventRow, markets: MarketView[]): AdminEventView {
  const inPlay = event.status === 'live' || event.status === 'suspended';
  return {
    ...detailOf(event, markets),
    feed: event.feed,
    resultVersion: event.resultVersion,
    phase: inPlay ? (event.live?.phase ?? null) : null,
  };
}

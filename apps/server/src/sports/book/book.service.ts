import { type MarketType, type Period, platformDay, platformDayBounds, SPORTS, type Sport } from '@jinb/contract';
import type {
  AdminEventView,
  EventDetail,
  EventSummary,
  MarketView,
  SelectionView,
  SportsMenu,
} from '@jinb/contract/sports';
import { formatLine, formatOdds, isOfferableOdds } from '@jinb/odds';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type {
  FeedCompetition,
  FeedFixture,
  FeedMarket,
  FeedPrices,
  FeedSink,
  FeedStatuses,
  RejectedMarket,
} from '../feed/feed-adapter';
import { FIXED_SIDES, parseScoreSide, validateMarket } from '../market-types';
import { type EventResult, setsWon } from '../settlement/event-result';
import {
  bookRepository,
  type EventFilter,
  type EventRow,
  type FeedEventState,
  type MarketRow,
  type SelectionRow,
} from './book.repository';
import type { SportsSettingsStore } from './sports-settings';

/** The most events one list answers; the simulated feed keeps a few hundred in its three days. */
export const EVENT_LIST_LIMIT = 500;
/** The operator's list carries every market of each event, so it is shorter. */
export const ADMIN_EVENT_LIST_LIMIT = 100;

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

/** A market's sides in its type's order; correct scores by home goals, then away goals, and `other` last. */
export function sideRank(type: MarketType, side: string): number {
  if (type !== 'cs') {
    const index = (FIXED_SIDES[type] as readonly string[]).indexOf(side);
    return index < 0 ? 1_000 : index;
  }
  const score = parseScoreSide(side);
  return score ? score.home * 100 + score.away : 1_000_000;
}

/** Where a market sits on the event page, stored as the market's `sort` (the page orders by the same rule). */
function marketSort(market: { type: MarketType; period: Period; line: number | null }): number {
  return PERIOD_ORDER[market.period] * 100_000 + TYPE_ORDER[market.type] * 10_000 + (market.line ?? 0);
}

function marketViews(markets: readonly MarketRow[], selections: readonly SelectionRow[]): Map<bigint, MarketView[]> {
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

function summaryOf(event: EventRow, markets: MarketView[]): EventSummary {
  return {
    id: event.id.toString(),
    sport: event.sport,
    competition: { id: event.competitionId.toString(), name: event.competition },
    home: event.home,
    away: event.away,
    startTime: event.startAt.toISOString(),
    status: event.status,
    score: scoreOf(event),
    marketCount: event.marketCount,
    markets,
    version: event.version,
  };
}

function detailOf(event: EventRow, markets: MarketView[]): EventDetail {
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

function adminViewOf(event: EventRow, markets: MarketView[]): AdminEventView {
  return { ...detailOf(event, markets), feed: event.feed, resultVersion: event.resultVersion };
}

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

const marketKey = (eventId: bigint, market: { type: MarketType; period: Period; line: number | null }) =>
  `${eventId}|${market.type}|${market.period}|${market.line ?? 0}`;

export type BookService = ReturnType<typeof createBookService>;

/**
 * The catalogue members read (the sports home, the event page) and the write side every feed goes through. Reads
 * are a few statements per page whatever the number of events: the events, then the markets and selections of all
 * of them at once.
 */
export function createBookService(deps: { db: Database; settings: SportsSettingsStore; timeZone: string }) {
  const { db } = deps;

  function dayEnd(now: Date): Date {
    const bounds = platformDayBounds(platformDay(now, deps.timeZone), deps.timeZone);
    if (!bounds) throw new Error(`no platform day for ${now.toISOString()}`);
    return bounds.end;
  }

  async function withMarkets(
    executor: Executor,
    events: readonly EventRow[],
    which: 'headline' | 'all',
  ): Promise<Map<bigint, MarketView[]>> {
    const eventIds = events.map((event) => event.id);
    if (which === 'headline') {
      const headline = await bookRepository.headlineMarkets(executor, eventIds);
      return marketViews(headline.markets, headline.selections);
    }
    const markets = await bookRepository.marketsOf(executor, eventIds);
    const selections = await bookRepository.selectionsOf(
      executor,
      markets.map((market) => market.id),
    );
    return marketViews(markets, selections);
  }

  /**
   * Adds or updates markets of several events in three statements: the missing markets, then every price (a moved
   * one gets a new version, the event too). Markets the sport cannot have or with odds out of range are skipped and
   * answered as rejected.
   */
  async function writeMarkets(
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
    await bookRepository.insertMarkets(
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
    return { changed: await bookRepository.upsertSelections(tx, rows), rejected };
  }

  function feedSink(feed: string): FeedSink {
    return {
      feed,

      async competitions(list: readonly FeedCompetition[]) {
        await bookRepository.upsertCompetitions(
          db,
          feed,
          list.map((competition, index) => ({
            ref: competition.ref,
            sport: competition.sport,
            name: competition.name,
            sort: competition.sort ?? index,
          })),
        );
      },

      async fixtures(list: readonly FeedFixture[]) {
        if (list.length === 0) return { rejected: [] };
        return db.transaction(async (tx) => {
          const competitions = await bookRepository.competitionIds(tx, feed, [
            ...new Set(list.map((fixture) => fixture.competition)),
          ]);
          const known = list.filter((fixture) => competitions.has(fixture.competition));
          await bookRepository.upsertEvents(
            tx,
            feed,
            known.map((fixture) => ({
              ref: fixture.ref,
              competitionId: competitions.get(fixture.competition)!.id,
              home: fixture.home,
              away: fixture.away,
              startAt: fixture.startAt,
            })),
          );
          const events = await bookRepository.eventsByRef(
            tx,
            feed,
            known.map((fixture) => fixture.ref),
          );
          const { rejected } = await writeMarkets(
            tx,
            known.flatMap((fixture) => {
              const event = events.get(fixture.ref);
              return event && fixture.markets?.length ? [{ event, markets: fixture.markets }] : [];
            }),
          );
          return { rejected };
        });
      },

      async prices(list: readonly FeedPrices[]) {
        if (list.length === 0) return { changed: 0, rejected: [] };
        return db.transaction(async (tx) => {
          const events = await bookRepository.eventsByRef(
            tx,
            feed,
            list.map((entry) => entry.event),
          );
          return writeMarkets(
            tx,
            list.flatMap((entry) => {
              const event = events.get(entry.event);
              return event ? [{ event, markets: entry.markets }] : [];
            }),
          );
        });
      },

      async statuses(statuses: FeedStatuses) {
        if (statuses.events.length === 0 && statuses.markets.length === 0) return { events: 0, markets: 0 };
        return db.transaction(async (tx) => {
          const refs = [...new Set([...statuses.events, ...statuses.markets].map((entry) => entry.event))];
          const events = await bookRepository.eventsByRef(tx, feed, refs);
          const changedEvents = await bookRepository.setEventStates(
            tx,
            statuses.events.flatMap((entry) => {
              const event = events.get(entry.event);
              return event ? [{ eventId: event.id, status: entry.status, live: entry.live }] : [];
            }),
          );
          let changedMarkets = 0;
          if (statuses.markets.length > 0) {
            const eventIds = [...new Set(statuses.markets.flatMap((entry) => events.get(entry.event)?.id ?? []))];
            const ids = new Map(
              (await bookRepository.marketsOf(tx, eventIds)).map((row) => [marketKey(row.eventId, row), row.id]),
            );
            changedMarkets = await bookRepository.setMarketStatuses(
              tx,
              statuses.markets.flatMap((entry) => {
                const event = events.get(entry.event);
                const marketId = event && ids.get(marketKey(event.id, entry.market));
                return marketId === undefined ? [] : [{ marketId, status: entry.status }];
              }),
            );
          }
          return { events: changedEvents, markets: changedMarkets };
        });
      },

      events(refs: readonly string[]) {
        return bookRepository.eventsByRef(db, feed, refs);
      },

      async market(ref: string, key: { type: MarketType; period: Period; line: number | null }) {
        const event = (await bookRepository.eventsByRef(db, feed, [ref])).get(ref);
        if (!event) return null;
        const markets = await bookRepository.marketsOf(db, [event.id]);
        return markets.find((market) => marketKey(event.id, market) === marketKey(event.id, key))?.id ?? null;
      },

      async book(now: Date) {
        return { events: await bookRepository.feedBook(db, feed, now) };
      },
    };
  }

  return {
    /** Sports home: per sport the size of each list and the competitions with events. */
    async menu(now: Date = new Date()): Promise<SportsMenu> {
      const counts = await bookRepository.menuCounts(db, now, dayEnd(now));
      return SPORTS.map((sport) => {
        const rows = counts.filter((row) => row.sport === sport);
        return {
          sport,
          live: rows.reduce((sum, row) => sum + row.live, 0),
          today: rows.reduce((sum, row) => sum + row.today, 0),
          early: rows.reduce((sum, row) => sum + row.early, 0),
          competitions: rows
            .map((row) => ({
              id: row.competitionId.toString(),
              name: row.name,
              events: row.live + row.today + row.early,
            }))
            .filter((competition) => competition.events > 0),
        };
      });
    },

    /**
     * A list of the sports home with each event's headline markets: live (in play or suspended), today (starting
     * later in this platform day), early (the days after), or without a window every event not finished.
     */
    async events(
      query: { sport?: Sport; status?: 'live' | 'today' | 'early'; competition?: string; q?: string },
      now: Date = new Date(),
    ): Promise<EventSummary[]> {
      const filter: EventFilter = {
        window: query.status ?? 'open',
        sport: query.sport,
        competitionId: query.competition === undefined ? undefined : BigInt(query.competition),
        search: query.q?.trim() || undefined,
        now,
        dayEnd: dayEnd(now),
        limit: EVENT_LIST_LIMIT,
        order: 'start',
      };
      const events = await bookRepository.events(db, filter);
      const markets = await withMarkets(db, events, 'headline');
      return events.map((event) => summaryOf(event, markets.get(event.id) ?? []));
    },

    /** The event page: every market, full time first, in the type order, lines ascending. */
    async event(id: bigint): Promise<EventDetail> {
      const event = await bookRepository.event(db, id);
      if (!event) throw new AppError('NOT_FOUND');
      const markets = await withMarkets(db, [event], 'all');
      return detailOf(event, markets.get(event.id) ?? []);
    },

    /** The operator's view of one event (feed, result version, every market), read inside their transaction. */
    async adminEvent(id: bigint, executor: Executor = db): Promise<AdminEventView> {
      const event = await bookRepository.event(executor, id);
      if (!event) throw new AppError('NOT_FOUND');
      const markets = await withMarkets(executor, [event], 'all');
      return adminViewOf(event, markets.get(event.id) ?? []);
    },

    async adminEvents(query: { status: string; sport?: Sport }, now: Date = new Date()): Promise<AdminEventView[]> {
      const events = await bookRepository.events(db, {
        window: 'all',
        statuses: query.status ? [query.status as EventRow['status']] : undefined,
        sport: query.sport,
        now,
        dayEnd: dayEnd(now),
        limit: ADMIN_EVENT_LIST_LIMIT,
        order: 'recent',
      });
      const markets = await withMarkets(db, events, 'all');
      return events.map((event) => adminViewOf(event, markets.get(event.id) ?? []));
    },

    /** The write side bound to one feed (its rows are found again by the feed's refs). */
    feedSink,

    /** Adds markets to events in the caller's transaction (the manual feed); see writeMarkets. */
    writeMarkets,

    /**
     * Events of these feeds whose start has passed go live and their markets close: the feeds that do not report
     * kick-off themselves (the operators' manual one).
     */
    startDue(feeds: readonly string[], now: Date = new Date()): Promise<number> {
      return bookRepository.startDue(db, feeds, now);
    },
  };
}

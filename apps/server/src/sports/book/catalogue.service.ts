import { EVENT_PAGE_SIZE, platformDay, platformDayBounds, SPORTS, type Sport } from '@jinb/contract';
import type { EventDetail, EventSummary, SportsMenu } from '@jinb/contract/sports';
import type { Database } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { bookRepository, type EventFilter } from './book.repository';
import type { CatalogueCache, CataloguePage } from './catalogue-cache';
import { detailOf, marketViews, summaryOf } from './event-views';

export type EventsQuery = {
  sport?: Sport;
  status?: 'live' | 'today' | 'early';
  competition?: string;
  q?: string;
  page?: number;
  size?: number;
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * What members (and visitors) read of the book: the sports home's menu and lists, and the event page. A few
 * statements per page whatever the number of events: the events, then the markets and selections of all of them.
 */
export function createCatalogueService(deps: { db: Database; timeZone: string; cache: CatalogueCache }) {
  const { db, cache } = deps;

  function dayEnd(now: Date): Date {
    const bounds = platformDayBounds(platformDay(now, deps.timeZone), deps.timeZone);
    if (!bounds) throw new Error(`no platform day for ${now.toISOString()}`);
    return bounds.end;
  }

  const catalogue = {
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
    async events(query: EventsQuery, now: Date = new Date()): Promise<EventSummary[]> {
      const page = query.page ?? 1;
      const size = query.size ?? EVENT_PAGE_SIZE;
      const filter: EventFilter = {
        window: query.status ?? 'open',
        sport: query.sport,
        competitionId: query.competition === undefined ? undefined : BigInt(query.competition),
        search: query.q?.trim() || undefined,
        now,
        dayEnd: dayEnd(now),
        limit: size,
        offset: (page - 1) * size,
        order: 'start',
      };
      const events = await bookRepository.events(db, filter);
      const { markets, selections } = await bookRepository.marketsWithSelections(
        db,
        events.map((event) => event.id),
        'headline',
      );
      const views = marketViews(markets, selections);
      return events.map((event) => summaryOf(event, views.get(event.id) ?? []));
    },

    /** The event page: every market, full time first, in the type order, lines ascending. */
    async event(id: bigint): Promise<EventDetail> {
      const event = await bookRepository.event(db, id);
      if (!event) throw new AppError('NOT_FOUND');
      const { markets, selections } = await bookRepository.marketsWithSelections(db, [id], 'all');
      return detailOf(event, marketViews(markets, selections).get(event.id) ?? []);
    },
  };

  /**
   * Until when a page that depends on the time stays true without any change to the book: the next scheduled start
   * (that event leaves today's list and the counts) or the end of the platform day (tomorrow becomes today).
   */
  async function untilTimeMoves(now: Date): Promise<number> {
    const next = await bookRepository.nextStart(db, now);
    return Math.min(dayEnd(now).getTime(), next ? next.getTime() : Number.POSITIVE_INFINITY);
  }

  /** What the routes serve: the same answers, built once per change of the book and shared (catalogue-cache.ts). */
  const pages = {
    menu(): Promise<CataloguePage> {
      return cache.page('menu', async () => {
        const now = new Date();
        const [data, validUntil] = await Promise.all([catalogue.menu(now), untilTimeMoves(now)]);
        return { data, validUntil };
      });
    },

    events(query: EventsQuery): Promise<CataloguePage> {
      const key = JSON.stringify([
        'events',
        query.sport ?? '',
        query.status ?? '',
        query.competition ?? '',
        query.q?.trim() ?? '',
        query.page ?? 1,
        query.size ?? EVENT_PAGE_SIZE,
      ]);
      return cache.page(key, async () => {
        const now = new Date();
        const timed = query.status === 'today' || query.status === 'early';
        const [data, validUntil] = await Promise.all([
          catalogue.events(query, now),
          timed ? untilTimeMoves(now) : Number.POSITIVE_INFINITY,
        ]);
        return { data, validUntil };
      });
    },

    event(id: bigint): Promise<CataloguePage> {
      return cache.page(`event:${id}`, async () => ({
        data: await catalogue.event(id),
        validUntil: Number.POSITIVE_INFINITY,
      }));
    },
  };

  return { ...catalogue, pages };
}

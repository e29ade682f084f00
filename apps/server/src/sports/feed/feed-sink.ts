import type { MarketType, Period } from '@jinb/contract';
import type { Database } from '../../db/database';
import { bookRepository } from '../book/book.repository';
import { bookWritesRepository as writes } from '../book/book-writes.repository';
import type { EventPublisher } from '../book/event-publisher';
import { marketKey, writeMarkets } from '../book/market-writes';
import { lockEvents } from '../event-locks';
import type { FeedCompetition, FeedFixture, FeedPrices, FeedSink, FeedStatuses } from './feed-adapter';

/**
 * The book's write side bound to one feed: its rows are found again by the feed's own refs. Every write to an event
 * the book has takes the event's lock first (the lock order of migration 0014), as trading does.
 */
export function createFeedSink(db: Database, feed: string, publisher?: EventPublisher): FeedSink {
  return {
    feed,

    async competitions(list: readonly FeedCompetition[]) {
      await writes.upsertCompetitions(
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
        const competitions = await writes.competitionIds(tx, feed, [
          ...new Set(list.map((fixture) => fixture.competition)),
        ]);
        const known = list.filter((fixture) => competitions.has(fixture.competition));
        // Events the book has already are changed under their locks; new ones nobody can bet on yet.
        const existing = await writes.eventsByRef(
          tx,
          feed,
          known.map((fixture) => fixture.ref),
        );
        await lockEvents(
          tx,
          [...existing.values()].map((event) => event.id),
        );
        await writes.upsertEvents(
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
        const events = await writes.eventsByRef(
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
      let touched: bigint[] = [];
      const written = await db.transaction(async (tx) => {
        const events = await writes.eventsByRef(
          tx,
          feed,
          list.map((entry) => entry.event),
        );
        await lockEvents(
          tx,
          [...events.values()].map((event) => event.id),
        );
        touched = [...events.values()].map((event) => event.id);
        return writeMarkets(
          tx,
          list.flatMap((entry) => {
            const event = events.get(entry.event);
            return event ? [{ event, markets: entry.markets }] : [];
          }),
        );
      });
      if (written.changed > 0) await publisher?.published(touched);
      return written;
    },

    async statuses(statuses: FeedStatuses) {
      if (statuses.events.length === 0 && statuses.markets.length === 0) return { events: 0, markets: 0 };
      let touched: bigint[] = [];
      const written = await db.transaction(async (tx) => {
        const refs = [...new Set([...statuses.events, ...statuses.markets].map((entry) => entry.event))];
        const events = await writes.eventsByRef(tx, feed, refs);
        await lockEvents(
          tx,
          [...events.values()].map((event) => event.id),
        );
        const changedEvents = await writes.setEventStates(
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
          changedMarkets = await writes.setMarketStatuses(
            tx,
            statuses.markets.flatMap((entry) => {
              const event = events.get(entry.event);
              const marketId = event && ids.get(marketKey(event.id, entry.market));
              return marketId === undefined ? [] : [{ marketId, status: entry.status }];
            }),
          );
        }
        touched = [...events.values()].map((event) => event.id);
        return { events: changedEvents, markets: changedMarkets };
      });
      if (written.events + written.markets > 0) await publisher?.published(touched);
      return written;
    },

    events(refs: readonly string[]) {
      return writes.eventsByRef(db, feed, refs);
    },

    async market(ref: string, key: { type: MarketType; period: Period; line: number | null }) {
      const event = (await writes.eventsByRef(db, feed, [ref])).get(ref);
      if (!event) return null;
      const markets = await bookRepository.marketsOf(db, [event.id]);
      return markets.find((market) => marketKey(event.id, market) === marketKey(event.id, key))?.id ?? null;
    },

    async decided(eventIds: readonly bigint[]) {
      await publisher?.published(eventIds);
    },

    async book(now: Date) {
      return { events: await writes.feedBook(db, feed, now) };
    },
  };
}

/**
 * Events of these feeds whose start has passed go live and their markets close: the feeds that do not report
 * kick-off themselves (the operators' manual one).
 */
export async function startDue(
  db: Database,
  feeds: readonly string[],
  now: Date = new Date(),
  publisher?: EventPublisher,
): Promise<number> {
  const due = publisher ? await writes.dueEvents(db, feeds, now) : [];
  const started = await writes.startDue(db, feeds, now);
  // Members watching them see them go live and their markets close.
  if (started > 0) await publisher?.published(due);
  return started;
}

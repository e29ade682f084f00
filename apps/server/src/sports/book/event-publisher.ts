import type { EventChange, EventStatus, LiveListChange, MarketStatus, Sport } from '@jinb/contract';
import { formatOdds } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { bigintArray as ids } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import type { LiveState } from './book.repository';

/** Statuses the in-play list shows; an event leaving them leaves the list. */
const IN_PLAY: readonly EventStatus[] = ['live', 'suspended'];

export type EventPublisher = ReturnType<typeof createEventPublisher>;

/**
 * Sends what members see of events after a change committed (issue 21): on `event:<id>` the event's status, score,
 * every market's status and every selection's price with its version (the whole state, so a client that patches its
 * copy with it cannot drift, whatever it missed within its position); on `live` the same for events in play, and a
 * last message when one leaves. Read from the database after the commit, in two queries for any number of events,
 * so what goes out is what was committed. Never throws: a failed read is logged, clients reconcile over HTTP.
 */
export function createEventPublisher(deps: {
  db: Executor;
  realtime: RealtimePublisher;
  log: { error(object: object, message: string): void };
  /** Told the events after each committed change too (cash out reprices its quotes). */
  changed?: (eventIds: readonly bigint[]) => void;
}) {
  async function changes(eventIds: readonly bigint[]): Promise<Array<EventChange & { sport: Sport }>> {
    const events = resultRows<{ id: string; version: number; status: EventStatus; sport: Sport; live: unknown }>(
      await deps.db.execute(sql`
        select id::text as id, version, status, sport, live from sports_events where id = any(${ids(eventIds)}::bigint[])`),
    );
    if (events.length === 0) return [];
    const rows = resultRows<{
      event_id: string;
      market_id: string;
      market_status: MarketStatus;
      selection_id: string;
      odds: string;
      version: number;
    }>(
      await deps.db.execute(sql`
        select m.event_id::text as event_id, m.id::text as market_id, m.status as market_status,
          s.id::text as selection_id, s.odds::text as odds, s.version
        from sports_markets m join sports_selections s on s.market_id = m.id
        where m.event_id = any(${ids(eventIds)}::bigint[])
        order by m.id, s.id`),
    );
    const byEvent = new Map<string, { markets: Map<string, MarketStatus>; selections: EventChange['selections'] }>();
    for (const row of rows) {
      let entry = byEvent.get(row.event_id);
      if (!entry) {
        entry = { markets: new Map(), selections: [] };
        byEvent.set(row.event_id, entry);
      }
      entry.markets.set(row.market_id, row.market_status);
      entry.selections?.push({
        id: row.selection_id,
        odds: formatOdds(BigInt(row.odds)),
        version: Number(row.version),
      });
    }
    return events.map((event) => {
      const live = (typeof event.live === 'string' ? JSON.parse(event.live) : event.live) as LiveState | null;
      const entry = byEvent.get(event.id);
      return {
        id: event.id,
        sport: event.sport,
        version: Number(event.version),
        status: event.status,
        live: live
          ? {
              home: live.home,
              away: live.away,
              ...(live.minute !== undefined ? { minute: live.minute } : {}),
              ...(live.sets ? { sets: live.sets } : {}),
            }
          : null,
        markets: [...(entry?.markets ?? new Map<string, MarketStatus>())].map(([id, status]) => ({ id, status })),
        selections: entry?.selections ?? [],
      };
    });
  }

  return {
    /**
     * After the commit of a change to these events. `left`: events that just left play (finished, cancelled) even if
     * their status no longer says so to a reader of `live`.
     */
    async published(eventIds: readonly bigint[]): Promise<void> {
      if (eventIds.length === 0) return;
      try {
        deps.changed?.(eventIds);
        for (const change of await changes([...new Set(eventIds)])) {
          const { sport, ...event } = change;
          deps.realtime.publish(`event:${change.id}`, event satisfies EventChange);
          const inPlay = change.status !== undefined && IN_PLAY.includes(change.status);
          const listed: LiveListChange = inPlay
            ? { id: change.id, version: change.version, status: change.status, live: change.live, sport }
            : { id: change.id, version: change.version, status: change.status, sport, left: true };
          // Once it started, an event is on the live list or has just left it (finished, settled, cancelled).
          if (change.status !== 'scheduled') deps.realtime.publish('live', listed);
        }
      } catch (error) {
        deps.log.error({ err: error, events: eventIds.map(String) }, 'publishing sports events failed');
      }
    },
  };
}

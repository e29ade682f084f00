import type { EventStatus, MarketType, Period, Sport } from '@jinb/contract';
import type { Line, Odds } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { bigintArray as ids, intArray as ints, rowCount, textArray as texts } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { lockEvents } from '../event-locks';
import type { EventResult } from '../settlement/event-result';
import type { LiveState } from './book.repository';

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  // PGlite and node-postgres hand jsonb over parsed; a string is parsed for a driver that does not.
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The book's write side: what the feeds (the simulated one, a provider's, the operators' manual feed) and trading
 * write, in batches of any size with a fixed number of statements.
 */
export const bookWritesRepository = {
  /** Creates or renames competitions by (feed, ref); answers every ref's id. */
  async upsertCompetitions(
    db: Executor,
    feed: string,
    competitions: ReadonlyArray<{ ref: string; sport: Sport; name: string; sort: number }>,
  ): Promise<Map<string, { id: bigint; sport: Sport }>> {
    if (competitions.length === 0) return new Map();
    await db.execute(sql`
      insert into sports_competitions (sport, name, feed, feed_ref, sort)
      select t.sport, t.name, ${feed}, t.ref, t.sort
      from unnest(${texts(competitions.map((c) => c.sport))}::text[], ${texts(competitions.map((c) => c.name))}::text[],
        ${texts(competitions.map((c) => c.ref))}::text[], ${ints(competitions.map((c) => c.sort))}::int[])
        as t(sport, name, ref, sort)
      on conflict (feed, feed_ref) do update set name = excluded.name, sort = excluded.sort
        where (sports_competitions.name, sports_competitions.sort) is distinct from (excluded.name, excluded.sort)`);
    return bookWritesRepository.competitionIds(
      db,
      feed,
      competitions.map((c) => c.ref),
    );
  },

  async competitionIds(
    db: Executor,
    feed: string,
    refs: readonly string[],
  ): Promise<Map<string, { id: bigint; sport: Sport }>> {
    if (refs.length === 0) return new Map();
    const rows = resultRows<{ id: string; feed_ref: string; sport: Sport }>(
      await db.execute(sql`
        select id::text as id, feed_ref, sport from sports_competitions
        where feed = ${feed} and feed_ref = any(${texts(refs)}::text[])`),
    );
    return new Map(rows.map((row) => [row.feed_ref, { id: BigInt(row.id), sport: row.sport }]));
  },

  /**
   * Creates events by (feed, ref), or updates teams, start and competition of one not started yet (bumping its
   * version only when something changed). The event's sport is its competition's.
   */
  async upsertEvents(
    db: Executor,
    feed: string,
    events: ReadonlyArray<{ ref: string; competitionId: bigint; home: string; away: string; startAt: Date }>,
  ): Promise<void> {
    if (events.length === 0) return;
    await db.execute(sql`
      insert into sports_events (competition_id, sport, home, away, start_at, feed, feed_ref)
      select c.id, c.sport, t.home, t.away, t.start_at, ${feed}, t.ref
      from unnest(${ids(events.map((e) => e.competitionId))}::bigint[], ${texts(events.map((e) => e.ref))}::text[],
          ${texts(events.map((e) => e.home))}::text[], ${texts(events.map((e) => e.away))}::text[],
          ${texts(events.map((e) => e.startAt.toISOString()))}::timestamptz[])
        as t(competition_id, ref, home, away, start_at)
        join sports_competitions c on c.id = t.competition_id
      on conflict (feed, feed_ref) do update set home = excluded.home, away = excluded.away,
          start_at = excluded.start_at, competition_id = excluded.competition_id, sport = excluded.sport,
          version = sports_events.version + 1, updated_at = now()
        where sports_events.status = 'scheduled'
          and (sports_events.home, sports_events.away, sports_events.start_at, sports_events.competition_id)
            is distinct from (excluded.home, excluded.away, excluded.start_at, excluded.competition_id)`);
  },

  /** A feed's events by its refs: id, sport, status and how many results were posted. */
  async eventsByRef(db: Executor, feed: string, refs: readonly string[]) {
    if (refs.length === 0) return new Map<string, FeedEventState>();
    const rows = resultRows<RawFeedEvent>(
      await db.execute(sql`
        select id::text as id, feed_ref, sport, status, result, result_version,
          floor(extract(epoch from start_at) * 1000)::bigint::text as start_ms
        from sports_events where feed = ${feed} and feed_ref = any(${texts(refs)}::text[])`),
    );
    return new Map(rows.map((row) => [row.feed_ref, toFeedEvent(row)]));
  },

  /**
   * A feed's events that start after `now`, are not finished, or finished without a result: what a feed checks its
   * own state against at each poll (and resumes from after a restart).
   */
  async feedBook(db: Executor, feed: string, now: Date): Promise<Map<string, FeedEventState>> {
    const rows = resultRows<RawFeedEvent>(
      await db.execute(sql`
        select id::text as id, feed_ref, sport, status, result, result_version,
          floor(extract(epoch from start_at) * 1000)::bigint::text as start_ms
        from sports_events
        where feed = ${feed} and (start_at > ${now.toISOString()} or status in ('scheduled', 'live', 'suspended')
          or (status = 'finished' and result_version = 0))`),
    );
    return new Map(rows.map((row) => [row.feed_ref, toFeedEvent(row)]));
  },

  /** Adds the markets an event lacks (by type, period and line); existing ones are left for upsertSelections. */
  async insertMarkets(
    db: Executor,
    markets: ReadonlyArray<{ eventId: bigint; type: MarketType; period: Period; line: Line | null; sort: number }>,
  ): Promise<void> {
    if (markets.length === 0) return;
    await db.execute(sql`
      insert into sports_markets (event_id, type, period, line, sort)
      select t.event_id, t.type, t.period, t.line, t.sort
      from unnest(${ids(markets.map((m) => m.eventId))}::bigint[], ${texts(markets.map((m) => m.type))}::text[],
        ${texts(markets.map((m) => m.period))}::text[],
        ${sql.param(markets.map((m) => m.line))}::int[], ${ints(markets.map((m) => m.sort))}::int[])
        as t(event_id, type, period, line, sort)
      on conflict (event_id, type, period, (coalesce(line, 0))) do nothing`);
  },

  /**
   * Writes prices by market and side: a new side is inserted, a moved price takes the new odds and a new version, an
   * unchanged one is not touched. Only markets still trading (open or suspended) move. Every event with a change
   * gets a new version. Answers how many selections changed.
   */
  async upsertSelections(
    db: Executor,
    rows: ReadonlyArray<{ marketId: bigint; side: string; odds: Odds }>,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const [result] = resultRows<{ changed: number }>(
      await db.execute(sql`
        with input as (
          select t.market_id, t.side, t.odds, m.event_id
          from unnest(${ids(rows.map((r) => r.marketId))}::bigint[], ${texts(rows.map((r) => r.side))}::text[],
              ${ids(rows.map((r) => r.odds))}::bigint[]) as t(market_id, side, odds)
            join sports_markets m on m.id = t.market_id and m.status in ('open', 'suspended')
        ),
        upserted as (
          insert into sports_selections (market_id, event_id, side, odds)
          select market_id, event_id, side, odds from input
          on conflict (market_id, side) do update set odds = excluded.odds, version = sports_selections.version + 1
            where sports_selections.odds <> excluded.odds
          returning event_id
        ),
        bumped as (
          update sports_events set version = version + 1, updated_at = now()
          where id in (select event_id from upserted)
          returning id
        )
        select (select count(*) from upserted)::int as changed`),
    );
    return Number(result?.changed ?? 0);
  },

  /** New prices by selection id (the operator's price change); same rules as upsertSelections. */
  async setPrices(db: Executor, prices: ReadonlyArray<{ selectionId: bigint; odds: Odds }>): Promise<number> {
    if (prices.length === 0) return 0;
    const [result] = resultRows<{ changed: number }>(
      await db.execute(sql`
        with changed as (
          update sports_selections s set odds = t.odds, version = s.version + 1
          from unnest(${ids(prices.map((p) => p.selectionId))}::bigint[], ${ids(prices.map((p) => p.odds))}::bigint[])
            as t(id, odds)
          where s.id = t.id and s.odds <> t.odds
          returning s.event_id
        ),
        bumped as (
          update sports_events set version = version + 1, updated_at = now()
          where id in (select event_id from changed)
          returning id
        )
        select (select count(*) from changed)::int as changed`),
    );
    return Number(result?.changed ?? 0);
  },

  /**
   * Moves events to a feed's status with its live state. A finished, settled or cancelled event never moves back, and
   * one that started never returns to scheduled. Live, its markets keep trading in play (the feed prices and suspends
   * them); finished, those still trading close. Answers how many events changed.
   */
  async setEventStates(
    db: Executor,
    states: ReadonlyArray<{
      eventId: bigint;
      status: 'scheduled' | 'live' | 'suspended' | 'finished';
      live?: LiveState;
    }>,
  ): Promise<number> {
    if (states.length === 0) return 0;
    const [result] = resultRows<{ changed: number }>(
      await db.execute(sql`
        with input as (
          select t.id, t.status, t.live::jsonb as live
          from unnest(${ids(states.map((s) => s.eventId))}::bigint[], ${texts(states.map((s) => s.status))}::text[],
            ${sql.param(states.map((s) => (s.live ? JSON.stringify(s.live) : null)))}::text[]) as t(id, status, live)
        ),
        updated as (
          update sports_events e set status = i.status, live = coalesce(i.live, e.live), version = e.version + 1,
            updated_at = now()
          from input i
          where e.id = i.id and e.status in ('scheduled', 'live', 'suspended')
            and not (e.status in ('live', 'suspended') and i.status = 'scheduled')
            and (e.status, e.live) is distinct from (i.status, coalesce(i.live, e.live))
          returning e.id, e.status
        ),
        closed as (
          update sports_markets m set status = 'closed'
          from updated u
          where m.event_id = u.id and u.status = 'finished' and m.status in ('open', 'suspended')
          returning m.id
        )
        select (select count(*) from updated)::int as changed`),
    );
    return Number(result?.changed ?? 0);
  },

  /**
   * Opens, suspends or closes markets still trading (open or suspended); settled and void ones are the settlement's.
   * Bumps each changed market's event version. Answers how many markets changed.
   */
  async setMarketStatuses(
    db: Executor,
    changes: ReadonlyArray<{ marketId: bigint; status: 'open' | 'suspended' | 'closed' }>,
  ): Promise<number> {
    if (changes.length === 0) return 0;
    const [result] = resultRows<{ changed: number }>(
      await db.execute(sql`
        with changed as (
          update sports_markets m set status = t.status
          from unnest(${ids(changes.map((c) => c.marketId))}::bigint[], ${texts(changes.map((c) => c.status))}::text[])
            as t(id, status)
          where m.id = t.id and m.status in ('open', 'suspended') and m.status <> t.status
          returning m.event_id
        ),
        bumped as (
          update sports_events set version = version + 1, updated_at = now()
          where id in (select event_id from changed)
          returning id
        )
        select (select count(*) from changed)::int as changed`),
    );
    return Number(result?.changed ?? 0);
  },

  /** Every market of an event in `from` moves to `to` (an operator suspending or resuming a whole event). */
  async setEventMarkets(
    db: Executor,
    eventId: bigint,
    from: 'open' | 'suspended',
    to: 'open' | 'suspended',
  ): Promise<number> {
    const result = await db.execute(sql`
      with changed as (
        update sports_markets set status = ${to} where event_id = ${eventId} and status = ${from} returning id
      )
      update sports_events set version = version + 1, updated_at = now()
      where id = ${eventId} and exists (select 1 from changed)`);
    return rowCount(result);
  },

  /**
   * Events of any of these feeds that are still scheduled although their start has passed: they go live and their
   * markets close, under their event locks (sports_start_due, migration 0014). Feeds that report kick-off themselves
   * are left to do so.
   */
  async startDue(db: Executor, feeds: readonly string[], now: Date): Promise<number> {
    const [result] = resultRows<{ changed: number }>(
      await db.execute(
        sql`select sports_start_due(${texts(feeds)}::text[], ${now.toISOString()}::timestamptz) as changed`,
      ),
    );
    return Number(result?.changed ?? 0);
  },

  /** The events startDue would start now (read before it, so the members watching them can be told after). */
  async dueEvents(db: Executor, feeds: readonly string[], now: Date): Promise<bigint[]> {
    return resultRows<{ id: string }>(
      await db.execute(sql`
        select id::text as id from sports_events
        where status = 'scheduled' and start_at <= ${now.toISOString()}::timestamptz and feed = any(${texts(feeds)}::text[])`),
    ).map((row) => BigInt(row.id));
  },

  /** Finds a competition of the manual feed by sport and name, creating it on first use. */
  async manualCompetition(db: Executor, feed: string, sport: Sport, name: string): Promise<bigint> {
    const ref = `${sport}:${name}`;
    await db.execute(sql`
      insert into sports_competitions (sport, name, feed, feed_ref) values (${sport}, ${name}, ${feed}, ${ref})
      on conflict (feed, feed_ref) do nothing`);
    const found = await bookWritesRepository.competitionIds(db, feed, [ref]);
    const id = found.get(ref)?.id;
    if (id === undefined) throw new Error(`competition ${ref} not found after insert`);
    return id;
  },

  /** Inserts one event and answers its id. */
  async insertEvent(
    db: Executor,
    event: {
      competitionId: bigint;
      sport: Sport;
      home: string;
      away: string;
      startAt: Date;
      feed: string;
      ref: string;
    },
  ): Promise<bigint> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`
        insert into sports_events (competition_id, sport, home, away, start_at, feed, feed_ref)
        values (${event.competitionId}, ${event.sport}, ${event.home}, ${event.away}, ${event.startAt.toISOString()},
          ${event.feed}, ${event.ref})
        returning id::text as id`),
    );
    if (!row) throw new Error('event not inserted');
    return BigInt(row.id);
  },

  /**
   * Locks an event for an operator's change: its event lock (bets on it wait, then see the change) and its row, so
   * two changes of one event run one after the other.
   */
  async lockEvent(db: Executor, id: bigint): Promise<{ sport: Sport; status: EventStatus } | null> {
    await lockEvents(db, [id]);
    const [row] = resultRows<{ sport: Sport; status: EventStatus }>(
      await db.execute(sql`select sport, status from sports_events where id = ${id} for no key update`),
    );
    return row ?? null;
  },
};

export type FeedEventState = {
  id: bigint;
  ref: string;
  sport: Sport;
  status: EventStatus;
  result: EventResult | null;
  resultVersion: number;
  startAt: Date;
};

type RawFeedEvent = {
  id: string;
  feed_ref: string;
  sport: Sport;
  status: EventStatus;
  result: unknown;
  result_version: number;
  start_ms: string;
};

function toFeedEvent(row: RawFeedEvent): FeedEventState {
  return {
    id: BigInt(row.id),
    ref: row.feed_ref,
    sport: row.sport,
    status: row.status,
    result: json<EventResult>(row.result),
    resultVersion: Number(row.result_version),
    startAt: new Date(Number(row.start_ms)),
  };
}

import type { EventStatus, MarketStatus, MarketType, Period, Sport } from '@jinb/contract';
import type { LivePhase } from '@jinb/contract/sports';
import type { Line, Odds } from '@jinb/odds';
import { type SQL, sql } from 'drizzle-orm';
import { bigintArray as ids, textArray as texts } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import type { EventResult } from '../settlement/event-result';

/** What the event's `live` column holds while it runs: the score so far, and tennis sets or the half time once known. */
export type LiveState = {
  home: number;
  away: number;
  ht?: { home: number; away: number };
  sets?: Array<{ home: number; away: number }>;
  /** The match clock in minutes (football, basketball), for the in-play screens of the next issue. */
  minute?: number;
  /** The manual feed's phase (first half, half time, second half); the simulated feed leaves it out. */
  phase?: LivePhase;
};

export type EventRow = {
  id: bigint;
  competitionId: bigint;
  competition: string;
  sport: Sport;
  home: string;
  away: string;
  startAt: Date;
  status: EventStatus;
  feed: string;
  feedRef: string;
  live: LiveState | null;
  result: EventResult | null;
  resultVersion: number;
  version: number;
  marketCount: number;
};

export type MarketRow = {
  id: bigint;
  eventId: bigint;
  type: MarketType;
  period: Period;
  line: Line | null;
  status: MarketStatus;
};

export type SelectionRow = {
  id: bigint;
  marketId: bigint;
  side: string;
  odds: Odds;
  version: number;
  outcome: 'win' | 'lose' | 'void' | 'half_win' | 'half_lose' | null;
};

/** Which events a list asks for; `now` and `dayEnd` bound the windows (today ends where the platform day does). */
export type EventFilter = {
  window?: 'live' | 'today' | 'early' | 'open' | 'all';
  statuses?: readonly EventStatus[];
  sport?: Sport;
  competitionId?: bigint;
  search?: string;
  now: Date;
  dayEnd: Date;
  limit: number;
  offset?: number;
  order: 'start' | 'recent';
};

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  // PGlite and node-postgres hand jsonb over parsed; a string is parsed for a driver that does not.
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** `%` and `_` in a member's search are letters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function windowCondition(filter: EventFilter): SQL {
  const now = filter.now.toISOString();
  const dayEnd = filter.dayEnd.toISOString();
  switch (filter.window) {
    case 'live':
      return sql`e.status in ('live', 'suspended')`;
    case 'today':
      return sql`e.status = 'scheduled' and e.start_at > ${now} and e.start_at < ${dayEnd}`;
    case 'early':
      return sql`e.status = 'scheduled' and e.start_at >= ${dayEnd}`;
    case 'open':
      return sql`e.status in ('scheduled', 'live', 'suspended')`;
    default:
      return sql`true`;
  }
}

/** An event row as EVENT_COLUMNS reads it (the console's event table selects the same columns). */
export type RawEvent = {
  id: string;
  competition_id: string;
  competition: string;
  sport: Sport;
  home: string;
  away: string;
  start_ms: string;
  status: EventStatus;
  feed: string;
  feed_ref: string;
  live: unknown;
  result: unknown;
  result_version: number;
  version: string;
  market_count: number | string;
};

export function toEvent(row: RawEvent): EventRow {
  return {
    id: BigInt(row.id),
    competitionId: BigInt(row.competition_id),
    competition: row.competition,
    sport: row.sport,
    home: row.home,
    away: row.away,
    startAt: new Date(Number(row.start_ms)),
    status: row.status,
    feed: row.feed,
    feedRef: row.feed_ref,
    live: json<LiveState>(row.live),
    result: json<EventResult>(row.result),
    resultVersion: Number(row.result_version),
    version: Number(row.version),
    marketCount: Number(row.market_count),
  };
}

export const EVENT_COLUMNS = sql`
  e.id::text as id, e.competition_id::text as competition_id, c.name as competition, e.sport, e.home, e.away,
  floor(extract(epoch from e.start_at) * 1000)::bigint::text as start_ms, e.status, e.feed, e.feed_ref, e.live,
  e.result, e.result_version, e.version::text as version,
  (select count(*) from sports_markets m where m.event_id = e.id)::int as market_count`;

type RawMarket = {
  id: string;
  event_id: string;
  type: MarketType;
  period: Period;
  line: number | null;
  status: string;
};

type RawSelection = {
  id: string;
  market_id: string;
  side: string;
  odds: string;
  version: number;
  outcome: SelectionRow['outcome'];
};

function toSelection(row: RawSelection): SelectionRow {
  return {
    id: BigInt(row.id),
    marketId: BigInt(row.market_id),
    side: row.side,
    odds: BigInt(row.odds),
    version: Number(row.version),
    outcome: row.outcome,
  };
}

function toMarket(row: RawMarket): MarketRow {
  return {
    id: BigInt(row.id),
    eventId: BigInt(row.event_id),
    type: row.type,
    period: row.period,
    line: row.line === null ? null : Number(row.line),
    status: row.status as MarketStatus,
  };
}

/** The book's reads: the catalogue and the operators' views, a few statements per page, never one per event. */
export const bookRepository = {
  async events(db: Executor, filter: EventFilter): Promise<EventRow[]> {
    const conditions: SQL[] = [windowCondition(filter)];
    if (filter.statuses?.length) conditions.push(sql`e.status = any(${texts(filter.statuses)}::text[])`);
    if (filter.sport) conditions.push(sql`e.sport = ${filter.sport}`);
    if (filter.competitionId !== undefined) conditions.push(sql`e.competition_id = ${filter.competitionId}`);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(sql`(e.home ilike ${pattern} or e.away ilike ${pattern} or c.name ilike ${pattern})`);
    }
    const order =
      filter.order === 'start'
        ? sql`e.start_at, e.id`
        : // The operator's list: what is still running or to come first, soonest first, then the rest newest first.
          sql`(e.status in ('scheduled', 'live', 'suspended')) desc,
            case when e.status in ('scheduled', 'live', 'suspended') then extract(epoch from e.start_at)
              else -extract(epoch from e.start_at) end, e.id`;
    const rows = resultRows<RawEvent>(
      await db.execute(sql`
        select ${EVENT_COLUMNS}
        from sports_events e join sports_competitions c on c.id = e.competition_id
        where ${sql.join(conditions, sql` and `)}
        order by ${order}
        limit ${filter.limit} offset ${filter.offset ?? 0}`),
    );
    return rows.map(toEvent);
  },

  async event(db: Executor, id: bigint): Promise<EventRow | null> {
    const [row] = resultRows<RawEvent>(
      await db.execute(sql`
        select ${EVENT_COLUMNS}
        from sports_events e join sports_competitions c on c.id = e.competition_id
        where e.id = ${id}`),
    );
    return row ? toEvent(row) : null;
  },

  /** The event a market belongs to, or null for an unknown market. */
  async eventOfMarket(db: Executor, marketId: bigint): Promise<bigint | null> {
    const [row] = resultRows<{ event_id: string }>(
      await db.execute(sql`select event_id::text as event_id from sports_markets where id = ${marketId}`),
    );
    return row ? BigInt(row.event_id) : null;
  },

  /**
   * The headline markets of each event with their selections, in one statement: full-time 1x2 or money line, and the
   * main handicap and total, the line whose prices are closest together (the most even split), lower line first on
   * a tie.
   */
  async headlineMarkets(
    db: Executor,
    eventIds: readonly bigint[],
  ): Promise<{ markets: MarketRow[]; selections: SelectionRow[] }> {
    if (eventIds.length === 0) return { markets: [], selections: [] };
    const rows = resultRows<RawMarket & RawSelection & { selection_id: string }>(
      await db.execute(sql`
        with candidates as (
          select m.id, m.event_id, m.type, m.period, m.line, m.status, max(s.odds) - min(s.odds) as spread
          from sports_markets m join sports_selections s on s.market_id = m.id
          where m.event_id = any(${ids(eventIds)}::bigint[]) and m.period = 'ft'
            and m.type in ('1x2', 'ml', 'ah', 'ou') and m.status <> 'void'
          group by m.id
        ),
        chosen as (
          select distinct on (event_id, type) * from candidates
          order by event_id, type, spread, abs(line), line, id
        )
        select c.id::text as id, c.event_id::text as event_id, c.type, c.period, c.line, c.status,
          s.id::text as selection_id, s.market_id::text as market_id, s.side, s.odds::text as odds, s.version, s.outcome
        from chosen c join sports_selections s on s.market_id = c.id`),
    );
    const markets = new Map<string, MarketRow>();
    for (const row of rows) if (!markets.has(row.id)) markets.set(row.id, toMarket(row));
    return {
      markets: [...markets.values()],
      selections: rows.map((row) => toSelection({ ...row, id: row.selection_id })),
    };
  },

  async marketsOf(db: Executor, eventIds: readonly bigint[]): Promise<MarketRow[]> {
    if (eventIds.length === 0) return [];
    const rows = resultRows<RawMarket>(
      await db.execute(sql`
        select id::text as id, event_id::text as event_id, type, period, line, status
        from sports_markets where event_id = any(${ids(eventIds)}::bigint[])`),
    );
    return rows.map(toMarket);
  },

  async selectionsOf(db: Executor, marketIds: readonly bigint[]): Promise<SelectionRow[]> {
    if (marketIds.length === 0) return [];
    const rows = resultRows<RawSelection>(
      await db.execute(sql`
        select id::text as id, market_id::text as market_id, side, odds::text as odds, version, outcome
        from sports_selections where market_id = any(${ids(marketIds)}::bigint[])`),
    );
    return rows.map(toSelection);
  },

  /** The markets of these events with their selections: every one (the event page) or the headline ones (lists). */
  async marketsWithSelections(
    db: Executor,
    eventIds: readonly bigint[],
    which: 'headline' | 'all',
  ): Promise<{ markets: MarketRow[]; selections: SelectionRow[] }> {
    if (which === 'headline') return bookRepository.headlineMarkets(db, eventIds);
    const markets = await bookRepository.marketsOf(db, eventIds);
    const selections = await bookRepository.selectionsOf(
      db,
      markets.map((market) => market.id),
    );
    return { markets, selections };
  },

  /** When the next scheduled event starts after `now` (it then leaves today's list): when lists change by time. */
  async nextStart(db: Executor, now: Date): Promise<Date | null> {
    const [row] = resultRows<{ start_ms: string | null }>(
      await db.execute(sql`
        select floor(extract(epoch from min(start_at)) * 1000)::bigint::text as start_ms
        from sports_events where status = 'scheduled' and start_at > ${now.toISOString()}`),
    );
    return row?.start_ms ? new Date(Number(row.start_ms)) : null;
  },

  /** Per sport and competition, how many events each list of the sports home has (one statement). */
  async menuCounts(db: Executor, now: Date, dayEnd: Date) {
    const rows = resultRows<{
      sport: Sport;
      competition_id: string;
      name: string;
      live: number;
      today: number;
      early: number;
    }>(
      await db.execute(sql`
        select e.sport, c.id::text as competition_id, c.name,
          count(*) filter (where e.status in ('live', 'suspended'))::int as live,
          count(*) filter (where e.status = 'scheduled' and e.start_at > ${now.toISOString()}
            and e.start_at < ${dayEnd.toISOString()})::int as today,
          count(*) filter (where e.status = 'scheduled' and e.start_at >= ${dayEnd.toISOString()})::int as early
        from sports_events e join sports_competitions c on c.id = e.competition_id
        where e.status in ('scheduled', 'live', 'suspended')
        group by e.sport, c.id, c.name, c.sort
        order by c.sort, c.name, c.id`),
    );
    return rows.map((row) => ({
      sport: row.sport,
      competitionId: BigInt(row.competition_id),
      name: row.name,
      live: Number(row.live),
      today: Number(row.today),
      early: Number(row.early),
    }));
  },
};

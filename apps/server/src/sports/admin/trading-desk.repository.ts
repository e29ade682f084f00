import type { BetStatus, EventStatus, Sport } from '@jinb/contract';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { EVENT_COLUMNS, type EventRow, type RawEvent, toEvent } from '../book/book.repository';

/** The console's event table: one page of events, each with its open bets, and how many matched. */
export type TradingEventFilter = {
  sport?: Sport;
  competitionId?: bigint;
  status?: EventStatus;
  /** Events starting in [start, end). */
  start?: Date;
  end?: Date;
  search?: string;
  /** A column and direction, or the desk's own order (running and to come first). */
  sort?: { field: 'startTime' | 'openStake' | 'openBets' | 'id'; desc: boolean };
  offset: number;
  limit: number;
};

export type TradingEventRecord = {
  event: EventRow;
  suspendedMarkets: number;
  openBets: number;
  openStake: bigint;
};

export type EventBetRecord = {
  id: bigint;
  memberId: bigint;
  account: string;
  type: string;
  system: string | null;
  status: BetStatus;
  totalStake: bigint;
  potentialPayout: bigint;
  payout: bigint | null;
  placedAt: Date;
  settledAt: Date | null;
  legCount: number;
};

/** `%` and `_` in the search are letters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Statuses of a bet whose stake is still at risk: an in-play bet in its delay counts as open. */
const OPEN_BETS = sql`b.status in ('open', 'pending')`;

/** SQL for the console's trading pages: the paged event table, the competitions, an event's bets. */
export const tradingDeskRepository = {
  async events(db: Executor, filter: TradingEventFilter): Promise<{ rows: TradingEventRecord[]; total: number }> {
    const conditions: SQL[] = [sql`true`];
    if (filter.sport) conditions.push(sql`e.sport = ${filter.sport}`);
    if (filter.competitionId !== undefined) conditions.push(sql`e.competition_id = ${filter.competitionId}`);
    if (filter.status) conditions.push(sql`e.status = ${filter.status}`);
    if (filter.start) conditions.push(sql`e.start_at >= ${filter.start.toISOString()}::timestamptz`);
    if (filter.end) conditions.push(sql`e.start_at < ${filter.end.toISOString()}::timestamptz`);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(sql`(e.home ilike ${pattern} or e.away ilike ${pattern} or c.name ilike ${pattern})`);
    }
    const direction = filter.sort?.desc ? sql`desc` : sql`asc`;
    const order = filter.sort
      ? sql`${sql.raw(
          { startTime: 'e.start_at', openStake: 'open_stake', openBets: 'open_bets', id: 'e.id' }[filter.sort.field],
        )} ${direction}, e.id ${direction}`
      : sql`(e.status in ('scheduled', 'live', 'suspended')) desc,
          case when e.status in ('scheduled', 'live', 'suspended') then extract(epoch from e.start_at)
            else -extract(epoch from e.start_at) end, e.id`;
    const rows = resultRows<
      RawEvent & { suspended_markets: number; open_bets: number; open_stake: string; total: number }
    >(
      await db.execute(sql`
        select ${EVENT_COLUMNS},
          (select count(*) from sports_markets m where m.event_id = e.id and m.status = 'suspended')::int
            as suspended_markets,
          ob.open_bets, ob.open_stake, count(*) over ()::int as total
        from sports_events e
        join sports_competitions c on c.id = e.competition_id
        left join lateral (
          select count(*)::int as open_bets, coalesce(sum(b.total_stake), 0) as open_stake
          from sports_bets b
          where ${OPEN_BETS} and b.id in (select l.bet_id from sports_bet_legs l where l.event_id = e.id)
        ) ob on true
        where ${sql.join(conditions, sql` and `)}
        order by ${order}
        offset ${filter.offset} limit ${filter.limit}`),
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && filter.offset > 0) {
      // A page past the end still says how many there are.
      const [count] = resultRows<{ total: number }>(
        await db.execute(sql`select count(*)::int as total from sports_events e
          join sports_competitions c on c.id = e.competition_id where ${sql.join(conditions, sql` and `)}`),
      );
      total = count?.total ?? 0;
    }
    return {
      rows: rows.map((row) => ({
        event: toEvent(row),
        suspendedMarkets: Number(row.suspended_markets),
        openBets: Number(row.open_bets),
        openStake: BigInt(row.open_stake),
      })),
      total: Number(total),
    };
  },

  async competitions(
    db: Executor,
    sport: Sport | undefined,
  ): Promise<Array<{ id: bigint; sport: Sport; name: string; events: number }>> {
    const rows = resultRows<{ id: string; sport: Sport; name: string; events: number }>(
      await db.execute(sql`
        select c.id::text as id, c.sport, c.name,
          (select count(*) from sports_events e where e.competition_id = c.id)::int as events
        from sports_competitions c
        where ${sport ? sql`c.sport = ${sport}` : sql`true`}
        order by c.sport, c.sort, c.name, c.id`),
    );
    return rows.map((row) => ({ ...row, id: BigInt(row.id), events: Number(row.events) }));
  },

  /** The bets with a leg on the event, newest first unless sorted, and how many there are. */
  async eventBets(
    db: Executor,
    input: {
      eventId: bigint;
      statuses?: readonly BetStatus[];
      sort?: { field: 'placedAt' | 'totalStake' | 'potentialPayout'; desc: boolean };
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: EventBetRecord[]; total: number }> {
    const conditions: SQL[] = [
      sql`b.id in (select l.bet_id from sports_bet_legs l where l.event_id = ${input.eventId})`,
    ];
    if (input.statuses?.length) conditions.push(sql`b.status = any(${textArray(input.statuses)}::text[])`);
    const sort = input.sort ?? { field: 'placedAt', desc: true };
    const direction = sort.desc ? sql`desc` : sql`asc`;
    const column = sql.raw(
      { placedAt: 'b.placed_at', totalStake: 'b.total_stake', potentialPayout: 'b.potential_payout' }[sort.field],
    );
    const where = sql.join(conditions, sql` and `);
    const [rows, counted] = await Promise.all([
      db.execute(sql`
        select b.id::text as id, b.member_id::text as member_id, m.account, b.type, b.system, b.status,
          b.total_stake::text as total_stake, b.potential_payout::text as potential_payout, b.payout::text as payout,
          floor(extract(epoch from b.placed_at) * 1000)::bigint::text as placed_ms,
          floor(extract(epoch from b.settled_at) * 1000)::bigint::text as settled_ms,
          (select count(*) from sports_bet_legs l where l.bet_id = b.id)::int as leg_count
        from sports_bets b join members m on m.id = b.member_id
        where ${where}
        order by ${column} ${direction}, b.id ${direction}
        offset ${input.offset} limit ${input.limit}`),
      db.execute(sql`select count(*)::int as total from sports_bets b where ${where}`),
    ]);
    const [count] = resultRows<{ total: number }>(counted);
    return {
      rows: resultRows<{
        id: string;
        member_id: string;
        account: string;
        type: string;
        system: string | null;
        status: BetStatus;
        total_stake: string;
        potential_payout: string;
        payout: string | null;
        placed_ms: string;
        settled_ms: string | null;
        leg_count: number;
      }>(rows).map((row) => ({
        id: BigInt(row.id),
        memberId: BigInt(row.member_id),
        account: row.account,
        type: row.type,
        system: row.system,
        status: row.status,
        totalStake: BigInt(row.total_stake),
        potentialPayout: BigInt(row.potential_payout),
        payout: row.payout === null ? null : BigInt(row.payout),
        placedAt: new Date(Number(row.placed_ms)),
        settledAt: row.settled_ms === null ? null : new Date(Number(row.settled_ms)),
        legCount: Number(row.leg_count),
      })),
      total: Number(count?.total ?? 0),
    };
  },
};

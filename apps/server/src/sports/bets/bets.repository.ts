import type {
  AcceptOdds,
  BetStatus,
  BetType,
  EventStatus,
  MarketStatus,
  MarketType,
  Period,
  Sport,
} from '@jinb/contract';
import type { Outcome } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { bigintArray as ids } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { causeField } from '../../wallet/ledger/ledger.service';
import type { EventResult } from '../settlement/event-result';

/** A selection as placement reads it: its price now, and what the bet view shows of its market and event. */
export type PricedSelection = {
  selectionId: bigint;
  side: string;
  odds: bigint;
  version: number;
  marketId: bigint;
  type: MarketType;
  period: Period;
  line: number | null;
  marketStatus: MarketStatus;
  eventId: bigint;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  startAt: Date;
  eventStatus: EventStatus;
  /** Read with the database's clock, the one sports_place_bet checks with. */
  started: boolean;
};

/** A leg as the bet views show it. */
export type LegRow = {
  betId: bigint;
  legNo: number;
  selectionId: bigint;
  side: string;
  odds: bigint;
  /** The leg's outcome once its bet was settled, else its selection's once the market is (an open parlay shows
   * the legs already decided). */
  outcome: Outcome | null;
  marketId: bigint;
  type: MarketType;
  period: Period;
  line: number | null;
  eventId: bigint;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  startAt: Date;
  result: EventResult | null;
};

export type BetRow = {
  id: bigint;
  type: BetType;
  system: string | null;
  status: BetStatus;
  stake: bigint;
  lineCount: number;
  totalStake: bigint;
  potentialPayout: bigint;
  payout: bigint | null;
  turnover: bigint;
  settleCount: number;
  placedAt: Date;
  settledAt: Date | null;
  /** When an in-play bet's delay ends (kept once decided). */
  decideAt?: Date | null;
};

export type PlaceOutcome =
  /** `decideAt`: an in-play bet, pending until then (null: it stands now). */
  | { outcome: 'created'; id: bigint; placedAt: Date; atCap: bigint[]; decideAt: Date | null }
  | { outcome: 'replayed'; id: bigint; placedAt: Date }
  | { outcome: 'conflict' | 'stale' | 'daily_payout_limit' }
  /** The bet would have taken this selection's liability past its cap: nothing was written. */
  | { outcome: 'liability_limit'; selectionId: bigint };

export type BetFilter = {
  memberId: bigint;
  status: BetStatus;
  /** On the time the bet was placed; `end` exclusive. */
  start: Date | null;
  end: Date | null;
  offset: number;
  limit: number;
};

type RawBet = {
  id: string;
  type: BetType;
  system: string | null;
  status: BetStatus;
  stake: string;
  line_count: number;
  total_stake: string;
  potential_payout: string;
  payout: string | null;
  turnover: string;
  settle_count: number;
  placed_ms: string;
  settled_ms: string | null;
  decide_ms: string | null;
};

type RawLeg = {
  bet_id: string;
  leg_no: number;
  selection_id: string;
  side: string;
  odds: string;
  outcome: Outcome | null;
  market_id: string;
  type: MarketType;
  period: Period;
  line: number | null;
  event_id: string;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  start_ms: string;
  result: EventResult | string | null;
};

const BET_COLUMNS = sql.raw(`b.id::text as id, b.type, b.system, b.status, b.stake::text as stake, b.line_count,
  b.total_stake::text as total_stake, b.potential_payout::text as potential_payout, b.payout::text as payout,
  b.turnover::text as turnover, b.settle_count,
  floor(extract(epoch from b.placed_at) * 1000)::bigint::text as placed_ms,
  floor(extract(epoch from b.settled_at) * 1000)::bigint::text as settled_ms,
  floor(extract(epoch from b.decide_at) * 1000)::bigint::text as decide_ms`);

function toBet(row: RawBet): BetRow {
  return {
    id: BigInt(row.id),
    type: row.type,
    system: row.system,
    status: row.status,
    stake: BigInt(row.stake),
    lineCount: Number(row.line_count),
    totalStake: BigInt(row.total_stake),
    potentialPayout: BigInt(row.potential_payout),
    payout: row.payout === null ? null : BigInt(row.payout),
    turnover: BigInt(row.turnover),
    settleCount: Number(row.settle_count),
    placedAt: new Date(Number(row.placed_ms)),
    settledAt: row.settled_ms === null ? null : new Date(Number(row.settled_ms)),
    decideAt: row.decide_ms == null ? null : new Date(Number(row.decide_ms)),
  };
}

function toLeg(row: RawLeg): LegRow {
  return {
    betId: BigInt(row.bet_id),
    legNo: Number(row.leg_no),
    selectionId: BigInt(row.selection_id),
    side: row.side,
    odds: BigInt(row.odds),
    outcome: row.outcome,
    marketId: BigInt(row.market_id),
    type: row.type,
    period: row.period,
    line: row.line === null ? null : Number(row.line),
    eventId: BigInt(row.event_id),
    sport: row.sport,
    competition: row.competition,
    home: row.home,
    away: row.away,
    startAt: new Date(Number(row.start_ms)),
    // PGlite hands jsonb over parsed, node-postgres too; a string is parsed for drivers that do not.
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as EventResult) : row.result,
  };
}

/** SQL for placing bets and reading them back. */
export const betsRepository = {
  /** Every selection asked for with its market, event and current price, in one query; unknown ids are absent. */
  async priced(db: Executor, selectionIds: readonly bigint[]): Promise<PricedSelection[]> {
    const rows = resultRows<{
      selection_id: string;
      side: string;
      odds: string;
      version: number;
      market_id: string;
      type: MarketType;
      period: Period;
      line: number | null;
      market_status: MarketStatus;
      event_id: string;
      sport: Sport;
      competition: string;
      home: string;
      away: string;
      start_ms: string;
      event_status: EventStatus;
      started: boolean;
    }>(
      await db.execute(sql`
        select s.id::text as selection_id, s.side, s.odds::text as odds, s.version, m.id::text as market_id, m.type,
          m.period, m.line, m.status as market_status, e.id::text as event_id, e.sport, c.name as competition,
          e.home, e.away, floor(extract(epoch from e.start_at) * 1000)::bigint::text as start_ms,
          e.status as event_status, e.start_at <= now() as started
        from sports_selections s
        join sports_markets m on m.id = s.market_id
        join sports_events e on e.id = s.event_id
        join sports_competitions c on c.id = e.competition_id
        where s.id = any(${ids(selectionIds)}::bigint[])`),
    );
    return rows.map((row) => ({
      selectionId: BigInt(row.selection_id),
      side: row.side,
      odds: BigInt(row.odds),
      version: Number(row.version),
      marketId: BigInt(row.market_id),
      type: row.type,
      period: row.period,
      line: row.line === null ? null : Number(row.line),
      marketStatus: row.market_status,
      eventId: BigInt(row.event_id),
      sport: row.sport,
      competition: row.competition,
      home: row.home,
      away: row.away,
      startAt: new Date(Number(row.start_ms)),
      eventStatus: row.event_status,
      started: row.started === true || (row.started as unknown) === 't',
    }));
  },

  /** The bet in one statement: sports_place_bet (migration 0012). */
  async place(
    db: Executor,
    input: {
      memberId: bigint;
      key: string;
      paramsHash: string;
      type: BetType;
      system: string | null;
      stake: bigint;
      lineCount: number;
      potentialPayout: bigint;
      acceptOdds: AcceptOdds;
      legs: ReadonlyArray<{
        selectionId: bigint;
        odds: bigint;
        version: number;
        eventId: bigint;
        /** The stake and potential payout of the bet's lines this leg is part of, and its selection's cap. */
        lineStake: bigint;
        linePayout: bigint;
        liabilityCap: bigint;
      }>;
      since: Date;
      maxDailyPayout: bigint;
      mainId: bigint;
      betsId: bigint;
      actor: string;
      /** How long the bet is held when one of its legs is in play. */
      delayMs: number;
    },
  ): Promise<PlaceOutcome> {
    const legs = input.legs;
    let rows: Array<{
      outcome: string;
      id: string | null;
      placed_ms: string | null;
      at_cap: string[] | null;
      decide_ms: string | null;
    }>;
    try {
      rows = resultRows(
        await db.execute(sql`
          select outcome, id, placed_ms, at_cap::text[] as at_cap, decide_ms from sports_place_bet(${input.memberId},
            ${input.key}, ${input.paramsHash}, ${input.type}, ${input.system}, ${input.stake}, ${input.lineCount},
            ${input.potentialPayout}, ${input.acceptOdds}, ${ids(legs.map((leg) => leg.selectionId))}::bigint[],
            ${ids(legs.map((leg) => leg.odds))}::bigint[],
            ${sql.param(legs.map((leg) => String(leg.version)))}::integer[],
            ${ids(legs.map((leg) => leg.eventId))}::bigint[], ${ids(legs.map((leg) => leg.lineStake))}::bigint[],
            ${ids(legs.map((leg) => leg.linePayout))}::bigint[], ${ids(legs.map((leg) => leg.liabilityCap))}::bigint[],
            ${input.since.toISOString()}::timestamptz, ${input.maxDailyPayout}, ${input.mainId}, ${input.betsId},
            ${input.actor}, ${input.delayMs})`),
      );
    } catch (error) {
      if (causeField(error, 'hint') !== 'LIABILITY_LIMIT') throw error;
      return { outcome: 'liability_limit', selectionId: BigInt(causeField(error, 'detail') ?? '0') };
    }
    const [row] = rows;
    if (!row) throw new Error('sports_place_bet returned nothing');
    if (row.outcome === 'created' || row.outcome === 'replayed') {
      if (!row.id || !row.placed_ms) throw new Error(`sports_place_bet: ${row.outcome} without a bet`);
      const placed = { id: BigInt(row.id), placedAt: new Date(Number(row.placed_ms)) };
      return row.outcome === 'created'
        ? {
            outcome: 'created',
            ...placed,
            atCap: (row.at_cap ?? []).map(BigInt),
            decideAt: row.decide_ms ? new Date(Number(row.decide_ms)) : null,
          }
        : { outcome: 'replayed', ...placed };
    }
    return { outcome: row.outcome as 'conflict' | 'stale' | 'daily_payout_limit' };
  },

  /** The member's bet under this Idempotency-Key and what it asked for, if there is one. */
  async byKey(db: Executor, memberId: bigint, key: string): Promise<{ id: bigint; paramsHash: string } | undefined> {
    const [row] = resultRows<{ id: string; params_hash: string }>(
      await db.execute(sql`
        select id::text as id, params_hash from sports_bets where member_id = ${memberId} and idempotency_key = ${key}`),
    );
    return row ? { id: BigInt(row.id), paramsHash: row.params_hash } : undefined;
  },

  /** One bet of this member (another member's id is simply not found). */
  async bet(db: Executor, memberId: bigint, id: bigint): Promise<BetRow | undefined> {
    const [row] = resultRows<RawBet>(
      await db.execute(sql`select ${BET_COLUMNS} from sports_bets b where b.id = ${id} and b.member_id = ${memberId}`),
    );
    return row ? toBet(row) : undefined;
  },

  /**
   * One page of the member's bets, newest first, and the totals over every bet the filter matches, in one
   * statement (the totals row comes back even for a page past the end).
   */
  async page(
    db: Executor,
    filter: BetFilter,
  ): Promise<{ bets: BetRow[]; total: number; stake: bigint; payout: bigint; settledStake: bigint }> {
    // The open bets include those still in their in-play delay: the member's money is in them either way.
    const statuses = filter.status === 'open' ? ['open', 'pending'] : [filter.status];
    const conditions = [sql`b.member_id = ${filter.memberId}`, sql`b.status = any(${sql.param(statuses)}::text[])`];
    if (filter.start) conditions.push(sql`b.placed_at >= ${filter.start.toISOString()}::timestamptz`);
    if (filter.end) conditions.push(sql`b.placed_at < ${filter.end.toISOString()}::timestamptz`);
    const rows = resultRows<
      Partial<RawBet> & { total: string; sum_stake: string; sum_payout: string; sum_settled_stake: string }
    >(
      await db.execute(sql`
        with matched as (select * from sports_bets b where ${sql.join(conditions, sql` and `)}),
        totals as (
          select count(*)::text as total, coalesce(sum(total_stake), 0)::text as sum_stake,
            coalesce(sum(payout) filter (where status = 'settled'), 0)::text as sum_payout,
            coalesce(sum(total_stake) filter (where status = 'settled'), 0)::text as sum_settled_stake
          from matched
        )
        select totals.*, page.*
        from totals
        left join lateral (
          select ${BET_COLUMNS} from matched b order by b.placed_at desc, b.id desc
          offset ${filter.offset} limit ${filter.limit}
        ) page on true`),
    );
    const first = rows[0];
    return {
      bets: rows.filter((row) => row.id != null).map((row) => toBet(row as RawBet)),
      total: Number(first?.total ?? 0),
      stake: BigInt(first?.sum_stake ?? '0'),
      payout: BigInt(first?.sum_payout ?? '0'),
      settledStake: BigInt(first?.sum_settled_stake ?? '0'),
    };
  },

  /** The legs of these bets with their events and markets, in one query, by bet and leg order. */
  async legs(db: Executor, betIds: readonly bigint[]): Promise<LegRow[]> {
    if (betIds.length === 0) return [];
    const rows = resultRows<RawLeg>(
      await db.execute(sql`
        select l.bet_id::text as bet_id, l.leg_no, l.selection_id::text as selection_id, s.side,
          l.odds::text as odds, coalesce(l.outcome, s.outcome) as outcome, m.id::text as market_id, m.type, m.period,
          m.line, e.id::text as event_id, e.sport, c.name as competition, e.home, e.away,
          floor(extract(epoch from e.start_at) * 1000)::bigint::text as start_ms, e.result
        from sports_bet_legs l
        join sports_selections s on s.id = l.selection_id
        join sports_markets m on m.id = l.market_id
        join sports_events e on e.id = l.event_id
        join sports_competitions c on c.id = e.competition_id
        where l.bet_id = any(${ids(betIds)}::bigint[])
        order by l.bet_id, l.leg_no`),
    );
    return rows.map(toLeg);
  },

  async preferences(db: Executor, memberId: bigint): Promise<{ oddsFormat: string; acceptOdds: AcceptOdds }> {
    const [row] = resultRows<{ odds_format: string; accept_odds: AcceptOdds }>(
      await db.execute(sql`select odds_format, accept_odds from sports_preferences where member_id = ${memberId}`),
    );
    return { oddsFormat: row?.odds_format ?? 'eu', acceptOdds: row?.accept_odds ?? 'none' };
  },

  /** Saves what was sent and keeps the rest; answers with the member's preferences after the change. */
  async savePreferences(
    db: Executor,
    memberId: bigint,
    change: { oddsFormat?: string | undefined; acceptOdds?: AcceptOdds | undefined },
  ): Promise<{ oddsFormat: string; acceptOdds: AcceptOdds }> {
    const [row] = resultRows<{ odds_format: string; accept_odds: AcceptOdds }>(
      await db.execute(sql`
        insert into sports_preferences as p (member_id, odds_format, accept_odds)
        values (${memberId}, ${change.oddsFormat ?? 'eu'}, ${change.acceptOdds ?? 'none'})
        on conflict (member_id) do update set
          odds_format = coalesce(${change.oddsFormat ?? null}::text, p.odds_format),
          accept_odds = coalesce(${change.acceptOdds ?? null}::text, p.accept_odds)
        returning odds_format, accept_odds`),
    );
    return { oddsFormat: row?.odds_format ?? 'eu', acceptOdds: row?.accept_odds ?? 'none' };
  },
};

import type { MarketType, Period, Sport } from '@jinb/contract';
import type { Outcome } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { bigintArray as ids, textArray as texts } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { lockEvents } from '../event-locks';
import type { EventResult } from './event-result';

export type EventRow = {
  id: bigint;
  sport: Sport;
  status: string;
  result: EventResult | null;
  resultVersion: number;
};

export type MarketRow = {
  id: bigint;
  eventId: bigint;
  type: MarketType;
  period: Period;
  line: number | null;
  status: string;
  selections: Array<{ id: bigint; side: string; outcome: Outcome | null }>;
};

/** A flagged bet whose legs are all decided, locked for its settlement batch. */
export type ClaimedBet = {
  id: bigint;
  memberId: bigint;
  type: 'single' | 'parlay' | 'system';
  system: string | null;
  stake: bigint;
  totalStake: bigint;
  /** What the previous settlement paid (null before the first). */
  payout: bigint | null;
  unrecovered: bigint;
  settleCount: number;
  legs: Array<{ legNo: number; odds: bigint; outcome: Outcome; eventId: bigint }>;
};

export type SettledBet = {
  id: bigint;
  payout: bigint;
  turnover: bigint;
  unrecovered: bigint;
  settleCount: number;
  legs: Array<{ legNo: number; outcome: Outcome }>;
};

/** SQL of the settlement runs: events, markets and bets. Money goes through the ledger service only. */
export const settlementRepository = {
  /**
   * The event, locked for the result, cancellation or void that changes it: its event lock (exclusive, so bets on
   * it wait and then see the change) and its row (results, cancellations and voids of one event run one at a time).
   * See the lock order in migration 0014.
   */
  async lockEvent(db: Executor, eventId: bigint): Promise<EventRow | undefined> {
    await lockEvents(db, [eventId]);
    const [row] = resultRows<{ id: string; sport: Sport; status: string; result: unknown; result_version: number }>(
      await db.execute(sql`
        select id::text as id, sport, status, result, result_version from sports_events where id = ${eventId}
        for no key update`),
    );
    if (!row) return undefined;
    return {
      id: BigInt(row.id),
      sport: row.sport,
      status: row.status,
      result: (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as EventResult | null,
      resultVersion: Number(row.result_version),
    };
  },

  async eventOfMarket(db: Executor, marketId: bigint): Promise<bigint | undefined> {
    const [row] = resultRows<{ event_id: string }>(
      await db.execute(sql`select event_id::text as event_id from sports_markets where id = ${marketId}`),
    );
    return row ? BigInt(row.event_id) : undefined;
  },

  async storeResult(db: Executor, eventId: bigint, result: EventResult, version: number): Promise<void> {
    await db.execute(sql`
      update sports_events
      set result = ${JSON.stringify(result)}::jsonb, result_version = ${version}, status = 'finished',
        version = version + 1, updated_at = now()
      where id = ${eventId}`);
  },

  async setEventStatus(db: Executor, eventId: bigint, status: string): Promise<void> {
    await db.execute(sql`
      update sports_events set status = ${status}, version = version + 1, updated_at = now() where id = ${eventId}`);
  },

  /** Bumps the event's version: a market of it changed, so screens showing it must not keep the old one. */
  async touchEvent(db: Executor, eventId: bigint): Promise<void> {
    await db.execute(sql`update sports_events set version = version + 1, updated_at = now() where id = ${eventId}`);
  },

  /** The markets of an event (or one market) with their selections. */
  async markets(db: Executor, where: { eventId: bigint } | { marketId: bigint }): Promise<MarketRow[]> {
    const filter = 'eventId' in where ? sql`m.event_id = ${where.eventId}` : sql`m.id = ${where.marketId}`;
    const rows = resultRows<{
      id: string;
      event_id: string;
      type: MarketType;
      period: Period;
      line: number | null;
      status: string;
      selection_id: string;
      side: string;
      outcome: Outcome | null;
    }>(
      await db.execute(sql`
        select m.id::text as id, m.event_id::text as event_id, m.type, m.period, m.line, m.status,
          s.id::text as selection_id, s.side, s.outcome
        from sports_markets m join sports_selections s on s.market_id = m.id
        where ${filter}
        order by m.id, s.id`),
    );
    const markets = new Map<string, MarketRow>();
    for (const row of rows) {
      let market = markets.get(row.id);
      if (!market) {
        market = {
          id: BigInt(row.id),
          eventId: BigInt(row.event_id),
          type: row.type,
          period: row.period,
          line: row.line === null ? null : Number(row.line),
          status: row.status,
          selections: [],
        };
        markets.set(row.id, market);
      }
      market.selections.push({ id: BigInt(row.selection_id), side: row.side, outcome: row.outcome });
    }
    return [...markets.values()];
  },

  /**
   * Sets the markets' status (and result version), the selections' outcomes, and flags every bet with a leg on a
   * selection whose outcome changed (sports_decide_selections, migration 0013).
   */
  async decide(
    db: Executor,
    input: {
      marketIds: bigint[];
      status: 'settled' | 'void';
      settledVersion: number | null;
      selections: Array<{ id: bigint; outcome: Outcome }>;
    },
  ): Promise<{ changedSelections: number; flaggedBets: number }> {
    const [row] = resultRows<{ changed_selections: number; flagged_bets: number }>(
      await db.execute(sql`
        select changed_selections, flagged_bets from sports_decide_selections(
          ${ids(input.marketIds)}::bigint[], ${input.status}, ${input.settledVersion}::integer,
          ${ids(input.selections.map((selection) => selection.id))}::bigint[],
          ${texts(input.selections.map((selection) => selection.outcome))}::text[])`),
    );
    return { changedSelections: Number(row?.changed_selections ?? 0), flaggedBets: Number(row?.flagged_bets ?? 0) };
  },

  /**
   * Up to `limit` flagged bets after `afterId` whose every leg is decided, locked; bets another process holds are
   * skipped (it is settling them), so two processes share the work (sports_claim_bets, migration 0013).
   */
  async claim(db: Executor, afterId: bigint, limit: number): Promise<ClaimedBet[]> {
    const rows = resultRows<{
      id: string;
      member_id: string;
      type: ClaimedBet['type'];
      system: string | null;
      stake: string;
      total_stake: string;
      payout: string | null;
      unrecovered: string;
      settle_count: number;
      leg_no: number;
      odds: string;
      outcome: Outcome;
      event_id: string;
    }>(
      await db.execute(sql`
        select id::text as id, member_id::text as member_id, type, system, stake::text as stake,
          total_stake::text as total_stake, payout::text as payout, unrecovered::text as unrecovered, settle_count,
          leg_no, odds::text as odds, outcome, event_id::text as event_id
        from sports_claim_bets(${afterId}, ${limit})`),
    );
    const bets: ClaimedBet[] = [];
    let current: ClaimedBet | undefined;
    for (const row of rows) {
      const id = BigInt(row.id);
      if (current?.id !== id) {
        current = {
          id,
          memberId: BigInt(row.member_id),
          type: row.type,
          system: row.system,
          stake: BigInt(row.stake),
          totalStake: BigInt(row.total_stake),
          payout: row.payout === null ? null : BigInt(row.payout),
          unrecovered: BigInt(row.unrecovered),
          settleCount: Number(row.settle_count),
          legs: [],
        };
        bets.push(current);
      }
      current.legs.push({
        legNo: Number(row.leg_no),
        odds: BigInt(row.odds),
        outcome: row.outcome,
        eventId: BigInt(row.event_id),
      });
    }
    return bets;
  },

  /** Writes a settled batch: legs, bets and the members' turnover (sports_record_settled, migration 0013). */
  async recordSettled(db: Executor, bets: SettledBet[]): Promise<number> {
    const legs = bets.flatMap((bet) => bet.legs.map((leg) => ({ betId: bet.id, ...leg })));
    const [row] = resultRows<{ updated: number }>(
      await db.execute(sql`
        select sports_record_settled(
          ${ids(bets.map((bet) => bet.id))}::bigint[], ${ids(bets.map((bet) => bet.payout))}::bigint[],
          ${ids(bets.map((bet) => bet.turnover))}::bigint[], ${ids(bets.map((bet) => bet.unrecovered))}::bigint[],
          ${sql.param(bets.map((bet) => bet.settleCount))}::integer[],
          ${ids(legs.map((leg) => leg.betId))}::bigint[], ${sql.param(legs.map((leg) => leg.legNo))}::integer[],
          ${texts(legs.map((leg) => leg.outcome))}::text[]) as updated`),
    );
    return Number(row?.updated ?? 0);
  },

  /**
   * Locks these wallet accounts in ascending id order (the ledger's lock order; the ledger writes them, this only
   * locks and reads) and answers each member's main balance, for reversals that may not take more than main holds.
   * The ids are looked up first and locked by id alone: locking through a join, a row another transaction had just
   * updated was rechecked against the join and left out, and its member's reversal was taken as unaffordable.
   */
  async lockAccounts(
    db: Executor,
    memberAccounts: Array<{ memberId: bigint; kind: string }>,
    houseKinds: string[],
  ): Promise<Map<bigint, bigint>> {
    const accountIds = resultRows<{ id: string }>(
      await db.execute(sql`
        select m.id::text as id from wallet_accounts m
        join unnest(${ids(memberAccounts.map((ref) => ref.memberId))}::bigint[],
          ${texts(memberAccounts.map((ref) => ref.kind))}::text[]) as r(member_id, kind)
          on m.member_id = r.member_id and m.kind = r.kind
        union all
        select h.id::text from wallet_accounts h
        where h.member_id is null and h.kind = any(${texts(houseKinds.map((kind) => `house:${kind}`))}::text[])`),
    ).map((row) => BigInt(row.id));
    const rows = resultRows<{ member_id: string | null; kind: string; balance: string }>(
      await db.execute(sql`
        select a.member_id::text as member_id, a.kind, a.balance::text as balance
        from wallet_accounts a
        where a.id = any(${ids(accountIds)}::bigint[])
        order by a.id
        for update`),
    );
    const mains = new Map<bigint, bigint>();
    for (const row of rows)
      if (row.member_id !== null && row.kind === 'main') mains.set(BigInt(row.member_id), BigInt(row.balance));
    return mains;
  },

  /** Finished events whose markets and bets are all settled become `settled`; null looks at every finished event. */
  async closeEvents(db: Executor, eventIds: bigint[] | null): Promise<bigint[]> {
    const rows = resultRows<{ id: string }>(
      await db.execute(
        sql`select id::text as id from sports_close_events(${eventIds === null ? null : ids(eventIds)}::bigint[]) as id`,
      ),
    );
    return rows.map((row) => BigInt(row.id));
  },
};

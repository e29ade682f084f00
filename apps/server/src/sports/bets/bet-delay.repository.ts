import type { AcceptOdds, BetType, EventStatus, MarketStatus } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { bigintArray as ids } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

/** A bet in its delay, locked for its decision. */
export type PendingBet = {
  id: bigint;
  memberId: bigint;
  type: BetType;
  system: string | null;
  acceptOdds: AcceptOdds;
  stake: bigint;
  totalStake: bigint;
  potentialPayout: bigint;
};

/** A leg of a pending bet: what it was placed at and what its selection, market and event are now. */
export type PendingLeg = {
  betId: bigint;
  legNo: number;
  selectionId: bigint;
  odds: bigint;
  lineStake: bigint;
  linePayout: bigint;
  oddsNow: bigint;
  versionNow: number;
  marketStatus: MarketStatus;
  eventStatus: EventStatus;
  /** Read with the database's clock: a scheduled event past its start takes no bet. */
  started: boolean;
};

export type Decision =
  | { betId: bigint; outcome: 'stood' }
  | { betId: bigint; outcome: 'refused' }
  /** Stood at lower prices the member's policy (`any`) accepts: the legs' new odds, lines and the bet's payout. */
  | {
      betId: bigint;
      outcome: 'repriced';
      potentialPayout: bigint;
      legs: Array<{ legNo: number; odds: bigint; version: number | null; lineStake: bigint; linePayout: bigint }>;
    };

/** SQL of the bet delay (migration 0015). Every call takes the caller's transaction. */
export const betDelayRepository = {
  /** The due pending bets (not locked) and the events their legs are on, oldest first. */
  async due(db: Executor, limit: number): Promise<{ bets: bigint[]; events: bigint[] }> {
    const rows = resultRows<{ id: string; events: string[] }>(
      await db.execute(sql`
        select b.id::text as id,
          (select array_agg(distinct l.event_id)::text[] from sports_bet_legs l where l.bet_id = b.id) as events
        from sports_bets b
        where b.status = 'pending' and b.decide_at <= now()
        order by b.decide_at, b.id
        limit ${limit}`),
    );
    return {
      bets: rows.map((row) => BigInt(row.id)),
      events: [...new Set(rows.flatMap((row) => row.events ?? []))].map(BigInt),
    };
  },

  /** When the next pending bet is due (ms since the epoch), if any. */
  async nextDue(db: Executor): Promise<number | null> {
    const [row] = resultRows<{ at: string | null }>(
      await db.execute(sql`
        select floor(extract(epoch from min(decide_at)) * 1000)::bigint::text as at
        from sports_bets where status = 'pending'`),
    );
    return row?.at ? Number(row.at) : null;
  },

  /**
   * Locks these bets in id order, skipping any another process is deciding, and keeps those still pending (a
   * bet decided since it was read is left alone: the decision happens once).
   */
  async lock(db: Executor, betIds: readonly bigint[]): Promise<PendingBet[]> {
    const rows = resultRows<{
      id: string;
      member_id: string;
      type: BetType;
      system: string | null;
      accept_odds: AcceptOdds;
      stake: string;
      total_stake: string;
      potential_payout: string;
    }>(
      await db.execute(sql`
        select id::text as id, member_id::text as member_id, type, system, accept_odds, stake::text as stake,
          total_stake::text as total_stake, potential_payout::text as potential_payout
        from sports_bets
        where id = any(${ids(betIds)}::bigint[]) and status = 'pending'
        order by id
        for update skip locked`),
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      memberId: BigInt(row.member_id),
      type: row.type,
      system: row.system,
      acceptOdds: row.accept_odds,
      stake: BigInt(row.stake),
      totalStake: BigInt(row.total_stake),
      potentialPayout: BigInt(row.potential_payout),
    }));
  },

  async legs(db: Executor, betIds: readonly bigint[]): Promise<PendingLeg[]> {
    const rows = resultRows<{
      bet_id: string;
      leg_no: number;
      selection_id: string;
      odds: string;
      line_stake: string;
      line_payout: string;
      odds_now: string;
      version_now: number;
      market_status: MarketStatus;
      event_status: EventStatus;
      started: boolean | string;
    }>(
      await db.execute(sql`
        select l.bet_id::text as bet_id, l.leg_no, l.selection_id::text as selection_id, l.odds::text as odds,
          l.line_stake::text as line_stake, l.line_payout::text as line_payout, s.odds::text as odds_now,
          s.version as version_now, m.status as market_status, e.status as event_status,
          e.start_at <= now() as started
        from sports_bet_legs l
        join sports_selections s on s.id = l.selection_id
        join sports_markets m on m.id = l.market_id
        join sports_events e on e.id = l.event_id
        where l.bet_id = any(${ids(betIds)}::bigint[])
        order by l.bet_id, l.leg_no`),
    );
    return rows.map((row) => ({
      betId: BigInt(row.bet_id),
      legNo: Number(row.leg_no),
      selectionId: BigInt(row.selection_id),
      odds: BigInt(row.odds),
      lineStake: BigInt(row.line_stake),
      linePayout: BigInt(row.line_payout),
      oddsNow: BigInt(row.odds_now),
      versionNow: Number(row.version_now),
      marketStatus: row.market_status,
      eventStatus: row.event_status,
      started: row.started === true || row.started === 't',
    }));
  },

  /**
   * Writes the decisions: stood bets `open`, repriced ones with their new odds and payout, refused ones `refused`
   * with their stake as the payout (it came back) and out of the settlement queue; then gives back the exposure the
   * refused bets' legs (and the repriced legs' difference) had taken, in selection order (the lock order's last step).
   */
  async record(db: Executor, decisions: readonly Decision[], legs: readonly PendingLeg[]): Promise<void> {
    const stood = decisions.filter((d) => d.outcome !== 'refused').map((d) => d.betId);
    const refused = decisions.filter((d) => d.outcome === 'refused').map((d) => d.betId);
    if (stood.length > 0)
      await db.execute(sql`update sports_bets set status = 'open' where id = any(${ids(stood)}::bigint[])`);
    if (refused.length > 0)
      await db.execute(sql`
        update sports_bets set status = 'refused', payout = total_stake, needs_settlement = false, settled_at = now()
        where id = any(${ids(refused)}::bigint[])`);

    const exposure = new Map<bigint, { bets: number; stake: bigint; payout: bigint }>();
    const give = (selectionId: bigint, bets: number, stake: bigint, payout: bigint) => {
      const entry = exposure.get(selectionId) ?? { bets: 0, stake: 0n, payout: 0n };
      exposure.set(selectionId, { bets: entry.bets + bets, stake: entry.stake + stake, payout: entry.payout + payout });
    };
    const refusedSet = new Set(refused);
    for (const leg of legs) if (refusedSet.has(leg.betId)) give(leg.selectionId, 1, leg.lineStake, leg.linePayout);
    for (const decision of decisions) {
      if (decision.outcome !== 'repriced') continue;
      await db.execute(sql`
        update sports_bets set potential_payout = ${decision.potentialPayout} where id = ${decision.betId}`);
      for (const changed of decision.legs) {
        const before = legs.find((leg) => leg.betId === decision.betId && leg.legNo === changed.legNo);
        if (!before) continue;
        give(before.selectionId, 0, before.lineStake - changed.lineStake, before.linePayout - changed.linePayout);
        await db.execute(sql`
          update sports_bet_legs set odds = ${changed.odds}, odds_version = coalesce(${changed.version}::integer, odds_version),
            line_stake = ${changed.lineStake}, line_payout = ${changed.linePayout}
          where bet_id = ${decision.betId} and leg_no = ${changed.legNo}`);
      }
    }
    const given = [...exposure.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (given.length === 0) return;
    // Locked first in selection order: an UPDATE ... FROM takes its rows in whatever order its plan reads them.
    await db.execute(sql`
      select 1 from sports_selection_exposure where selection_id = any(${ids(given.map(([id]) => id))}::bigint[])
      order by selection_id for update`);
    await db.execute(sql`
      update sports_selection_exposure x
      set bets = x.bets - g.bets, stake = x.stake - g.stake, payout = x.payout - g.payout
      from (
        select * from unnest(${ids(given.map(([id]) => id))}::bigint[],
          ${sql.param(given.map(([, entry]) => String(entry.bets)))}::integer[],
          ${ids(given.map(([, entry]) => entry.stake))}::bigint[],
          ${ids(given.map(([, entry]) => entry.payout))}::bigint[]) as g(selection_id, bets, stake, payout)
        order by g.selection_id
      ) g
      where x.selection_id = g.selection_id`);
  },
};

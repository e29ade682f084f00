import type { BetStatus, BetType, EventStatus, MarketStatus, MarketType, Sport } from '@jinb/contract';
import type { Outcome } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { bigintArray } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

/** A leg as cash out prices it: the odds it took, its selection now, its market's prices now, its event's state. */
export type CashoutLegRow = {
  legNo: number;
  odds: bigint;
  selectionId: bigint;
  /** The selection's outcome once its market is settled or void (the latest result), else null. */
  outcome: Outcome | null;
  price: bigint;
  marketStatus: MarketStatus;
  marketType: MarketType;
  /** Every selection of the market, in id order: prices and versions. */
  marketPrices: bigint[];
  marketVersions: number[];
  eventId: bigint;
  sport: Sport;
  eventStatus: EventStatus;
  /** By the database's clock, the one placement checks with. */
  started: boolean;
};

export type CashoutBetRow = {
  id: bigint;
  memberId: bigint;
  type: BetType;
  status: BetStatus;
  stake: bigint;
  lineCount: number;
  legs: CashoutLegRow[];
};

export type CashoutRow = {
  id: bigint;
  betId: bigint;
  paramsHash: string;
  stake: bigint;
  amount: bigint;
  remainingStake: bigint;
  remainingPayout: bigint;
};

type RawLeg = {
  id: string;
  member_id: string;
  type: BetType;
  status: BetStatus;
  stake: string;
  line_count: number;
  leg_no: number;
  odds: string;
  selection_id: string;
  outcome: Outcome | null;
  price: string;
  market_status: MarketStatus;
  market_type: MarketType;
  market_prices: string[];
  market_versions: number[];
  event_id: string;
  sport: Sport;
  event_status: EventStatus;
  started: boolean;
};

/** The bets of rows ordered by bet and leg. */
function toBets(rows: RawLeg[]): CashoutBetRow[] {
  const bets: CashoutBetRow[] = [];
  for (const row of rows) {
    let bet = bets[bets.length - 1];
    if (!bet || bet.id !== BigInt(row.id)) {
      bet = {
        id: BigInt(row.id),
        memberId: BigInt(row.member_id),
        type: row.type,
        status: row.status,
        stake: BigInt(row.stake),
        lineCount: row.line_count,
        legs: [],
      };
      bets.push(bet);
    }
    bet.legs.push({
      legNo: row.leg_no,
      odds: BigInt(row.odds),
      selectionId: BigInt(row.selection_id),
      outcome: row.outcome,
      price: BigInt(row.price),
      marketStatus: row.market_status,
      marketType: row.market_type,
      marketPrices: row.market_prices.map(BigInt),
      marketVersions: row.market_versions.map(Number),
      eventId: BigInt(row.event_id),
      sport: row.sport,
      eventStatus: row.event_status,
      started: row.started,
    });
  }
  return bets;
}

/** The columns of a bet and its legs as cash out reads them; `bets` names the bets (a CTE or a subquery). */
const betLegs = (bets: ReturnType<typeof sql>) => sql`
  select b.id::text as id, b.member_id::text as member_id, b.type, b.status, b.stake::text as stake, b.line_count,
    l.leg_no, l.odds::text as odds, l.selection_id::text as selection_id, s.outcome, s.odds::text as price,
    m.status as market_status, m.type as market_type, p.prices as market_prices, p.versions as market_versions,
    l.event_id::text as event_id, e.sport, e.status as event_status, e.start_at <= now() as started
  from sports_bets b
  join sports_bet_legs l on l.bet_id = b.id
  join sports_selections s on s.id = l.selection_id
  join sports_markets m on m.id = l.market_id
  join sports_events e on e.id = l.event_id
  cross join lateral (
    select array_agg(x.odds::text order by x.id) as prices, array_agg(x.version order by x.id) as versions
    from sports_selections x where x.market_id = l.market_id
  ) p
  where b.id in (${bets})
  order by b.id, l.leg_no`;

export const cashoutRepository = {
  /** The member's bet with its legs as they stand now, or undefined when it is not the member's. */
  async bet(db: Executor, memberId: bigint, betId: bigint): Promise<CashoutBetRow | undefined> {
    const rows = resultRows<RawLeg>(
      await db.execute(betLegs(sql`select id from sports_bets where id = ${betId} and member_id = ${memberId}`)),
    );
    return toBets(rows)[0];
  },

  /** The open singles and parlays with a leg on the event (at most `limit`, oldest first): whom a price move concerns. */
  async openBetsOnEvent(db: Executor, eventId: bigint, limit: number): Promise<CashoutBetRow[]> {
    const rows = resultRows<RawLeg>(
      await db.execute(
        betLegs(sql`select b.id from sports_bets b
          where b.id in (select l.bet_id from sports_bet_legs l where l.event_id = ${eventId})
            and b.status = 'open' and b.type <> 'system'
          order by b.id limit ${limit}`),
      ),
    );
    return toBets(rows);
  },

  /** The events of the member's bet (none: not the member's bet). Legs never change, so this needs no lock. */
  async eventsOfBet(db: Executor, memberId: bigint, betId: bigint): Promise<bigint[]> {
    const rows = resultRows<{ event_id: string }>(
      await db.execute(sql`
        select distinct l.event_id::text as event_id from sports_bet_legs l join sports_bets b on b.id = l.bet_id
        where b.id = ${betId} and b.member_id = ${memberId}`),
    );
    return rows.map((row) => BigInt(row.event_id));
  },

  /**
   * Step 1 of the lock order, shared as a bet takes it: a result, a void, a suspension or a price change of these
   * events either committed before (and is read next) or waits for this cash out to commit.
   */
  async lockEventsShared(tx: Executor, eventIds: readonly bigint[]): Promise<void> {
    await tx.execute(sql`select sports_lock_events(${bigintArray(eventIds)}::bigint[], true)`);
  },

  /** Step 3: the bet row, so a settlement batch and a second cash out of it wait (or are waited for). */
  async lockBet(tx: Executor, memberId: bigint, betId: bigint): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await tx.execute(sql`
        select id::text as id from sports_bets where id = ${betId} and member_id = ${memberId} for update`),
    );
    return rows.length > 0;
  },

  async byKey(db: Executor, memberId: bigint, key: string): Promise<CashoutRow | undefined> {
    const [row] = resultRows<{
      id: string;
      bet_id: string;
      params_hash: string;
      stake: string;
      amount: string;
      remaining_stake: string;
      remaining_payout: string;
    }>(
      await db.execute(sql`
        select id::text as id, bet_id::text as bet_id, params_hash, stake::text as stake, amount::text as amount,
          remaining_stake::text as remaining_stake, remaining_payout::text as remaining_payout
        from sports_cashouts where member_id = ${memberId} and idempotency_key = ${key}`),
    );
    return row
      ? {
          id: BigInt(row.id),
          betId: BigInt(row.bet_id),
          paramsHash: row.params_hash,
          stake: BigInt(row.stake),
          amount: BigInt(row.amount),
          remainingStake: BigInt(row.remaining_stake),
          remainingPayout: BigInt(row.remaining_payout),
        }
      : undefined;
  },

  /** The record of a cash out, before its postings (their keys carry its id). */
  async insert(
    tx: Executor,
    row: {
      betId: bigint;
      memberId: bigint;
      key: string;
      paramsHash: string;
      stake: bigint;
      amount: bigint;
      quoteStake: bigint;
      quoteAmount: bigint;
      quotePrices: string;
      remainingStake: bigint;
      remainingPayout: bigint;
    },
  ): Promise<bigint> {
    const [inserted] = resultRows<{ id: string }>(
      await tx.execute(sql`
        insert into sports_cashouts (bet_id, member_id, idempotency_key, params_hash, stake, amount, quote_stake,
          quote_amount, quote_prices, remaining_stake, remaining_payout)
        values (${row.betId}, ${row.memberId}, ${row.key}, ${row.paramsHash}, ${row.stake}, ${row.amount},
          ${row.quoteStake}, ${row.quoteAmount}, ${row.quotePrices}, ${row.remainingStake}, ${row.remainingPayout})
        returning id::text as id`),
    );
    if (!inserted) throw new Error('cash out not recorded');
    return BigInt(inserted.id);
  },

  /**
   * The bet after a cash out: in full, `cashed_out` with the amount as its payout (and never flagged for
   * settlement again); in part, open on the rest of its stake and that rest's potential payout. Each leg's share
   * of the liability shrinks with it, and its selection's exposure: the last thing locked (step 6 of the lock
   * order), in selection order.
   */
  async apply(
    tx: Executor,
    change: { betId: bigint; full: boolean; amount: bigint; remainingStake: bigint; remainingPayout: bigint },
  ): Promise<void> {
    if (change.full) {
      await tx.execute(sql`
        update sports_bets set status = 'cashed_out', payout = ${change.amount}, settled_at = now(),
          needs_settlement = false
        where id = ${change.betId}`);
    } else {
      await tx.execute(sql`
        update sports_bets set stake = ${change.remainingStake}, total_stake = ${change.remainingStake} * line_count,
          potential_payout = ${change.remainingPayout}
        where id = ${change.betId}`);
    }
    const shrunk = resultRows<{ selection_id: string; stake: string; payout: string }>(
      await tx.execute(sql`
        with before as (
          select leg_no, selection_id, line_stake, line_payout from sports_bet_legs where bet_id = ${change.betId}
        )
        update sports_bet_legs l
        set line_stake = least(l.line_stake, ${change.remainingStake}),
          line_payout = least(l.line_payout, ${change.remainingPayout})
        from before o
        where l.bet_id = ${change.betId} and l.leg_no = o.leg_no
        returning l.selection_id::text as selection_id, (o.line_stake - l.line_stake)::text as stake,
          (o.line_payout - l.line_payout)::text as payout`),
    ).filter((row) => row.stake !== '0' || row.payout !== '0' || change.full);
    if (shrunk.length === 0) return;
    const selections = bigintArray(shrunk.map((row) => BigInt(row.selection_id)));
    await tx.execute(sql`
      select 1 from sports_selection_exposure where selection_id = any(${selections}::bigint[])
      order by selection_id for update`);
    await tx.execute(sql`
      update sports_selection_exposure x
      set bets = x.bets - ${change.full ? 1 : 0}, stake = x.stake - d.stake, payout = x.payout - d.payout
      from unnest(${selections}::bigint[], ${bigintArray(shrunk.map((row) => BigInt(row.stake)))}::bigint[],
        ${bigintArray(shrunk.map((row) => BigInt(row.payout)))}::bigint[]) as d(selection_id, stake, payout)
      where x.selection_id = d.selection_id`);
  },

  /** An event's cash-out totals over every bet with a leg on it; undefined when there is no such event. */
  async eventTotals(
    db: Executor,
    eventId: bigint,
  ): Promise<{ count: number; stake: bigint; amount: bigint } | undefined> {
    const [row] = resultRows<{ found: boolean; count: number; stake: string; amount: string }>(
      await db.execute(sql`
        select exists (select 1 from sports_events where id = ${eventId}) as found, count(c.id)::integer as count,
          coalesce(sum(c.stake), 0)::text as stake, coalesce(sum(c.amount), 0)::text as amount
        from sports_cashouts c
        where c.bet_id in (select l.bet_id from sports_bet_legs l where l.event_id = ${eventId})`),
    );
    if (!row?.found) return undefined;
    return { count: row.count, stake: BigInt(row.stake), amount: BigInt(row.amount) };
  },
};

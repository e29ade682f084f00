import { sql } from 'drizzle-orm';
import { bigintArray as ids } from '../../db/array-params';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

/** The liability the book holds per selection: from the open bets' legs, and the running totals placement keeps. */
export const riskRepository = {
  /**
   * Open bets on an event, per selection: how many, their stake and payout on the lines with this selection (a
   * single's or a parlay's whole bet, a system bet's combinations with this leg). One bet has at most one leg per
   * event.
   */
  async openLegs(db: Executor, eventId: bigint) {
    const rows = resultRows<{ selection_id: string; bets: number; stake: string; payout: string }>(
      await db.execute(sql`
        select l.selection_id::text as selection_id, count(*)::int as bets, sum(l.line_stake)::text as stake,
          sum(l.line_payout)::text as payout
        from sports_bet_legs l join sports_bets b on b.id = l.bet_id
        where l.event_id = ${eventId} and b.status = 'open'
        group by l.selection_id`),
    );
    return new Map(
      rows.map((row) => [
        BigInt(row.selection_id),
        { bets: Number(row.bets), stake: BigInt(row.stake), payout: BigInt(row.payout) },
      ]),
    );
  },

  /** The markets of these selections, with each selection's liability as placement last left it. */
  async exposure(db: Executor, selectionIds: readonly bigint[]) {
    if (selectionIds.length === 0) return [];
    const rows = resultRows<{ selection_id: string; market_id: string; event_id: string; liability: string | null }>(
      await db.execute(sql`
        select s.id::text as selection_id, s.market_id::text as market_id, s.event_id::text as event_id,
          (x.payout - x.stake)::text as liability
        from sports_selections s left join sports_selection_exposure x on x.selection_id = s.id
        where s.id = any(${ids(selectionIds)}::bigint[])`),
    );
    return rows.map((row) => ({
      selectionId: BigInt(row.selection_id),
      marketId: BigInt(row.market_id),
      eventId: BigInt(row.event_id),
      liability: BigInt(row.liability ?? '0'),
    }));
  },
};

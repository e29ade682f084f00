import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type Takings = { rounds: number; bets: number; stake: bigint; payout: bigint };

type RawTakings = { table_code: string; rounds: number; bets: number; stake: string; payout: string };

const toTakings = (row: RawTakings): Takings => ({
  rounds: Number(row.rounds),
  bets: Number(row.bets),
  stake: BigInt(row.stake),
  payout: BigInt(row.payout),
});

/** SQL of the operators' figures: what each table took and paid, and a table's round history. */
export const casinoAdminRepository = {
  /**
   * Per table, the rounds settled in [start, end) and their settled bets: stakes taken, returns paid. Refunded rounds
   * are left out (nothing was won or lost).
   */
  async takings(db: Executor, start: Date | null, end: Date | null): Promise<Map<string, Takings>> {
    const range = sql`${start ? sql`and r.settled_at >= ${start.toISOString()}::timestamptz` : sql``}
      ${end ? sql`and r.settled_at < ${end.toISOString()}::timestamptz` : sql``}`;
    const rows = resultRows<RawTakings>(
      await db.execute(sql`
        select t.code as table_code, count(distinct r.id)::int as rounds, count(b.id)::int as bets,
          coalesce(sum(b.stake), 0)::text as stake, coalesce(sum(b.payout), 0)::text as payout
        from casino_tables t
        left join casino_rounds r on r.table_code = t.code and r.phase = 'settled' ${range}
        left join casino_bets b on b.round_id = r.id
        group by t.code`),
    );
    return new Map(rows.map((row) => [row.table_code, toTakings(row)]));
  },

  /** A page of the table's rounds, newest first, with each round's bet count, stakes and returns. */
  async roundPage(
    db: Executor,
    table: string,
    offset: number,
    limit: number,
  ): Promise<{ ids: bigint[]; figures: Map<bigint, Omit<Takings, 'rounds'>>; total: number }> {
    const [rows, count] = await Promise.all([
      db.execute(sql`
        select r.id::text as id, count(b.id)::int as bets, coalesce(sum(b.stake), 0)::text as stake,
          coalesce(sum(b.payout), 0)::text as payout
        from (select id from casino_rounds where table_code = ${table} order by id desc offset ${offset} limit ${limit}) r
        left join casino_bets b on b.round_id = r.id
        group by r.id order by r.id desc`),
      db.execute(sql`select count(*)::int as n from casino_rounds where table_code = ${table}`),
    ]);
    const list = resultRows<{ id: string; bets: number; stake: string; payout: string }>(rows);
    return {
      ids: list.map((row) => BigInt(row.id)),
      figures: new Map(
        list.map((row) => [
          BigInt(row.id),
          { bets: Number(row.bets), stake: BigInt(row.stake), payout: BigInt(row.payout) },
        ]),
      ),
      total: Number(resultRows<{ n: number }>(count)[0]?.n ?? 0),
    };
  },
};

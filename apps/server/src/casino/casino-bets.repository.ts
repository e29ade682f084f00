import type { CasinoGame, RoundOutcome } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { bigintArray, textArray } from '../db/array-params';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** A spot of a bet action as stored: amounts in units; payout null until settled. */
export type StoredSpot = { spot: string; amount: bigint; payout: bigint | null };

type RawSpot = { spot: string; amount: string; payout: string | null };

export const spotsFromJson = (value: RawSpot[] | string): StoredSpot[] =>
  (typeof value === 'string' ? (JSON.parse(value) as RawSpot[]) : value).map((spot) => ({
    spot: spot.spot,
    amount: BigInt(spot.amount),
    payout: spot.payout === null ? null : BigInt(spot.payout),
  }));

export const spotsToJson = (spots: readonly StoredSpot[]): string =>
  JSON.stringify(
    spots.map((spot) => ({
      spot: spot.spot,
      amount: spot.amount.toString(),
      payout: spot.payout === null ? null : spot.payout.toString(),
    })),
  );

export type PlaceOutcome =
  | { outcome: 'created'; id: bigint; balance: bigint }
  | { outcome: 'replayed' | 'conflict'; id: bigint; balance: bigint }
  | { outcome: 'round_unknown' | 'round_closed' }
  | { outcome: 'too_small' | 'too_large'; spot: string };

export type OpenBet = { id: bigint; memberId: bigint; spots: StoredSpot[]; stake: bigint };

export type BetRecordRow = {
  id: bigint;
  table: string;
  tableName: string;
  game: CasinoGame;
  roundId: bigint;
  roundNumber: number;
  spots: StoredSpot[];
  stake: bigint;
  payout: bigint | null;
  status: 'open' | 'settled' | 'refunded';
  outcome: RoundOutcome | null;
  /** The round's seed when it has finished (settled or refunded), else null. */
  seed: string | null;
  placedAt: Date;
  settledAt: Date | null;
};

type RawRecord = {
  id: string;
  table_code: string;
  name: string;
  game: CasinoGame;
  round_id: string;
  number: number;
  spots: RawSpot[] | string;
  stake: string;
  payout: string | null;
  status: BetRecordRow['status'];
  outcome: RoundOutcome | string | null;
  seed: string | null;
  placed_at: Date | string;
  settled_at: Date | string | null;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toRecord(row: RawRecord): BetRecordRow {
  return {
    id: BigInt(row.id),
    table: row.table_code,
    tableName: row.name,
    game: row.game,
    roundId: BigInt(row.round_id),
    roundNumber: Number(row.number),
    spots: spotsFromJson(row.spots),
    stake: BigInt(row.stake),
    payout: row.payout === null ? null : BigInt(row.payout),
    status: row.status,
    outcome: typeof row.outcome === 'string' ? (JSON.parse(row.outcome) as RoundOutcome) : row.outcome,
    seed: row.seed,
    placedAt: date(row.placed_at),
    settledAt: row.settled_at === null ? null : date(row.settled_at),
  };
}

const recordColumns = sql`b.id::text as id, b.table_code, t.name, t.game, b.round_id::text as round_id, r.number,
  b.spots, b.stake::text as stake, b.payout::text as payout, b.status,
  case when r.phase = 'betting' then null else r.outcome end as outcome,
  case when r.phase in ('settled', 'refunded') then r.seed end as seed, b.placed_at, b.settled_at`;
const recordFrom = sql`casino_bets b join casino_rounds r on r.id = b.round_id join casino_tables t on t.code = b.table_code`;

/** SQL of bet actions: taking one (one statement), settling a round's, and the member's records. */
export const betsRepository = {
  /** casino_place_bet (migration 0017): the rules that need the locks, the row and the stake, in one statement. */
  async place(
    db: Executor,
    input: {
      memberId: bigint;
      key: string;
      paramsHash: string;
      table: string;
      roundId: bigint;
      spots: ReadonlyArray<{ spot: string; amount: bigint; min: bigint; max: bigint }>;
      mainId: bigint;
      casinoId: bigint;
      actor: string;
    },
  ): Promise<PlaceOutcome> {
    const [row] = resultRows<{ outcome: string; id: string | null; spot: string | null; balance: string | null }>(
      await db.execute(sql`select * from casino_place_bet(${input.memberId}, ${input.key}, ${input.paramsHash},
        ${input.table}, ${input.roundId}, ${textArray(input.spots.map((spot) => spot.spot))}::text[],
        ${bigintArray(input.spots.map((spot) => spot.amount))}::bigint[],
        ${bigintArray(input.spots.map((spot) => spot.min))}::bigint[],
        ${bigintArray(input.spots.map((spot) => spot.max))}::bigint[],
        ${input.mainId}, ${input.casinoId}, ${input.actor})`),
    );
    if (!row) throw new Error('casino_place_bet answered nothing');
    switch (row.outcome) {
      case 'created':
      case 'replayed':
      case 'conflict':
        return { outcome: row.outcome, id: BigInt(row.id as string), balance: BigInt(row.balance ?? '0') };
      case 'round_unknown':
      case 'round_closed':
        return { outcome: row.outcome };
      case 'too_small':
      case 'too_large':
        return { outcome: row.outcome, spot: row.spot ?? '' };
      default:
        throw new Error(`casino_place_bet answered ${row.outcome}`);
    }
  },

  async byKey(db: Executor, memberId: bigint, key: string): Promise<boolean> {
    const rows = await db.execute(
      sql`select 1 from casino_bets where member_id = ${memberId} and idempotency_key = ${key}`,
    );
    return resultRows(rows).length > 0;
  },

  /**
   * A bet action of the member as it was answered (what a replayed key answers): its spots as taken, and the main
   * balance right after its stake, from the stake posting's ledger entry.
   */
  async ofMember(
    db: Executor,
    memberId: bigint,
    id: bigint,
  ): Promise<{ table: string; roundId: bigint; spots: StoredSpot[]; balance: bigint } | undefined> {
    const [row] = resultRows<{ table_code: string; round_id: string; spots: RawSpot[] | string; balance: string }>(
      await db.execute(sql`select b.table_code, b.round_id::text as round_id, b.spots, e.balance_after::text as balance
        from casino_bets b
        join ledger_transfers t on t.idempotency_key = 'casino:' || b.id || ':stake'
        join ledger_entries e on e.transfer_id = t.id and e.account_id = t.from_account_id
        where b.id = ${id} and b.member_id = ${memberId}`),
    );
    return (
      row && {
        table: row.table_code,
        roundId: BigInt(row.round_id),
        spots: spotsFromJson(row.spots).map((spot) => ({ ...spot, payout: null })),
        balance: BigInt(row.balance),
      }
    );
  },

  /** The round's bet actions still open (what its settlement pays). */
  async openOfRound(db: Executor, roundId: bigint): Promise<OpenBet[]> {
    const rows = resultRows<{ id: string; member_id: string; spots: RawSpot[] | string; stake: string }>(
      await db.execute(sql`select id::text as id, member_id::text as member_id, spots, stake::text as stake
        from casino_bets where round_id = ${roundId} and status = 'open' order by casino_bets.id`),
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      memberId: BigInt(row.member_id),
      spots: spotsFromJson(row.spots),
      stake: BigInt(row.stake),
    }));
  },

  /** casino_record_settled (migration 0017): statuses, returns, valid turnover and the members' wagered turnover. */
  async recordSettled(
    tx: Executor,
    status: 'settled' | 'refunded',
    bets: ReadonlyArray<{ id: bigint; spots: StoredSpot[]; payout: bigint; valid: bigint }>,
  ): Promise<number> {
    if (bets.length === 0) return 0;
    const [row] = resultRows<{ n: number }>(
      await tx.execute(sql`select casino_record_settled(${status}, ${bigintArray(bets.map((bet) => bet.id))}::bigint[],
        ${textArray(bets.map((bet) => spotsToJson(bet.spots)))}::jsonb[],
        ${bigintArray(bets.map((bet) => bet.payout))}::bigint[],
        ${bigintArray(bets.map((bet) => bet.valid))}::bigint[]) as n`),
    );
    return Number(row?.n ?? 0);
  },

  /** The member's stake per spot in a round, over all their actions (the table's "my bets"). */
  async memberSpots(db: Executor, memberId: bigint, roundId: bigint): Promise<Array<{ spot: string; amount: bigint }>> {
    const rows = resultRows<{ spot: string; amount: string }>(
      await db.execute(sql`select s->>'spot' as spot, sum((s->>'amount')::bigint)::text as amount
        from casino_bets b cross join jsonb_array_elements(b.spots) s
        where b.round_id = ${roundId} and b.member_id = ${memberId}
        group by 1 order by min(b.id)`),
    );
    return rows.map((row) => ({ spot: row.spot, amount: BigInt(row.amount) }));
  },

  /** The member's bet actions placed in [start, end), newest first, with totals over all of them. */
  async page(
    db: Executor,
    query: { memberId: bigint; start: Date | null; end: Date | null; offset: number; limit: number },
  ): Promise<{ rows: BetRecordRow[]; total: number; stake: bigint; payout: bigint; valid: bigint }> {
    const where = sql`b.member_id = ${query.memberId}
      ${query.start ? sql`and b.placed_at >= ${query.start.toISOString()}::timestamptz` : sql``}
      ${query.end ? sql`and b.placed_at < ${query.end.toISOString()}::timestamptz` : sql``}`;
    const [rows, totals] = await Promise.all([
      db.execute(sql`select ${recordColumns} from ${recordFrom} where ${where}
        order by b.placed_at desc, b.id desc offset ${query.offset} limit ${query.limit}`),
      db.execute(sql`select count(*)::int as total, coalesce(sum(b.stake), 0)::text as stake,
          coalesce(sum(b.payout), 0)::text as payout, coalesce(sum(b.valid), 0)::text as valid
        from casino_bets b where ${where}`),
    ]);
    const total = resultRows<{ total: number; stake: string; payout: string; valid: string }>(totals)[0];
    return {
      rows: resultRows<RawRecord>(rows).map(toRecord),
      total: Number(total?.total ?? 0),
      stake: BigInt(total?.stake ?? '0'),
      payout: BigInt(total?.payout ?? '0'),
      valid: BigInt(total?.valid ?? '0'),
    };
  },
};

import type { CasinoGame, RoundOutcome, RoundPhase } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type RoundRow = {
  id: bigint;
  table: string;
  game: CasinoGame;
  number: number;
  phase: RoundPhase;
  chainId: bigint;
  opensAt: Date;
  closesAt: Date;
  settledAt: Date | null;
  outcome: RoundOutcome | null;
  /** The committed seed: internal until the round has settled (views hide it before). */
  seed: string;
  /** seed(number - 1): the previous round's seed, or the chain's terminal hash for round 1. */
  previousSeed: string;
  /** By the database's clock: how long until the window closes (0 once past), how long since it settled. */
  closesInMs: number;
  settledAgoMs: number | null;
};

type RawRound = {
  id: string;
  table_code: string;
  game: CasinoGame;
  number: number;
  phase: RoundPhase;
  chain_id: string;
  opens_at: Date | string;
  closes_at: Date | string;
  settled_at: Date | string | null;
  outcome: RoundOutcome | string | null;
  seed: string;
  previous_seed: string;
  closes_in_ms: number | string;
  settled_ago_ms: number | string | null;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toRound(row: RawRound): RoundRow {
  return {
    id: BigInt(row.id),
    table: row.table_code,
    game: row.game,
    number: Number(row.number),
    phase: row.phase,
    chainId: BigInt(row.chain_id),
    opensAt: date(row.opens_at),
    closesAt: date(row.closes_at),
    settledAt: row.settled_at === null ? null : date(row.settled_at),
    outcome: typeof row.outcome === 'string' ? (JSON.parse(row.outcome) as RoundOutcome) : row.outcome,
    seed: row.seed,
    previousSeed: row.previous_seed,
    closesInMs: Number(row.closes_in_ms),
    settledAgoMs: row.settled_ago_ms === null ? null : Number(row.settled_ago_ms),
  };
}

const roundColumns = sql`r.id::text as id, r.table_code, t.game, r.number, r.phase, r.chain_id::text as chain_id,
  r.opens_at, r.closes_at, r.settled_at, r.outcome, r.seed,
  coalesce((select p.seed from casino_rounds p where p.chain_id = r.chain_id and p.number = r.number - 1),
    c.terminal_hash) as previous_seed,
  greatest(0, floor(extract(epoch from r.closes_at - clock_timestamp()) * 1000))::bigint as closes_in_ms,
  floor(extract(epoch from clock_timestamp() - r.settled_at) * 1000)::bigint as settled_ago_ms`;
const roundFrom = sql`casino_rounds r join casino_tables t on t.code = r.table_code
  join casino_chains c on c.id = r.chain_id`;

export type ChainRow = {
  id: bigint;
  table: string;
  game: CasinoGame;
  secret: string;
  length: number;
  terminalHash: string;
  used: number;
  publishedAt: Date;
};

type RawChain = {
  id: string;
  table_code: string;
  game: CasinoGame;
  secret: string;
  length: number;
  terminal_hash: string;
  used: number;
  published_at: Date | string;
};

function toChain(row: RawChain): ChainRow {
  return {
    id: BigInt(row.id),
    table: row.table_code,
    game: row.game,
    secret: row.secret,
    length: Number(row.length),
    terminalHash: row.terminal_hash,
    used: Number(row.used),
    publishedAt: date(row.published_at),
  };
}

const chainColumns = sql`c.id::text as id, c.table_code, t.game, c.secret, c.length, c.terminal_hash, c.used,
  c.published_at`;

/** SQL of rounds and the hash chains they are dealt from. */
export const roundsRepository = {
  /** The table's latest round (the one members see), or undefined before its first. */
  async latest(db: Executor, table: string): Promise<RoundRow | undefined> {
    const [row] = resultRows<RawRound>(
      await db.execute(sql`select ${roundColumns} from ${roundFrom}
        where r.table_code = ${table} order by r.id desc limit 1`),
    );
    return row && toRound(row);
  },

  /** The latest round of every table. */
  async latestOfAll(db: Executor): Promise<RoundRow[]> {
    const rows = resultRows<RawRound>(
      await db.execute(sql`select ${roundColumns} from casino_tables t0
        cross join lateral (select x.id from casino_rounds x where x.table_code = t0.code order by x.id desc limit 1) l
        join casino_rounds r on r.id = l.id join casino_tables t on t.code = r.table_code
        join casino_chains c on c.id = r.chain_id`),
    );
    return rows.map(toRound);
  },

  /** The table's oldest round not finished (betting or dealing): the dealer's next work on it. */
  async oldestUnfinished(db: Executor, table: string): Promise<RoundRow | undefined> {
    const [row] = resultRows<RawRound>(
      await db.execute(sql`select ${roundColumns} from ${roundFrom}
        where r.table_code = ${table} and r.phase in ('betting', 'dealing') order by r.id limit 1`),
    );
    return row && toRound(row);
  },

  async byId(db: Executor, id: bigint): Promise<RoundRow | undefined> {
    const [row] = resultRows<RawRound>(
      await db.execute(sql`select ${roundColumns} from ${roundFrom} where r.id = ${id}`),
    );
    return row && toRound(row);
  },

  /** Finished results of a table, newest first (the roads). */
  async recent(
    db: Executor,
    table: string,
    limit: number,
  ): Promise<Array<{ id: bigint; number: number; outcome: RoundOutcome }>> {
    const rows = resultRows<{ id: string; number: number; outcome: RoundOutcome | string }>(
      await db.execute(sql`select id::text as id, number, outcome from casino_rounds
        where table_code = ${table} and phase = 'settled' order by casino_rounds.id desc limit ${limit}`),
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      number: Number(row.number),
      outcome: typeof row.outcome === 'string' ? (JSON.parse(row.outcome) as RoundOutcome) : row.outcome,
    }));
  },

  /** The table's current chain (its newest), or undefined before the first. */
  async currentChain(db: Executor, table: string, lock = false): Promise<ChainRow | undefined> {
    const [row] = resultRows<RawChain>(
      await db.execute(sql`select ${chainColumns} from casino_chains c join casino_tables t on t.code = c.table_code
        where c.table_code = ${table} order by c.id desc limit 1 ${lock ? sql`for update of c` : sql``}`),
    );
    return row && toChain(row);
  },

  /** Every table's chains, each table's current first (newest first within a table). */
  async chains(db: Executor, table?: string): Promise<ChainRow[]> {
    const rows = resultRows<RawChain>(
      await db.execute(sql`select ${chainColumns} from casino_chains c join casino_tables t on t.code = c.table_code
        ${table ? sql`where c.table_code = ${table}` : sql``}
        order by t.sort, t.code, c.id desc limit 200`),
    );
    return rows.map(toChain);
  },

  async insertChain(
    db: Executor,
    chain: { table: string; secret: string; length: number; terminalHash: string },
  ): Promise<void> {
    await db.execute(sql`insert into casino_chains (table_code, secret, length, terminal_hash)
      values (${chain.table}, ${chain.secret}, ${chain.length}, ${chain.terminalHash})`);
  },

  /** Opens round `number` of the chain (its window from now by the database's clock) and counts it as used. */
  async insertRound(
    tx: Executor,
    round: { table: string; chainId: bigint; number: number; seed: string; windowMs: number },
  ): Promise<bigint> {
    await tx.execute(sql`update casino_chains set used = ${round.number} where id = ${round.chainId}`);
    const [row] = resultRows<{ id: string }>(
      await tx.execute(sql`
        insert into casino_rounds (table_code, chain_id, number, seed, opens_at, closes_at)
        values (${round.table}, ${round.chainId}, ${round.number}, ${round.seed}, clock_timestamp(),
          clock_timestamp() + ${round.windowMs}::int * interval '1 millisecond')
        returning id::text as id`),
    );
    if (!row) throw new Error('round not opened');
    return BigInt(row.id);
  },

  /**
   * Ends the window: betting -> dealing with the outcome (null when it could not be dealt), only once the window is
   * over by the database's clock. It takes the round's lock exclusively first (casino_place_bet takes it shared), so
   * it waits for the bets in flight, and a bet after it waits for the commit and reads the phase: no bet is taken
   * after this commits. False when it was not (yet) due or already closed.
   */
  async close(db: Database, id: bigint, outcome: RoundOutcome | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(casino_round_lock_class(), (${id}::bigint % 2147483647)::integer)`,
      );
      const rows = resultRows<{ id: string }>(
        await tx.execute(sql`update casino_rounds set phase = 'dealing', dealt_at = clock_timestamp(),
            outcome = ${outcome === null ? null : JSON.stringify(outcome)}::jsonb
          where id = ${id} and phase = 'betting' and closes_at <= clock_timestamp() returning id::text as id`),
      );
      return rows.length > 0;
    });
  },

  /**
   * Claims a dealt round for its settlement (or refund), inside the transaction that pays it: a second process (or a
   * replay after a crash) finds it claimed and pays nothing.
   */
  async claim(tx: Executor, id: bigint, phase: 'settled' | 'refunded'): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await tx.execute(sql`update casino_rounds set phase = ${phase}, settled_at = now()
        where id = ${id} and phase = 'dealing' returning id::text as id`),
    );
    return rows.length > 0;
  },
};

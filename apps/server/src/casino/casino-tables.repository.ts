import type { CasinoGame } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import { type Limits, limitsFromStored, limitsToStored, type StoredLimits } from './casino-limits';

export type TableRow = {
  code: string;
  game: CasinoGame;
  name: string;
  gameId: number | null;
  open: boolean;
  windowMs: number;
  limits: Limits;
  sort: number;
};

type RawTable = {
  code: string;
  game: CasinoGame;
  name: string;
  game_id: number | null;
  open: boolean;
  window_ms: number;
  limits: StoredLimits | string;
  sort: number;
};

const columns = sql`code, game, name, game_id, open, window_ms, limits, sort`;

function toTable(row: RawTable): TableRow {
  const limits = typeof row.limits === 'string' ? (JSON.parse(row.limits) as StoredLimits) : row.limits;
  return {
    code: row.code,
    game: row.game,
    name: row.name,
    gameId: row.game_id === null ? null : Number(row.game_id),
    open: row.open,
    windowMs: Number(row.window_ms),
    limits: limitsFromStored(limits),
    sort: Number(row.sort),
  };
}

/** SQL of the house tables themselves and of the dealer's lease on each. */
export const tablesRepository = {
  async all(db: Executor): Promise<TableRow[]> {
    const rows = resultRows<RawTable>(await db.execute(sql`select ${columns} from casino_tables order by sort, code`));
    return rows.map(toTable);
  },

  async byCode(db: Executor, code: string): Promise<TableRow | undefined> {
    const [row] = resultRows<RawTable>(
      await db.execute(sql`select ${columns} from casino_tables where code = ${code}`),
    );
    return row && toTable(row);
  },

  async codeForGame(db: Executor, gameId: number): Promise<string | null> {
    const [row] = resultRows<{ code: string }>(
      await db.execute(sql`select code from casino_tables where game_id = ${gameId}`),
    );
    return row?.code ?? null;
  },

  async setOpen(db: Executor, code: string, open: boolean): Promise<boolean> {
    const rows = resultRows<{ code: string }>(
      await db.execute(sql`update casino_tables set open = ${open} where code = ${code} returning code`),
    );
    return rows.length > 0;
  },

  async setLimits(db: Executor, code: string, limits: Limits, windowMs: number | undefined): Promise<boolean> {
    const rows = resultRows<{ code: string }>(
      await db.execute(sql`
        update casino_tables set limits = ${JSON.stringify(limitsToStored(limits))}::jsonb,
          window_ms = coalesce(${windowMs ?? null}::int, window_ms)
        where code = ${code} returning code`),
    );
    return rows.length > 0;
  },

  /**
   * Takes or renews the dealer's lease on a table until `ttlMs` from now by the database's clock; false while another
   * live process holds it (it is taken over only once it has run out).
   */
  async acquireLease(db: Executor, code: string, owner: string, ttlMs: number): Promise<boolean> {
    const rows = resultRows<{ table_code: string }>(
      await db.execute(sql`
        insert into casino_dealer_leases (table_code, owner, until)
        values (${code}, ${owner}, now() + ${ttlMs}::int * interval '1 millisecond')
        on conflict (table_code) do update set owner = excluded.owner, until = excluded.until
          where casino_dealer_leases.owner = ${owner} or casino_dealer_leases.until < now()
        returning table_code`),
    );
    return rows.length === 1;
  },

  async releaseLease(db: Executor, code: string, owner: string): Promise<void> {
    await db.execute(sql`delete from casino_dealer_leases where table_code = ${code} and owner = ${owner}`);
  },
};

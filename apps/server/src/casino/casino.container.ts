import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { ProtectionGate } from '../protection/gate/protection-gate';
import type { RealtimePublisher } from '../realtime/realtime-port';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { createCasinoAdmin } from './casino-admin.service';
import { createCasinoReads } from './casino-reads.service';
import { createCasinoRecords } from './casino-records.service';
import { type TableRow, tablesRepository } from './casino-tables.repository';
import { createDealer } from './dealer';
import { createPlacementService } from './placement.service';
import { createRoundSettlement } from './round-settlement.service';

/** How long a process serves the tables (limits, open) from memory: an operator's change reaches bets within it. */
export const TABLES_CACHE_MS = 1_000;

export type CasinoServices = ReturnType<typeof createCasinoServices>;

/** The house tables' services, wired once per process (the container calls this). */
export function createCasinoServices(deps: {
  db: Database;
  ledger: LedgerService;
  realtime: RealtimePublisher;
  timeZone: string;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** The member's limits and exclusions, checked where a bet action takes its stake. */
  gate: ProtectionGate;
}) {
  const { db } = deps;
  let cached: { at: number; tables: Promise<TableRow[]> } | undefined;
  // Every bet reads its table's limits: a short cache keeps that off the database on the money path.
  const tables = (): Promise<TableRow[]> => {
    if (!cached || Date.now() - cached.at > TABLES_CACHE_MS) {
      const read = tablesRepository.all(db);
      cached = { at: Date.now(), tables: read };
      read.catch(() => {
        cached = undefined;
      });
    }
    return cached.tables;
  };
  const settlement = createRoundSettlement({ db, ledger: deps.ledger });
  return {
    tables: {
      all: tables,
      /** The table a catalogue game opens (the games module's HouseTablesPort), or null when none does. */
      codeForGame: (gameId: number): Promise<string | null> => tablesRepository.codeForGame(db, gameId),
    },
    reads: createCasinoReads({ db, tables }),
    placement: createPlacementService({
      db,
      ledger: deps.ledger,
      gate: deps.gate,
      table: async (code) => (await tables()).find((table) => table.code === code),
    }),
    records: createCasinoRecords({ db, timeZone: deps.timeZone }),
    admin: createCasinoAdmin({
      db,
      timeZone: deps.timeZone,
      changed: () => {
        cached = undefined;
      },
    }),
    settlement,
    /** A dealer for this process (startCasinoJobs starts one; tests drive their own with short windows). */
    dealer: (options: { owner?: string; leaseMs?: number; resultMs?: number; chainLength?: number } = {}) =>
      createDealer({ db, settlement, realtime: deps.realtime, log: deps.log, ...options }),
  };
}

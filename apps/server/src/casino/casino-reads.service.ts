import type { ChainAnswer, ChainView, RoundView, TableDetail, TableSummary } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { betsRepository } from './casino-bets.repository';
import { limitsView } from './casino-limits';
import { type ChainRow, type RoundRow, roundsRepository } from './casino-rounds.repository';
import type { TableRow } from './casino-tables.repository';
import { roundView } from './round-view';

/** Results kept for the roads and trend boards (a big road of 6 rows x 20 columns). */
export const RECENT_RESULTS = 120;

export function tableSummary(table: TableRow, round: RoundRow | undefined): TableSummary {
  return {
    code: table.code,
    game: table.game,
    name: table.name,
    gameId: table.gameId,
    open: table.open,
    windowMs: table.windowMs,
    limits: limitsView(table.limits),
    round: round ? roundView(round) : null,
  };
}

function chainView(chain: ChainRow): ChainView {
  return {
    table: chain.table,
    game: chain.game,
    id: String(chain.id),
    terminalHash: chain.terminalHash,
    length: chain.length,
    used: chain.used,
    publishedAt: chain.publishedAt.toISOString(),
  };
}

export type CasinoReads = ReturnType<typeof createCasinoReads>;

/** What members (and visitors) read of the tables: each table now, one table with its roads, a round, the chains. */
export function createCasinoReads(deps: { db: Database; tables: () => Promise<TableRow[]> }) {
  const { db } = deps;

  async function table(code: string): Promise<TableRow> {
    const found = (await deps.tables()).find((row) => row.code === code);
    if (!found) throw new AppError('TABLE_UNKNOWN');
    return found;
  }

  return {
    async tables(): Promise<TableSummary[]> {
      const [tables, rounds] = await Promise.all([deps.tables(), roundsRepository.latestOfAll(db)]);
      const byTable = new Map(rounds.map((round) => [round.table, round]));
      return tables.map((row) => tableSummary(row, byTable.get(row.code)));
    },

    /** The table, its current round, its recent results (newest first) and chain; the member's own bets this round. */
    async table(code: string, memberId: bigint | null): Promise<TableDetail> {
      const row = await table(code);
      const [round, recent, chain] = await Promise.all([
        roundsRepository.latest(db, code),
        roundsRepository.recent(db, code, RECENT_RESULTS),
        roundsRepository.currentChain(db, code),
      ]);
      const mine = memberId !== null && round ? await betsRepository.memberSpots(db, memberId, round.id) : [];
      return {
        ...tableSummary(row, round),
        recent: recent.map((result) => ({ id: String(result.id), number: result.number, outcome: result.outcome })),
        chain: chain
          ? { id: String(chain.id), terminalHash: chain.terminalHash, length: chain.length }
          : { id: '0', terminalHash: '', length: 0 },
        myBets: mine.map((spot) => ({ spot: spot.spot, amount: formatAmount(spot.amount) })),
      };
    },

    async round(id: bigint): Promise<RoundView> {
      const round = await roundsRepository.byId(db, id);
      if (!round) throw new AppError('ROUND_UNKNOWN');
      return roundView(round);
    },

    /** Every table's chains (each table's current first); with a table, its current chain's fields at the top. */
    async chain(code?: string): Promise<ChainAnswer> {
      if (code) await table(code);
      const chains = (await roundsRepository.chains(db)).map(chainView);
      // Each table's current chain comes first among its own.
      const current = code ? chains.find((chain) => chain.table === code) : undefined;
      return { ...(current ?? {}), chains };
    },
  };
}

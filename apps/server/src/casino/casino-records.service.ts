import { type CasinoRecordsPage, parseDateTime } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database } from '../db/database';
import { type BetRecordRow, betsRepository } from './casino-bets.repository';

export type CasinoRecordsQuery = { startTime: string; endTime: string; page: number; size: number };

function record(row: BetRecordRow) {
  return {
    id: String(row.id),
    table: row.table,
    tableName: row.tableName,
    game: row.game,
    roundId: String(row.roundId),
    roundNumber: row.roundNumber,
    spots: row.spots.map((spot) => ({
      spot: spot.spot,
      amount: formatAmount(spot.amount),
      payout: spot.payout === null ? null : formatAmount(spot.payout),
    })),
    stake: formatAmount(row.stake),
    payout: row.payout === null ? null : formatAmount(row.payout),
    status: row.status,
    outcome: row.outcome,
    seed: row.seed,
    placedAt: row.placedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export type CasinoRecords = ReturnType<typeof createCasinoRecords>;

/** The member's casino bet actions for /user/bettingRecord: per spot stake and return, the seed once revealed. */
export function createCasinoRecords(deps: { db: Database; timeZone: string }) {
  return {
    async list(memberId: bigint, query: CasinoRecordsQuery): Promise<CasinoRecordsPage> {
      const end = parseDateTime(query.endTime, deps.timeZone);
      const page = await betsRepository.page(deps.db, {
        memberId,
        start: parseDateTime(query.startTime, deps.timeZone),
        // The end is the last second asked for ("23:59:59"): everything within that second is still inside.
        end: end ? new Date(end.getTime() + 1000) : null,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return {
        list: page.rows.map(record),
        total: page.total,
        page: query.page,
        size: query.size,
        totals: { stake: formatAmount(page.stake), payout: formatAmount(page.payout), valid: formatAmount(page.valid) },
      };
    },
  };
}

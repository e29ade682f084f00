import { parseDateTime, type VendorRecordsPage } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { Database } from '../db/database';
import { gamesRepository, type VendorBetRow } from './games.repository';
import { memberOfPlayer } from './vendors/vendor-adapter';
import type { VendorRegistry } from './vendors/vendor-registry';

export type VendorBetsService = ReturnType<typeof createVendorBetsService>;

/** Pages of a transfer vendor's history pulled in one run at most (the next run goes on from the cursor). */
const MAX_PAGES_PER_RUN = 20;

const amount = (text: string) => {
  const parsed = parseAmount(text);
  return parsed.ok && parsed.value >= 0n ? parsed.value : null;
};

/**
 * The members' bets at external vendors: recorded by the seamless wallet's calls, pulled from the transfer vendors'
 * histories here, and listed in /user/bettingRecord with the valid turnover each counted.
 */
export function createVendorBetsService(deps: { db: Database; vendors: VendorRegistry; timeZone: string }) {
  const { db, vendors } = deps;

  function view(row: VendorBetRow & { gameName: string }): VendorRecordsPage['list'][number] {
    return {
      id: row.id.toString(),
      platform: row.platform,
      vendor: vendors.get(row.platform)?.name ?? row.platform,
      game: row.game,
      gameName: row.gameName,
      reference: row.round || row.reference,
      stake: formatAmount(row.stake),
      payout: row.payout === null ? null : formatAmount(row.payout),
      valid: formatAmount(row.valid),
      status: row.status,
      placedAt: row.placedAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  return {
    async list(
      memberId: bigint,
      query: { startTime: string; endTime: string; page: number; size: number },
    ): Promise<VendorRecordsPage> {
      const end = parseDateTime(query.endTime, deps.timeZone);
      const page = await gamesRepository.memberBets(db, {
        memberId,
        start: parseDateTime(query.startTime, deps.timeZone),
        // The end is the last second asked for ("23:59:59"), so everything within that second is still inside.
        end: end ? new Date(end.getTime() + 1000) : null,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return {
        list: page.rows.map(view),
        total: page.total,
        page: query.page,
        size: query.size,
        totals: { stake: formatAmount(page.stake), payout: formatAmount(page.payout), valid: formatAmount(page.valid) },
      };
    },

    /**
     * Pulls every transfer vendor's settled bets since its cursor into vendor_bets, crediting each new bet's stake
     * as valid turnover, in one transaction per page with the cursor: a crash between pages repeats at most the
     * page that did not commit, and a repeated bet is skipped by its unique reference. Bets of players that are not
     * our members are skipped (and counted).
     */
    async pull(): Promise<{ platform: string; recorded: number; skipped: number; error?: string }[]> {
      const outcome: { platform: string; recorded: number; skipped: number; error?: string }[] = [];
      for (const vendor of vendors.transferVendors()) {
        const done = { platform: vendor.platform, recorded: 0, skipped: 0 } as (typeof outcome)[number];
        outcome.push(done);
        try {
          let cursor = await gamesRepository.betsCursor(db, vendor.platform);
          for (let pageNo = 0; pageNo < MAX_PAGES_PER_RUN; pageNo++) {
            const page = await vendor.bets(cursor);
            const bets = page.list.flatMap((bet) => {
              const memberId = memberOfPlayer(bet.player);
              const stake = amount(bet.stake);
              const payout = amount(bet.payout);
              const placedAt = new Date(bet.placedAt);
              const settledAt = new Date(bet.settledAt);
              if (memberId === null || stake === null || payout === null) return [];
              if (Number.isNaN(placedAt.getTime()) || Number.isNaN(settledAt.getTime())) return [];
              return [
                {
                  memberId,
                  reference: bet.betId,
                  game: bet.game,
                  round: bet.round,
                  stake,
                  payout,
                  placedAt,
                  settledAt,
                },
              ];
            });
            const known = await gamesRepository.existingMembers(db, [...new Set(bets.map((bet) => bet.memberId))]);
            const ours = bets.filter((bet) => known.has(bet.memberId));
            done.skipped += page.list.length - ours.length;
            const next = page.next;
            const recorded = await db.transaction(async (tx) => {
              const fresh = await gamesRepository.insertSettledBets(tx, vendor.platform, ours);
              const wagered = new Map<bigint, bigint>();
              for (const bet of fresh) wagered.set(bet.memberId, (wagered.get(bet.memberId) ?? 0n) + bet.valid);
              await gamesRepository.addWagered(tx, wagered);
              await gamesRepository.saveBetsCursor(tx, vendor.platform, next);
              return fresh.length;
            });
            done.recorded += recorded;
            if (page.list.length === 0 || next === cursor) break;
            cursor = next;
          }
        } catch (error) {
          // One vendor down must not keep the others' bets out; its cursor stays where it was.
          done.error = error instanceof Error ? error.message : String(error);
        }
      }
      return outcome;
    },
  };
}

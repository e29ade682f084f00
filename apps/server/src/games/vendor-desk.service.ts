import { platformDay, platformDayBounds, type VendorCallbackRow, type VendorReconciliationRow } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { vendorDeskRepository as repository } from './vendor-desk.repository';
import type { VendorRegistry } from './vendors/vendor-registry';

export type VendorDeskService = ReturnType<typeof createVendorDeskService>;

/**
 * The console's vendor pages (issue 27): the seamless wallet's call log as we answered it, and a day's
 * reconciliation per vendor (its bets against the ledger, its transfers and those still in transit). Reads only.
 */
export function createVendorDeskService(deps: {
  db: Database;
  vendors: VendorRegistry;
  timeZone: string;
  now?: () => Date;
}) {
  const { db, vendors, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async callbacks(query: {
      page: number;
      pageSize: number;
      sort: string;
      platform: string;
      action: string;
      code: string;
      account: string;
      txId: string;
    }): Promise<{ rows: VendorCallbackRow[]; total: number }> {
      const page = await repository.callbacks(db, {
        platform: query.platform || undefined,
        action: query.action || undefined,
        code: query.code || undefined,
        account: query.account || undefined,
        txId: query.txId || undefined,
        ascending: query.sort === 'createdAt',
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        rows: page.rows.map((row) => ({
          id: row.id.toString(),
          platform: row.platform,
          txId: row.txId,
          action: row.action,
          memberId: row.memberId.toString(),
          account: row.account,
          code: row.answer.code ?? '',
          balance: row.answer.balance ?? null,
          duplicate: row.answer.duplicate === true,
          createdAt: row.createdAt.toISOString(),
        })),
        total: page.total,
      };
    },

    async reconciliation(query: { day?: string }): Promise<{ day: string; rows: VendorReconciliationRow[] }> {
      const day = query.day ?? platformDay(now(), timeZone);
      const bounds = platformDayBounds(day, timeZone);
      if (!bounds) throw new AppError('DATE_INVALID');
      const [bets, transfers] = await Promise.all([
        repository.dayBets(db, bounds.start, bounds.end),
        repository.dayTransfers(db, bounds.start, bounds.end),
      ]);
      const betsOf = new Map(bets.map((row) => [row.platform, row]));
      const transfersOf = new Map(transfers.map((row) => [row.venue, row]));
      return {
        day,
        rows: vendors.all().map((vendor) => {
          const figures = betsOf.get(vendor.platform);
          const moved = transfersOf.get(vendor.platform);
          const seamless = vendor.wallet === 'seamless';
          return {
            platform: vendor.platform,
            name: vendor.name,
            wallet: vendor.wallet,
            maintenance: vendors.inMaintenance(vendor.platform),
            bets: figures?.bets ?? 0,
            openBets: figures?.openBets ?? 0,
            stake: formatAmount(figures?.stake ?? 0n),
            payout: formatAmount(figures?.payout ?? 0n),
            ledgerStake: seamless ? formatAmount(figures?.ledgerStake ?? 0n) : null,
            ledgerPayout: seamless ? formatAmount(figures?.ledgerPayout ?? 0n) : null,
            mismatches: seamless ? (figures?.mismatches ?? 0) : 0,
            toVendor: formatAmount(moved?.toVendor ?? 0n),
            fromVendor: formatAmount(moved?.fromVendor ?? 0n),
            pendingTransfers: moved?.pending ?? 0,
            pendingAmount: formatAmount(moved?.pendingAmount ?? 0n),
            oldestPendingAt: moved?.oldestPendingAt?.toISOString() ?? null,
          };
        }),
      };
    },
  };
}

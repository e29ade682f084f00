import type { MyAssets, RecordType, WalletRecord } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import type { LedgerService, TransferCode } from './ledger.service';
import type { VenueTransferService } from './venue-transfer.service';
import { walletRepository } from './wallet.repository';
import { parseChinaDateTime } from './wallet-view';

/** Which transfer codes each record type of the filter covers. */
const CODES_BY_TYPE: Record<RecordType, TransferCode[]> = {
  deposit: ['deposit'],
  withdraw: ['withdraw_freeze', 'withdraw_unfreeze', 'withdraw_paid', 'withdraw_fee'],
  transfer: ['venue_out', 'venue_in', 'venue_refund'],
  adjust: ['adjust'],
  bonus: ['bonus'],
};

function typeOf(code: string): RecordType {
  for (const [type, codes] of Object.entries(CODES_BY_TYPE))
    if ((codes as string[]).includes(code)) return type as RecordType;
  return 'adjust';
}

type Row = Awaited<ReturnType<typeof walletRepository.records>>['list'][number];

function toRecord(row: Row): WalletRecord {
  return {
    id: row.id.toString(),
    type: typeOf(row.code),
    code: row.code,
    amount: formatAmount(row.amount),
    balanceAfter: formatAmount(row.balanceAfter),
    account: row.kind,
    reference: row.reference,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;

/** Every movement of a member's money, read from the ledger entries of their own accounts. */
export function createRecordsService(deps: { db: Database; ledger: LedgerService; venues: VenueTransferService }) {
  const { db } = deps;
  const service = {
    async list(
      memberId: bigint,
      query: { type: RecordType | ''; startTime: string; endTime: string; page: number; size: number },
    ) {
      const { list, total } = await walletRepository.records(db, {
        memberId,
        codes: query.type ? CODES_BY_TYPE[query.type] : null,
        start: parseChinaDateTime(query.startTime),
        end: parseChinaDateTime(query.endTime),
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { list: list.map(toRecord), total, page: query.page, size: query.size };
    },

    async detail(memberId: bigint, id: bigint) {
      const {
        list: [row],
      } = await walletRepository.records(db, {
        memberId,
        codes: null,
        start: null,
        end: null,
        offset: 0,
        limit: 1,
        entryId: id,
      });
      // Someone else's entry is simply not found.
      if (!row) throw new AppError('NOT_FOUND');
      const otherId = row.accountId === row.fromAccountId ? row.toAccountId : row.fromAccountId;
      const other = await walletRepository.accountKind(db, otherId);
      return {
        ...toRecord(row),
        balanceBefore: formatAmount(row.balanceBefore),
        transferId: row.transferId.toString(),
        counterparty: other?.kind ?? '',
      };
    },

    async assets(memberId: bigint): Promise<MyAssets> {
      const [accounts, venues, recent] = await Promise.all([
        deps.ledger.balances(memberId),
        deps.venues.wallets(memberId),
        service.list(memberId, { type: '', startTime: '', endTime: '', page: 1, size: 5 }),
      ]);
      const balanceOf = (kind: string) => accounts.find((account) => account.kind === kind)?.balance ?? 0n;
      const main = balanceOf('main');
      const frozen = balanceOf('frozen');
      const inTransit = accounts
        .filter((account) => account.kind.startsWith('transit:'))
        .reduce((sum, account) => sum + account.balance, 0n);
      const venueTotal = venues.reduce((sum, venue) => {
        const parsed = parseAmount(venue.balance);
        return sum + (parsed.ok ? parsed.value : 0n);
      }, 0n);
      return {
        main: formatAmount(main),
        frozen: formatAmount(frozen),
        venues,
        total: formatAmount(main + frozen + inTransit + venueTotal),
        recent: recent.list,
      };
    },
  };
  return service;
}

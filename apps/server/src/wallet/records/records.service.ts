import {
  formatOrderNo,
  type MyAssets,
  type OrderKind,
  parseDateTime,
  type RecordState,
  type RecordType,
  type WalletRecord,
  type WalletRecordDetail,
  WITHDRAWAL_RECORD_STATE,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { Database } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { LedgerService, TransferCode } from '../ledger/ledger.service';
import type { VenueTransferService } from '../venues/venue-transfer.service';
import { eventKeyOf, type LegRow, recordsRepository } from './records.repository';

/** Which transfer codes each record type of the filter covers. */
const CODES_BY_TYPE: Record<RecordType, TransferCode[]> = {
  deposit: ['deposit'],
  withdraw: ['withdraw_freeze', 'withdraw_unfreeze', 'withdraw_paid', 'withdraw_fee'],
  transfer: ['venue_out', 'venue_in', 'venue_refund'],
  adjust: ['adjust'],
  bonus: ['bonus', 'vip_bonus', 'vip_wage', 'rebate', 'task_reward', 'promo_bonus', 'code_bonus', 'commission'],
  // A bet's stake moving to the house at settlement (bet_settle) leaves the member's open-bets account, not the main
  // wallet, and is not a record: the member sees the stake, the payout and a payout reversed by a corrected result.
  // The house tables' and seamless vendors' money on the main wallet is betting too (a table's stake moving to the
  // house at the result leaves the open casino bets account, like bet_settle, and is not a record either).
  bet: [
    'bet_stake',
    'bet_payout',
    'bet_reverse',
    'bet_refund',
    'bet_cashout',
    'casino_stake',
    'casino_payout',
    'casino_refund',
    'vendor_bet',
    'vendor_win',
    'vendor_rollback',
  ],
};

function typeOf(code: string): RecordType {
  for (const [type, codes] of Object.entries(CODES_BY_TYPE))
    if ((codes as string[]).includes(code)) return type as RecordType;
  return 'adjust';
}

/**
 * A withdrawal's record state by its status, from the contract's map the withdraw page reads too (one word for one
 * withdrawal on both pages); a status the map does not know, or a withdrawal not found, reads as waiting.
 */
function withdrawalState(status: string | undefined): RecordState {
  return status !== undefined && Object.hasOwn(WITHDRAWAL_RECORD_STATE, status)
    ? WITHDRAWAL_RECORD_STATE[status as keyof typeof WITHDRAWAL_RECORD_STATE]
    : 'pending';
}

const VENUE_TRANSFER_STATES: Record<string, RecordState> = {
  pending: 'processing',
  confirmed: 'completed',
  failed: 'failed',
};

/** What the records need of the orders behind a page of events: their state and when each was made. */
type Orders = {
  withdrawals: Map<string, { status: string; createdAt: Date; fee: bigint; amount: bigint; reason: string }>;
  deposits: Map<string, { createdAt: Date }>;
  venueTransfers: Map<string, { status: string; direction: string; createdAt: Date }>;
  /** By bet id: when it was placed, which dates its order number (shared by its stake and payouts). */
  bets: Map<string, { placedAt: Date }>;
};

type Event = {
  record: WalletRecord;
  detail: Omit<WalletRecordDetail, keyof WalletRecord | 'counterparty'>;
  /** The other side of the event's first transfer, named by the detail call only: the list does not show it. */
  counterpartyId: bigint;
};

/** The id an event's reference names ("withdrawal:12" -> "12") when it is of that kind. */
function idIn(reference: string, kind: string): string | null {
  return reference.startsWith(`${kind}:`) ? reference.slice(kind.length + 1) : null;
}

export type RecordsService = ReturnType<typeof createRecordsService>;

/**
 * The member's transaction records: one row per business event (a deposit, a withdrawal from freeze to payout or
 * refund, a venue transfer, an adjustment), read from the ledger entries of their own accounts and the orders they
 * name. Date filters are wall-clock times in the platform's zone.
 */
export function createRecordsService(deps: {
  db: Database;
  ledger: LedgerService;
  venues: VenueTransferService;
  timeZone: string;
}) {
  const { db, timeZone } = deps;

  async function ordersOf(memberId: bigint, events: string[]): Promise<Orders> {
    const ids = (kind: string) =>
      events.flatMap((event) => {
        const id = idIn(event, kind);
        return id ? [BigInt(id)] : [];
      });
    const [withdrawalRows, depositRows, transferRows] = await Promise.all([
      recordsRepository.withdrawals(db, memberId, ids('withdrawal')),
      recordsRepository.deposits(db, memberId, ids('deposit')),
      recordsRepository.venueTransfers(db, memberId, ids('venue-transfer')),
    ]);
    return {
      withdrawals: new Map(withdrawalRows.map((row) => [row.id.toString(), row])),
      deposits: new Map(depositRows.map((row) => [row.id.toString(), row])),
      venueTransfers: new Map(transferRows.map((row) => [row.id.toString(), row])),
      bets: new Map(),
    };
  }

  /** Folds an event's legs (oldest first) into its record, with the state of the order it names. */
  function toEvent(event: string, legs: LegRow[], orders: Orders): Event {
    // One movement per transfer, on the main wallet when the transfer touched it: a freeze is "-200 from the main
    // wallet", never "+200 into frozen funds".
    const movements: LegRow[] = [];
    for (const leg of legs) {
      const index = movements.findIndex((movement) => movement.transferId === leg.transferId);
      if (index === -1) movements.push(leg);
      else if (leg.kind === 'main' && movements[index]!.kind !== 'main') movements[index] = leg;
    }
    const first = movements[0]!;
    const onMain = movements.filter((movement) => movement.kind === 'main');
    const opening = onMain[0] ?? first;
    const closing = onMain.at(-1) ?? movements.at(-1)!;
    const type = typeOf(first.code);
    const memo = movements.findLast((movement) => movement.memo !== '')?.memo ?? '';

    let code: string = first.code;
    let state: RecordState = 'completed';
    let orderNo = formatOrderNo(type === 'bonus' ? 'bonus' : 'adjust', first.transferId, first.createdAt, timeZone);
    let withdrawal: { fee: bigint; amount: bigint } | null = null;
    const order = (kind: OrderKind, id: string, createdAt: Date | undefined) =>
      formatOrderNo(kind, id, createdAt ?? first.createdAt, timeZone);

    const withdrawalId = idIn(event, 'withdrawal');
    const depositId = idIn(event, 'deposit');
    const transferId = idIn(event, 'venue-transfer');
    const betId = type === 'bet' ? idIn(first.reference, 'bet') : null;
    if (betId) {
      // The stake, the payout and a reversal of one bet all carry the bet's number, dated when it was placed.
      orderNo = order('bet', betId, orders.bets.get(betId)?.placedAt);
    } else if (withdrawalId) {
      const row = orders.withdrawals.get(withdrawalId);
      code = 'withdraw';
      state = withdrawalState(row?.status);
      orderNo = order('withdrawal', withdrawalId, row?.createdAt);
      // A refused or cancelled withdrawal paid nothing out and kept no fee.
      withdrawal = row && state !== 'refused' && state !== 'cancelled' ? row : null;
    } else if (depositId) {
      // Only a confirmed deposit moves money, so a deposit in the records is complete.
      code = 'deposit';
      orderNo = order('deposit', depositId, orders.deposits.get(depositId)?.createdAt);
    } else if (transferId) {
      const row = orders.venueTransfers.get(transferId);
      if (row) code = row.direction === 'out' ? 'venue_out' : 'venue_in';
      state = VENUE_TRANSFER_STATES[row?.status ?? ''] ?? 'completed';
      orderNo = order('transfer', transferId, row?.createdAt);
    }

    return {
      record: {
        id: legs[0]!.entryId.toString(),
        type,
        code,
        amount: formatAmount(opening.amount),
        balanceAfter: formatAmount(closing.balanceAfter),
        account: opening.kind,
        reference: first.reference,
        memo,
        createdAt: first.createdAt.toISOString(),
        state,
        orderNo,
      },
      detail: {
        balanceBefore: formatAmount(opening.balanceBefore),
        transferId: first.transferId.toString(),
        fee: withdrawal ? formatAmount(withdrawal.fee) : null,
        actual: withdrawal ? formatAmount(withdrawal.amount - withdrawal.fee) : null,
        reason: withdrawalId ? (orders.withdrawals.get(withdrawalId)?.reason ?? '') : '',
        legs: movements.map((movement) => ({
          code: movement.code,
          account: movement.kind,
          amount: formatAmount(movement.amount),
          balanceAfter: formatAmount(movement.balanceAfter),
          createdAt: movement.createdAt.toISOString(),
        })),
      },
      counterpartyId: first.accountId === first.fromAccountId ? first.toAccountId : first.fromAccountId,
    };
  }

  async function events(memberId: bigint, keys: string[]): Promise<Event[]> {
    const [legs, orders] = await Promise.all([recordsRepository.legs(db, memberId, keys), ordersOf(memberId, keys)]);
    // A bet's movements are records of their own (keyed by transfer), so the bets they name are known from the legs.
    const betIds = [...new Set(legs.flatMap((leg) => idIn(leg.reference, 'bet') ?? []))];
    if (betIds.length > 0)
      for (const row of await recordsRepository.bets(db, memberId, betIds.map(BigInt)))
        orders.bets.set(row.id.toString(), row);
    const byEvent = new Map<string, LegRow[]>();
    for (const leg of legs) {
      const key = eventKeyOf(leg.transferId, leg.reference);
      byEvent.set(key, [...(byEvent.get(key) ?? []), leg]);
    }
    return keys.flatMap((key) => {
      const found = byEvent.get(key);
      return found?.length ? [toEvent(key, found, orders)] : [];
    });
  }

  const service = {
    async list(
      memberId: bigint,
      query: { type: RecordType | ''; startTime: string; endTime: string; page: number; size: number },
    ) {
      const end = parseDateTime(query.endTime, timeZone);
      const page = await recordsRepository.eventPage(db, {
        memberId,
        codes: query.type ? CODES_BY_TYPE[query.type] : null,
        start: parseDateTime(query.startTime, timeZone),
        // The end is the last second asked for ("23:59:59"), so everything within that second is still inside.
        end: end ? new Date(end.getTime() + 1000) : null,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      const list = (await events(memberId, page.events)).map((event) => event.record);
      return { list, total: page.total, page: query.page, size: query.size };
    },

    async detail(memberId: bigint, id: bigint): Promise<WalletRecordDetail> {
      // Someone else's entry is simply not found.
      const key = await recordsRepository.eventOfEntry(db, memberId, id);
      const [event] = key ? await events(memberId, [key]) : [];
      if (!event) throw new AppError('NOT_FOUND');
      const other = await recordsRepository.accountKind(db, event.counterpartyId);
      return { ...event.record, ...event.detail, counterparty: other?.kind ?? '' };
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

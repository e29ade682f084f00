import type { TransferResult, VenueWallet as VenueWalletView } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import { actorLabel, assertRole, auditIn, MONEY_DESK, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import type { PlaySession, ProtectionGate } from '../../protection/gate/protection-gate';
import { AppError } from '../../shared/app-error';
import { house, type LedgerService, member } from '../ledger/ledger.service';
import { type VenueTransferRow, venueTransferRepository, type WalletSnapshot } from './venue-transfer.repository';
import type { VenueOutcome, VenueWallet } from './venue-wallet';

export type VenueTransferService = ReturnType<typeof createVenueTransferService>;

/** How long we wait for an external venue before leaving the transfer pending for reconciliation. */
const VENUE_TIMEOUT_MS = 8_000;
/** Reconciliation leaves very young pending transfers alone: their request may still be in flight. */
const RECONCILE_AFTER_MS = 30_000;

async function withTimeout(call: Promise<VenueOutcome>): Promise<VenueOutcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call.catch((): VenueOutcome => 'unknown'),
      new Promise<VenueOutcome>((resolve) => {
        timer = setTimeout(() => resolve('unknown'), VENUE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Moving money between the main wallet and venue wallets. The in-house venue's wallet is a ledger account, so a
 * transfer is one ledger movement. An external venue's transfer leaves our ledger through the member's in-transit
 * account and is final on exactly one side: confirmed (in-transit -> house:venue) or refunded (in-transit -> main).
 */
export function createVenueTransferService(deps: {
  db: Database;
  ledger: LedgerService;
  venues: VenueWallet[];
  /** Money sent to a venue is money put at stake: the member's limits and exclusions meet it (recalls never). */
  gate: ProtectionGate;
}) {
  const { db, ledger } = deps;
  const byCode = new Map(deps.venues.map((venue) => [venue.code, venue]));

  function venueOf(code: string): VenueWallet {
    const venue = byCode.get(code);
    if (!venue) throw new AppError('VENUE_UNKNOWN');
    return venue;
  }

  /** The member's venue wallets; `seen` is a snapshot the caller already has (the transfer call answers with one). */
  async function wallets(memberId: bigint, showIds: number[] = [], seen?: WalletSnapshot): Promise<VenueWalletView[]> {
    const [balances, pending] = seen
      ? [seen.balances, seen.pending]
      : await Promise.all([ledger.balances(memberId), venueTransferRepository.pendingByVenue(db, memberId)]);
    const shown = deps.venues.filter((venue) => showIds.length === 0 || showIds.includes(venue.id));
    return Promise.all(
      shown.map(async (venue) => {
        const balance = venue.inHouse
          ? (balances.find((account) => account.kind === `venue:${venue.code}`)?.balance ?? 0n)
          : await venue.balance(memberId).catch(() => 0n);
        return {
          id: venue.id,
          code: venue.code,
          name: venue.name,
          balance: formatAmount(balance),
          pending: formatAmount(BigInt(pending.find((row) => row.venue === venue.code)?.total ?? 0n)),
          maintenance: venue.maintenance(),
        };
      }),
    );
  }

  async function result(memberId: bigint, row: VenueTransferRow, seen?: WalletSnapshot): Promise<TransferResult> {
    const balances = seen?.balances ?? (await ledger.balances(memberId));
    return {
      id: row.id.toString(),
      status: row.status as TransferResult['status'],
      main: formatAmount(balances.find((account) => account.kind === 'main')?.balance ?? 0n),
      venues: await wallets(memberId, [], seen),
    };
  }

  /** Settles an external transfer on the side the venue's answer points to; 'unknown' leaves it pending. */
  async function settle(
    row: VenueTransferRow,
    outcome: VenueOutcome,
    actor: string,
    operator?: OperatorActor,
  ): Promise<VenueTransferRow> {
    if (outcome === 'unknown') return row;
    return ledger.transaction(async (tx) => {
      await ledger.lockMember(tx, row.memberId);
      const resolved = await venueTransferRepository.resolveVenueTransfer(tx, row.id, outcome);
      if (!resolved) return row;
      const reference = `venue-transfer:${row.id}`;
      if (row.direction === 'out') {
        await ledger.post(tx, {
          key: `vt:${row.id}:${outcome === 'confirmed' ? 'settle' : 'refund'}`,
          code: outcome === 'confirmed' ? 'venue_out' : 'venue_refund',
          from: member(row.memberId, `transit:${row.venue}`),
          to: outcome === 'confirmed' ? house(`venue:${row.venue}`) : member(row.memberId, 'main'),
          amount: row.amount,
          actor,
          reference,
        });
      } else if (outcome === 'confirmed') {
        await ledger.post(tx, {
          key: `vt:${row.id}:in`,
          code: 'venue_in',
          from: house(`venue:${row.venue}`),
          to: member(row.memberId, 'main'),
          amount: row.amount,
          actor,
          reference,
        });
      }
      // An operator's reconcile run records each settlement it made with the settlement itself.
      if (operator)
        await auditIn(tx, operator, 'venues.reconcile.settle', reference, {
          outcome,
          direction: row.direction,
          amount: formatAmount(row.amount),
        });
      return resolved;
    });
  }

  const service = {
    wallets,

    async transfer(
      memberId: bigint,
      key: string,
      body: { from: string; to: string; amount: bigint },
      session: PlaySession = null,
    ): Promise<TransferResult> {
      const direction = body.from === 'main' ? 'out' : body.to === 'main' ? 'in' : null;
      if (!direction || body.from === body.to) throw new AppError('VENUE_UNKNOWN');
      const venue = venueOf(direction === 'out' ? body.to : body.from);
      if (venue.maintenance()) throw new AppError('VENUE_UNAVAILABLE');
      const actor = `member:${memberId}`;

      // Step 1, one statement: record the transfer (or find it, on a replay) and move the money that leaves first.
      // The in-house venue's wallet is the member's venue account; an external one's money waits in transit.
      const venueSide = member(memberId, venue.inHouse ? `venue:${venue.code}` : `transit:${venue.code}`);
      const mainSide = member(memberId, 'main');
      if (body.amount <= 0n) throw new AppError('AMOUNT_INVALID');
      const fromId = await ledger.accountId(db, direction === 'out' ? mainSide : venueSide);
      const toId = await ledger.accountId(db, direction === 'out' ? venueSide : mainSide);
      const move = (db: Executor) =>
        venueTransferRepository.transfer(db, {
          memberId,
          venue: venue.code,
          direction,
          amount: body.amount,
          key,
          inHouse: venue.inHouse,
          fromId,
          toId,
          actor,
        });
      const step = await ledger
        .statement(
          () =>
            direction === 'out'
              ? deps.gate.staking(ledger, db, { memberId, stake: body.amount, session }, move)
              : move(db),
          [memberId],
        )
        .catch(async (error: unknown) => {
          // A limit that filled up since must not hide a transfer this key already made: a retry answers with it.
          const made = error instanceof AppError ? await venueTransferRepository.byKey(db, memberId, key) : undefined;
          if (!made) throw error;
          return { replayed: true, row: made, wallet: undefined };
        });
      if (
        step.replayed &&
        (step.row.venue !== venue.code || step.row.direction !== direction || step.row.amount !== body.amount)
      ) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      if (venue.inHouse || step.replayed || step.row.status !== 'pending')
        return result(memberId, step.row, step.wallet);

      // Step 2, at the venue; then settle on the side its answer points to (or leave pending on silence).
      const reference = `vt-${step.row.id}`;
      const outcome = await withTimeout(
        direction === 'out'
          ? venue.deposit(memberId, body.amount, reference)
          : venue.withdraw(memberId, body.amount, reference),
      );
      return result(memberId, await settle(step.row, outcome, actor));
    },

    /** "Recall all": every venue balance back to the main wallet, one transfer per venue. */
    async recall(memberId: bigint, key: string): Promise<TransferResult> {
      const current = await wallets(memberId);
      let last: TransferResult | null = null;
      for (const wallet of current) {
        const parsed = parseAmount(wallet.balance);
        const amount = parsed.ok ? parsed.value : 0n;
        if (amount <= 0n || wallet.maintenance) continue;
        try {
          last = await service.transfer(
            memberId,
            `${key}:${wallet.code}`,
            { from: wallet.code, to: 'main', amount },
            null,
          );
        } catch (error) {
          // One venue failing must not keep the others' money away from the member.
          if (!(error instanceof AppError)) throw error;
        }
      }
      if (last) return last;
      const accounts = await ledger.balances(memberId);
      return {
        id: '',
        status: 'confirmed',
        main: formatAmount(accounts.find((account) => account.kind === 'main')?.balance ?? 0n),
        venues: await wallets(memberId),
      };
    },

    /** Asks the venues about every pending transfer older than a moment and settles each on exactly one side. */
    /** Settles pending transfers with their venues: the scheduler's run (no operator) or an operator's, audited. */
    async reconcile(operator?: OperatorActor, olderThanMs = RECONCILE_AFTER_MS) {
      if (operator) assertRole(operator, MONEY_DESK);
      const actor = operator ? actorLabel(operator) : 'system:reconcile';
      const pending = await venueTransferRepository.pendingVenueTransfers(db, new Date(Date.now() - olderThanMs), 500);
      const outcome = { checked: pending.length, confirmed: 0, failed: 0, stillPending: 0 };
      for (const row of pending) {
        const venue = byCode.get(row.venue);
        const answer = venue ? await withTimeout(venue.status(`vt-${row.id}`)) : 'failed';
        const settled = await settle(row, answer, actor, operator);
        if (settled.status === 'confirmed') outcome.confirmed++;
        else if (settled.status === 'failed') outcome.failed++;
        else outcome.stillPending++;
      }
      return outcome;
    },
  };
  return service;
}

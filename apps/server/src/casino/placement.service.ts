import { spotError } from '@jinb/casino';
import type { CasinoBetView } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database, Executor } from '../db/database';
import type { PlaySession, ProtectionGate } from '../protection/gate/protection-gate';
import { AppError } from '../shared/app-error';
import { sha256 } from '../shared/tokens';
import { type LedgerService, member } from '../wallet/ledger/ledger.service';
import { betsRepository, type StoredSpot } from './casino-bets.repository';
import { limitFor } from './casino-limits';
import type { TableRow } from './casino-tables.repository';

/** The member account that holds open casino stakes until their round settles. */
export const CASINO_ACCOUNT = 'casino';

export type BetInput = { table: string; roundId: string; bets: ReadonlyArray<{ spot: string; amount: bigint }> };

function view(
  id: bigint,
  table: string,
  roundId: bigint,
  spots: readonly StoredSpot[],
  balance: bigint,
): CasinoBetView {
  return {
    id: String(id),
    table,
    roundId: String(roundId),
    bets: spots.map((spot) => ({ spot: spot.spot, amount: formatAmount(spot.amount) })),
    stake: formatAmount(spots.reduce((sum, spot) => sum + spot.amount, 0n)),
    balance: formatAmount(balance),
  };
}

export type PlacementService = ReturnType<typeof createPlacementService>;

/**
 * Taking a bet action into a round: the checks that need no lock here (the table, each spot's name, no spot twice),
 * then one statement (casino_place_bet) that under the round's share lock and the member's lock replays a known key,
 * checks the window, the per-spot limits over the member's earlier actions and the money, writes the row and moves the
 * stake main -> the member's open casino account. One round trip on the money path, as sports placement.
 */
export function createPlacementService(deps: {
  db: Database;
  ledger: LedgerService;
  table: (code: string) => Promise<TableRow | undefined>;
  /** The member's limits and exclusions, checked against the action's whole stake. */
  gate: ProtectionGate;
}) {
  const { db, ledger } = deps;
  return {
    async place(memberId: bigint, key: string, input: BetInput, session: PlaySession = null): Promise<CasinoBetView> {
      const roundId = BigInt(input.roundId);
      const paramsHash = sha256(
        JSON.stringify([input.table, input.roundId, input.bets.map((bet) => [bet.spot, bet.amount.toString()])]),
      );
      const table = await deps.table(input.table);
      if (!table) throw new AppError('TABLE_UNKNOWN');
      // A closed table takes no new actions; a retry of one it took still finds its first answer below.
      if (!table.open && !(await betsRepository.byKey(db, memberId, key))) throw new AppError('TABLE_CLOSED');
      const seen = new Set<string>();
      for (const bet of input.bets) {
        const refused = spotError(table.game, bet.spot);
        if (refused) throw new AppError(refused);
        if (seen.has(bet.spot)) throw new AppError('SPOT_DUPLICATE');
        seen.add(bet.spot);
      }
      const [mainId, casinoId] = await Promise.all([
        ledger.accountId(db, member(memberId, 'main')),
        ledger.accountId(db, member(memberId, CASINO_ACCOUNT)),
      ]);
      const spots = input.bets.map((bet) => ({
        spot: bet.spot,
        amount: bet.amount,
        ...limitFor(table.limits, bet.spot),
      }));
      const stake = spots.reduce((sum, spot) => sum + spot.amount, 0n);
      const place = (db: Executor) =>
        betsRepository.place(db, {
          memberId,
          key,
          paramsHash,
          table: table.code,
          roundId,
          spots,
          mainId,
          casinoId,
          actor: `member:${memberId}`,
        });
      // The stake leaves main inside the statement: the balance push names the member.
      const placed = await ledger
        .statement(() => deps.gate.staking(ledger, db, { memberId, stake, session }, place), [memberId])
        .catch(async (error: unknown) => {
          // A limit reached since must not hide an action this key already took: the statement replays its answer.
          if (!(error instanceof AppError) || !(await betsRepository.byKey(db, memberId, key))) throw error;
          return ledger.statement((db) => place(db), [memberId]);
        });
      switch (placed.outcome) {
        case 'created':
          return view(
            placed.id,
            table.code,
            roundId,
            input.bets.map((bet) => ({ ...bet, payout: null })),
            placed.balance,
          );
        case 'replayed': {
          const first = await betsRepository.ofMember(db, memberId, placed.id);
          if (!first) throw new Error(`casino bet ${placed.id} vanished`);
          return view(placed.id, first.table, first.roundId, first.spots, first.balance);
        }
        case 'conflict':
          throw new AppError('IDEMPOTENCY_CONFLICT');
        case 'round_unknown':
          throw new AppError('ROUND_UNKNOWN');
        case 'round_closed':
          throw new AppError('ROUND_CLOSED');
        case 'too_small':
          throw new AppError('STAKE_TOO_SMALL');
        case 'too_large':
          throw new AppError('STAKE_TOO_LARGE');
      }
    },
  };
}

import { type Bet, settle } from '@jinb/casino';
import type { Database } from '../db/database';
import { house, type LedgerService, type Movement, member } from '../wallet/ledger/ledger.service';
import { betsRepository, type OpenBet, type StoredSpot } from './casino-bets.repository';
import { type RoundRow, roundsRepository } from './casino-rounds.repository';
import { CASINO_ACCOUNT } from './placement.service';
import { dealRound } from './round-outcome';

/** The house account casino stakes settle into and payouts come from. */
export const CASINO_HOUSE = 'casino';

/**
 * Valid turnover of one spot: what was really at risk and decided. A win or a loss counts the stake; a push (banker or
 * player on a tie) counts nothing; a part returned (dragon or tiger on a tie) counts only the part lost.
 */
export function validTurnover(amount: bigint, payout: bigint): bigint {
  return payout > amount ? amount : amount - payout;
}

/** Settles one bet action's spots on the outcome: per spot its return, the action's payout and valid turnover. */
export function settleBet(round: Pick<RoundRow, 'game'>, dealt: unknown, bet: OpenBet) {
  const bets: Bet[] = bet.spots.map((spot) => ({ spot: spot.spot, amount: spot.amount }));
  // biome-ignore lint/suspicious/noExplicitAny: the outcome was dealt for this round's game by dealRound
  const settled = settle(round.game, dealt as any, bets);
  const spots: StoredSpot[] = settled.map((spot) => ({ spot: spot.spot, amount: spot.amount, payout: spot.payout }));
  return {
    spots,
    payout: spots.reduce((sum, spot) => sum + (spot.payout ?? 0n), 0n),
    valid: spots.reduce((sum, spot) => sum + validTurnover(spot.amount, spot.payout ?? 0n), 0n),
  };
}

export type RoundSettlement = ReturnType<typeof createRoundSettlement>;

/**
 * Finishes a closed round in one transaction: claims it (dealing -> settled, or refunded when it cannot be dealt), so
 * exactly one settlement pays whatever process or replay runs it; then for every open bet action the stake from the
 * member's open casino account to the house (casino_settle) and its return to main (casino_payout), or the stake back
 * to main (casino_refund); each posting keyed by the action, so nothing is ever paid twice.
 */
export function createRoundSettlement(deps: { db: Database; ledger: LedgerService }) {
  const { ledger } = deps;

  /** The round's outcome dealt again from its committed seed, or null when it cannot be (it is then refunded). */
  function redeal(round: RoundRow) {
    if (round.outcome === null) return null;
    try {
      return dealRound(round.game, round.seed, round.table, round.number).dealt;
    } catch {
      return null;
    }
  }

  return {
    async finish(round: RoundRow): Promise<'settled' | 'refunded' | 'skipped'> {
      const dealt = redeal(round);
      return ledger.transaction(async (tx) => {
        const phase = dealt === null ? 'refunded' : 'settled';
        if (!(await roundsRepository.claim(tx, round.id, phase))) return 'skipped';
        const bets = await betsRepository.openOfRound(tx, round.id);
        const movements: Movement[] = [];
        const records: Array<{ id: bigint; spots: StoredSpot[]; payout: bigint; valid: bigint }> = [];
        for (const bet of bets) {
          const reference = `casino:${bet.id}`;
          const base = { actor: 'system:casino', reference };
          if (dealt === null) {
            movements.push({
              ...base,
              key: `${reference}:refund`,
              code: 'casino_refund',
              from: member(bet.memberId, CASINO_ACCOUNT),
              to: member(bet.memberId, 'main'),
              amount: bet.stake,
            });
            records.push({ id: bet.id, spots: bet.spots, payout: bet.stake, valid: 0n });
            continue;
          }
          const settled = settleBet(round, dealt, bet);
          movements.push({
            ...base,
            key: `${reference}:settle`,
            code: 'casino_settle',
            from: member(bet.memberId, CASINO_ACCOUNT),
            to: house(CASINO_HOUSE),
            amount: bet.stake,
          });
          if (settled.payout > 0n)
            movements.push({
              ...base,
              key: `${reference}:payout`,
              code: 'casino_payout',
              from: house(CASINO_HOUSE),
              to: member(bet.memberId, 'main'),
              amount: settled.payout,
            });
          records.push({ id: bet.id, ...settled });
        }
        await ledger.postBatch(tx, movements);
        await betsRepository.recordSettled(tx, phase, records);
        return phase;
      });
    },
  };
}

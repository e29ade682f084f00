import type { SeamlessAction, SeamlessRequest, SeamlessResponse, VendorCode } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { Database, Executor } from '../db/database';
import type { ProtectionGate } from '../protection/gate/protection-gate';
import { AppError } from '../shared/app-error';
import { sha256 } from '../shared/tokens';
import { house, type LedgerService, member } from '../wallet/ledger/ledger.service';
import { gamesRepository } from './games.repository';
import { memberOfPlayer } from './vendors/vendor-adapter';
import type { VendorRegistry } from './vendors/vendor-registry';

export type SeamlessWalletService = ReturnType<typeof createSeamlessWalletService>;

/** The house's side of a seamless vendor's bets: stakes go in, wins come out. */
export const vendorHouse = (platform: string) => house(`vendor:${platform}`);

const answer = (code: VendorCode, balance?: bigint): SeamlessResponse =>
  balance === undefined ? { code } : { code, balance: formatAmount(balance) };

function amountOf(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  const parsed = parseAmount(text);
  return parsed.ok && parsed.value >= 0n ? parsed.value : null;
}

/**
 * Our wallet as a seamless vendor calls it (POST /api/vendor/v1/{platform}/wallet/{action}; the route has checked
 * the signature). Each call with a txId is one transaction that locks the member's main account first, so calls for
 * one member run one at a time, and writes the answer beside the money it moved: the same txId again gets that
 * answer (`duplicate`), with other content TX_CONFLICT. Main never goes negative: a bet beyond the balance is
 * refused and moves nothing.
 *
 * - bet: main -> house vendor:<platform> (vendor_bet); the bet is recorded open. A bet whose txId a rollback named
 *   first is refused BET_ROLLED_BACK (the rollback left a tombstone).
 * - win: house -> main (vendor_win) for a known bet that was not rolled back (BET_NOT_FOUND, BET_ROLLED_BACK). The
 *   first win settles the bet and counts its stake as valid turnover; a win of 0 settles a lost bet.
 * - rollback: the bet's stake back to main (vendor_rollback), unless a win settled it (BET_SETTLED). A rollback of a
 *   bet we never saw answers OK and leaves the tombstone; a second rollback of the same bet moves nothing.
 */
export function createSeamlessWalletService(deps: {
  db: Database;
  ledger: LedgerService;
  vendors: VendorRegistry;
  /** The member's limits and exclusions: a debit that would pass one is refused in the vendor's terms. */
  gate: ProtectionGate;
}) {
  const { ledger } = deps;

  async function act(
    tx: Executor,
    platform: string,
    action: Exclude<SeamlessAction, 'balance'>,
    memberId: bigint,
    balance: bigint,
    request: SeamlessRequest & { txId: string },
    amount: bigint | null,
  ): Promise<SeamlessResponse> {
    const actor = `vendor:${platform}`;
    const key = (suffix: string) => `vendor:${platform}:${request.txId}:${suffix}`;

    if (action === 'bet') {
      if (amount === null || amount <= 0n) return answer('BAD_REQUEST', balance);
      if (deps.vendors.inMaintenance(platform)) return answer('GAME_MAINTENANCE', balance);
      const earlier = await gamesRepository.betForUpdate(tx, platform, request.txId);
      if (earlier?.status === 'rolled_back') return answer('BET_ROLLED_BACK', balance);
      if (earlier) return answer('TX_CONFLICT', balance);
      if (balance < amount) return answer('INSUFFICIENT_FUNDS', balance);
      await ledger.post(tx, {
        key: key('bet'),
        code: 'vendor_bet',
        from: member(memberId, 'main'),
        to: vendorHouse(platform),
        amount,
        actor,
        reference: `vendor-bet:${platform}:${request.txId}`,
      });
      await gamesRepository.insertBet(tx, {
        platform,
        memberId,
        reference: request.txId,
        game: request.game ?? '',
        round: request.round ?? '',
        stake: amount,
        status: 'open',
        tombstone: false,
      });
      return answer('OK', balance - amount);
    }

    const betTxId = request.betTxId;
    if (!betTxId) return answer('BAD_REQUEST', balance);
    const bet = await gamesRepository.betForUpdate(tx, platform, betTxId);
    if (bet && bet.memberId !== memberId) return answer('BET_NOT_FOUND', balance);
    const reference = `vendor-bet:${platform}:${betTxId}`;

    if (action === 'win') {
      if (amount === null) return answer('BAD_REQUEST', balance);
      if (!bet) return answer('BET_NOT_FOUND', balance);
      if (bet.status === 'rolled_back') return answer('BET_ROLLED_BACK', balance);
      if (amount > 0n)
        await ledger.post(tx, {
          key: key('win'),
          code: 'vendor_win',
          from: vendorHouse(platform),
          to: member(memberId, 'main'),
          amount,
          actor,
          reference,
        });
      const first = bet.status === 'open';
      await gamesRepository.settleBet(tx, bet.id, amount, bet.stake);
      if (first) await gamesRepository.addWagered(tx, new Map([[memberId, bet.stake]]));
      return answer('OK', balance + amount);
    }

    // rollback
    if (!bet) {
      await gamesRepository.insertBet(tx, {
        platform,
        memberId,
        reference: betTxId,
        game: request.game ?? '',
        round: request.round ?? '',
        stake: amount ?? 0n,
        status: 'rolled_back',
        tombstone: true,
      });
      return answer('OK', balance);
    }
    if (bet.status === 'rolled_back') return answer('OK', balance);
    if (bet.status === 'settled') return answer('BET_SETTLED', balance);
    await ledger.post(tx, {
      key: key('rollback'),
      code: 'vendor_rollback',
      from: vendorHouse(platform),
      to: member(memberId, 'main'),
      amount: bet.stake,
      actor,
      reference,
    });
    await gamesRepository.rollBack(tx, bet.id);
    return answer('OK', balance + bet.stake);
  }

  return {
    /** One call from a seamless vendor whose signature the route verified; answers the vendor-api.ts response. */
    async call(platform: string, action: SeamlessAction, request: SeamlessRequest): Promise<SeamlessResponse> {
      const memberId = memberOfPlayer(request.player);
      if (memberId === null) return answer('PLAYER_UNKNOWN');
      if (action === 'balance') {
        if (!(await gamesRepository.memberExists(deps.db, memberId))) return answer('PLAYER_UNKNOWN');
        const balances = await ledger.balances(memberId);
        return answer('OK', balances.find((account) => account.kind === 'main')?.balance ?? 0n);
      }
      const txId = request.txId;
      if (!txId) return answer('BAD_REQUEST');
      const amount = amountOf(request.amount);
      if (request.amount !== undefined && amount === null) return answer('BAD_REQUEST');
      // What the txId asked for: a repeat with anything else is another transaction under a reused id.
      const paramsHash = sha256(
        JSON.stringify([
          action,
          request.player,
          amount?.toString() ?? null,
          request.betTxId ?? null,
          request.round ?? null,
          request.game ?? null,
        ]),
      );
      return ledger.transaction(async (tx) => {
        if (!(await gamesRepository.memberExists(tx, memberId))) return answer('PLAYER_UNKNOWN');
        // A debit meets the member's limits before the ledger lock (the gate's lock comes first on every path); the
        // vendor has no member session, so no session time is checked. A repeated txId still gets its first answer.
        let refused: VendorCode | null = null;
        if (action === 'bet' && amount !== null && amount > 0n) {
          try {
            await deps.gate.stake(tx, memberId, amount, null);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refused = error.code === 'SELF_EXCLUDED' || error.code === 'TIMED_OUT' ? 'PLAYER_BLOCKED' : 'PLAYER_LIMIT';
          }
        }
        const { balance } = await ledger.lockMember(tx, memberId);
        const prior = await gamesRepository.walletTx(tx, platform, txId);
        if (prior) {
          if (prior.paramsHash !== paramsHash) return answer('TX_CONFLICT', balance);
          return { ...(prior.answer as SeamlessResponse), duplicate: true };
        }
        const result = refused
          ? answer(refused, balance)
          : await act(tx, platform, action, memberId, balance, { ...request, txId }, amount);
        const stored = { ...result, txId };
        await gamesRepository.saveWalletTx(tx, { platform, txId, action, memberId, paramsHash, answer: stored });
        return stored;
      });
    },
  };
}

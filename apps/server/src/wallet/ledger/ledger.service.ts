import { randomInt } from 'node:crypto';
import { type Database, type Executor, isConnectionError } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { sha256 } from '../../shared/tokens';
import { ledgerRepository } from './ledger.repository';

/** Why money moved (the transfer's code). Records filter by these. */
export const TRANSFER_CODES = [
  'deposit',
  'withdraw_freeze',
  'withdraw_unfreeze',
  'withdraw_paid',
  'withdraw_fee',
  'venue_out',
  'venue_in',
  'venue_refund',
  'adjust',
  'bonus',
  // The sportsbook: a bet's stake main -> the member's open bets, the stake to the house at settlement, a payout to
  // main, and the reversal of an earlier payout when a corrected result resettles the bet.
  'bet_stake',
  'bet_settle',
  'bet_payout',
  'bet_reverse',
  // An in-play bet refused when its delay ended: its stake back from open bets to main.
  'bet_refund',
  // Cash out: the house pays a bet's value now to main (its stake part moves to the house as bet_settle).
  'bet_cashout',
  // House tables (issue 22): a bet action's stake main -> the member's open casino bets, the stake to the house at
  // the result, what it returns to main, and the stake back to main when a round is refunded.
  'casino_stake',
  'casino_settle',
  'casino_payout',
  'casino_refund',
  // Seamless-wallet vendors call our wallet: a bet debits main, a win credits it, a rollback gives a bet back.
  'vendor_bet',
  'vendor_win',
  'vendor_rollback',
  // Rewards (issue 23), house:bonus -> main, each with its turnover requirement (wallet/bonus): a VIP upgrade or
  // birthday bonus, a VIP wage, a rebate, a task or sign-in reward, a promotion's bonus, a redemption code's.
  'vip_bonus',
  'vip_wage',
  'rebate',
  'task_reward',
  'promo_bonus',
  'code_bonus',
  // The agent programme (issue 24): a period's commission on the downline, house:bonus -> main (wallet/bonus).
  'commission',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/** A member's account, or one of the house's. */
export type AccountRef = { memberId: bigint; kind: string } | { house: string };

export const member = (memberId: bigint, kind: string): AccountRef => ({ memberId, kind });
export const house = (kind: string): AccountRef => ({ house: kind });

export type Movement = {
  /** Unique per movement for ever: replaying it returns the first result; reusing it for something else is refused. */
  key: string;
  code: TransferCode;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  /** Who or what caused it: member:<id>, operator:<id>, gateway:<name>, system:<job>. */
  actor: string;
  /** The business record it belongs to, e.g. withdrawal:42. */
  reference: string;
  memo?: string;
};

export type Posted = { transfer: { id: bigint }; replayed: boolean };

const RETRYABLE = new Set(['40P01', '40001', '23505']);

/**
 * A connection that died under the transaction (terminated backend, failover, network cut) is retried too. Safe
 * because every money use case is keyed: if the transaction did commit before the connection died, the retry finds
 * the key and replays the result instead of moving money twice.
 */
function isRetryable(error: unknown): boolean {
  const code = pgCode(error);
  return (code !== undefined && RETRYABLE.has(code)) || isConnectionError(error);
}

/** A string field of the error or of the first cause that has one (drivers wrap PostgreSQL's errors). */
export function causeField(
  error: unknown,
  field: 'code' | 'hint' | 'detail',
  accept: (value: string) => boolean = () => true,
) {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function pgCode(error: unknown): string | undefined {
  return causeField(error, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));
}

/**
 * What a key asked for, so the same key sent with different parameters is refused instead of replayed. The SQL
 * function ledger_params_hash (migration 0009) computes the same for postings made inside a use-case statement.
 */
export function paramsHashOf(movement: Movement, fromId: bigint, toId: bigint): string {
  return sha256(
    JSON.stringify([movement.code, fromId.toString(), toId.toString(), movement.amount.toString(), movement.reference]),
  );
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/**
 * The only code that writes the ledger. Every movement is one transfer between two accounts with two entries that
 * sum to zero, each keeping the balance before and after and the account's version. Member accounts never go below
 * zero (checked here under row locks, and refused by the database too).
 */
export function createLedgerService(db: Database) {
  // Money transactions still running; shutdown waits for them so a stopping process never cuts one in half.
  let running = 0;
  // Account ids never change and accounts are never deleted, so an id is looked up once per process. An id first
  // seen inside a transaction may belong to an account that transaction created: it is remembered only once that
  // transaction commits, or a rollback would leave the cache pointing at nothing.
  const knownIds = new Map<string, bigint>();
  const idsSeenIn = new WeakMap<Executor, Map<string, bigint>>();
  // Members whose main wallet a transaction moved, told to the listeners once it commits (the realtime balance push).
  const mainMovedIn = new WeakMap<Executor, Set<bigint>>();
  const mainMovedListeners: Array<(memberIds: readonly bigint[]) => void> = [];
  // Work a use case asked to run once its transaction has committed (the inbox's unread push): dropped on rollback.
  const afterCommitIn = new WeakMap<Executor, Array<() => void>>();
  const ledgerTransactions = new WeakSet<Executor>();

  function mainMoved(memberIds: Iterable<bigint>): void {
    const moved = [...memberIds];
    if (moved.length === 0) return;
    for (const listener of mainMovedListeners) {
      try {
        listener(moved);
      } catch {
        // A listener's trouble is never the money path's: the movement has committed.
      }
    }
  }

  /** Notes the members whose main wallet these movements touch: now in autocommit, at the commit otherwise. */
  function noteMainMoved(tx: Executor, movements: readonly Movement[]): void {
    if (mainMovedListeners.length === 0) return;
    let moved: Set<bigint> | undefined;
    for (const movement of movements) {
      for (const ref of [movement.from, movement.to]) {
        if ('house' in ref || ref.kind !== 'main') continue;
        moved ??= tx === db ? new Set() : (mainMovedIn.get(tx) ?? new Set());
        moved.add(ref.memberId);
      }
    }
    if (!moved) return;
    if (tx === db) mainMoved(moved);
    else mainMovedIn.set(tx, moved);
  }

  async function accountId(tx: Executor, ref: AccountRef): Promise<bigint> {
    const name = 'house' in ref ? `house:${ref.house}` : `${ref.memberId}:${ref.kind}`;
    const known = knownIds.get(name) ?? idsSeenIn.get(tx)?.get(name);
    if (known !== undefined) return known;
    const id =
      'house' in ref
        ? await ledgerRepository.ensureAccount(tx, null, `house:${ref.house}`)
        : await ledgerRepository.ensureAccount(tx, ref.memberId, ref.kind);
    if (tx === db) knownIds.set(name, id);
    else {
      const seen = idsSeenIn.get(tx) ?? new Map<string, bigint>();
      seen.set(name, id);
      idsSeenIn.set(tx, seen);
    }
    return id;
  }

  /** Runs money work, retried from the start on a deadlock, serialisation failure, key race or lost connection. */
  async function retrying<T>(work: () => Promise<T>): Promise<T> {
    running++;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await work();
        } catch (error) {
          if (attempt >= 4 || !isRetryable(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, attempt * 5 + randomInt(10)));
        }
      }
    } finally {
      running--;
    }
  }

  const ledger = {
    /** Resolves once no money transaction is running (or after timeoutMs). */
    async drain(timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    },

    /**
     * Runs a use case in one transaction. A deadlock, a serialisation failure or a lost race on a unique key is
     * retried from the start: the use case's own idempotency checks then see what the winner wrote.
     */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return retrying(async () => {
        let used: Executor | undefined;
        const result = await db.transaction((tx) => {
          used = tx;
          ledgerTransactions.add(tx);
          afterCommitIn.delete(tx);
          return work(tx);
        });
        const seen = used && idsSeenIn.get(used);
        if (seen) for (const [name, id] of seen) knownIds.set(name, id);
        const moved = used && mainMovedIn.get(used);
        if (moved) mainMoved(moved);
        for (const callback of (used && afterCommitIn.get(used)) ?? []) {
          try {
            callback();
          } catch {
            // Like the balance push: what runs after the commit is never the use case's trouble.
          }
        }
        return result;
      });
    },

    /**
     * Runs `callback` once `tx` (a `ledger.transaction`'s) has committed, never for a rollback; at once for the
     * database itself (autocommit). A transaction the ledger did not open cannot tell it when it commits: refused, so
     * the mistake shows in the first test instead of a push that silently never comes.
     */
    afterCommit(tx: Executor, callback: () => void): void {
      if (tx === db) {
        callback();
        return;
      }
      if (!ledgerTransactions.has(tx)) throw new Error('afterCommit needs a ledger.transaction');
      const callbacks = afterCommitIn.get(tx) ?? [];
      callbacks.push(callback);
      afterCommitIn.set(tx, callbacks);
    },

    accountId,

    /** Locks a member's main account: every member money use case does this first, so they run one at a time. */
    async lockMember(tx: Executor, memberId: bigint): Promise<{ id: bigint; balance: bigint }> {
      const id = await accountId(tx, member(memberId, 'main'));
      const locked = await ledgerRepository.lockAccounts(tx, [id]);
      return { id, balance: locked.get(id)?.balance ?? 0n };
    },

    /** Posts one movement inside the caller's transaction. */
    async post(tx: Executor, movement: Movement): Promise<Posted> {
      if (movement.amount <= 0n) throw new AppError('AMOUNT_INVALID');
      const fromId = await accountId(tx, movement.from);
      const toId = await accountId(tx, movement.to);
      if (fromId === toId) throw new AppError('BAD_REQUEST');
      const paramsHash = paramsHashOf(movement, fromId, toId);

      const outcome = await ledgerRepository.post(tx, {
        key: movement.key,
        paramsHash,
        code: movement.code,
        fromId,
        toId,
        amount: movement.amount,
        actor: movement.actor,
        reference: movement.reference,
        memo: movement.memo ?? '',
      });
      if (outcome.outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
      if (outcome.outcome === 'replayed' && outcome.paramsHash !== paramsHash)
        throw new AppError('IDEMPOTENCY_CONFLICT');
      if (outcome.outcome === 'posted') noteMainMoved(tx, [movement]);
      return { transfer: { id: outcome.transferId }, replayed: outcome.outcome === 'replayed' };
    },

    /**
     * Posts many movements with one statement inside the caller's transaction (settlement, scheduled payouts). Each
     * keeps its own key: sending a batch again after a crash replays what committed and posts the rest. A movement
     * that would overdraw a member refuses the whole batch (INSUFFICIENT_FUNDS), as a sequence of posts would stop.
     */
    async postBatch(tx: Executor, movements: Movement[]): Promise<Posted[]> {
      if (movements.length === 0) return [];
      const memberRefs = new Map<string, { memberId: bigint; kind: string }>();
      for (const movement of movements) {
        if (movement.amount <= 0n) throw new AppError('AMOUNT_INVALID');
        for (const ref of [movement.from, movement.to]) {
          if ('house' in ref) continue;
          const name = `${ref.memberId}:${ref.kind}`;
          if (!knownIds.has(name) && !idsSeenIn.get(tx)?.has(name)) memberRefs.set(name, ref);
        }
      }
      if (memberRefs.size > 0) {
        const created = await ledgerRepository.ensureMemberAccounts(tx, [...memberRefs.values()]);
        const seen = idsSeenIn.get(tx) ?? new Map<string, bigint>();
        for (const [name, id] of created) seen.set(name, id);
        idsSeenIn.set(tx, seen);
      }
      const input: Parameters<typeof ledgerRepository.postBatch>[1] = [];
      for (const movement of movements) {
        const fromId = await accountId(tx, movement.from);
        const toId = await accountId(tx, movement.to);
        if (fromId === toId) throw new AppError('BAD_REQUEST');
        input.push({
          key: movement.key,
          paramsHash: paramsHashOf(movement, fromId, toId),
          code: movement.code,
          fromId,
          toId,
          amount: movement.amount,
          actor: movement.actor,
          reference: movement.reference,
          memo: movement.memo ?? '',
        });
      }
      let outcomes: Awaited<ReturnType<typeof ledgerRepository.postBatch>>;
      try {
        outcomes = await ledgerRepository.postBatch(tx, input);
      } catch (error) {
        if (causeField(error, 'hint') === 'INSUFFICIENT_FUNDS')
          throw new AppError('INSUFFICIENT_FUNDS', { cause: error });
        throw error;
      }
      const posted = outcomes.map((outcome, index) => {
        if (outcome.outcome === 'replayed' && outcome.paramsHash !== input[index]?.paramsHash)
          throw new AppError('IDEMPOTENCY_CONFLICT');
        return { transfer: { id: outcome.transferId }, replayed: outcome.outcome === 'replayed' };
      });
      noteMainMoved(
        tx,
        movements.filter((_, index) => !posted[index]?.replayed),
      );
      return posted;
    },

    /**
     * A use case that is one statement of its own (a SQL function that checks its rules, writes its row and posts
     * through ledger_post): retried like a transaction, and a posting it refused for want of money (raised with the
     * hint INSUFFICIENT_FUNDS, which rolled the whole call back) becomes that business error. The SQL posts out of
     * the ledger's sight, so the caller names the members whose main wallet the statement may move (`movesMainOf`):
     * they hear of it once it has committed, as they do for every other posting.
     */
    statement<T>(work: (db: Database) => Promise<T>, movesMainOf: readonly bigint[] = []): Promise<T> {
      return retrying(async () => {
        try {
          const result = await work(db);
          mainMoved(movesMainOf);
          return result;
        } catch (error) {
          if (causeField(error, 'hint') === 'INSUFFICIENT_FUNDS')
            throw new AppError('INSUFFICIENT_FUNDS', { cause: error });
          throw error;
        }
      });
    },

    /**
     * One movement on its own: a single ledger_post statement, which is its own transaction, so the accounts are
     * locked for one statement instead of BEGIN, post, COMMIT (what a bet or a payout with nothing else to do uses).
     */
    transfer(movement: Movement): Promise<Posted> {
      return retrying(() => ledger.post(db, movement));
    },

    check() {
      return ledgerRepository.check(db);
    },

    /**
     * `listener` hears, after each commit, which members' main wallets moved (never inside the transaction, never
     * for a rollback or a replay). It must not throw or wait: it runs on the money path.
     */
    onMainMoved(listener: (memberIds: readonly bigint[]) => void): void {
      mainMovedListeners.push(listener);
    },

    /**
     * Main wallet balances of these members, in one query by account id (what a balance push reads after the
     * commits; the ids are known to this process from the postings themselves).
     */
    async mainBalances(memberIds: readonly bigint[]): Promise<Map<bigint, { balance: bigint; version: bigint }>> {
      const owners = new Map<bigint, bigint>();
      for (const memberId of memberIds) owners.set(await accountId(db, member(memberId, 'main')), memberId);
      const balances = await ledgerRepository.balancesById(db, [...owners.keys()]);
      return new Map([...balances].map(([id, balance]) => [owners.get(id) as bigint, balance]));
    },

    balances(memberId: bigint) {
      return ledgerRepository.balances(db, memberId);
    },
  };
  return ledger;
}

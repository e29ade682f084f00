import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type SimBet = {
  betId: string;
  player: string;
  game: string;
  round: string;
  stake: string;
  payout: string;
  placedAt: string;
  settledAt: string;
};

type Transfer = { kind: 'deposit' | 'withdraw'; player: string; amount: string; state: 'confirmed' | 'failed' };

type State = {
  /** Per platform, per player: the balance held here (transfer wallet), at scale 4 as a decimal integer string. */
  balances: Record<string, Record<string, string>>;
  /** Per platform, per our transfer reference: what it did (a repeat does nothing again). */
  transfers: Record<string, Record<string, Transfer>>;
  /** Per platform, settled bets in order; a cursor is an index into this list. */
  bets: Record<string, SimBet[]>;
  seq: number;
};

/**
 * The simulator's books: balances, transfers by reference and bet history, kept in memory and written to one JSON
 * file after every change (replaced whole, through a temporary file, so a crash leaves the old or the new).
 */
export function createSimStore(file: string | undefined) {
  const state: State =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as State)
      : { balances: {}, transfers: {}, bets: {}, seq: 0 };

  function save(): void {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  }

  return {
    nextId(): string {
      state.seq += 1;
      save();
      return String(state.seq);
    },
    balance(platform: string, player: string): bigint {
      return BigInt(state.balances[platform]?.[player] ?? '0');
    },
    setBalance(platform: string, player: string, value: bigint): void {
      state.balances[platform] ??= {};
      state.balances[platform][player] = value.toString();
      save();
    },
    transfer(platform: string, reference: string): Transfer | undefined {
      return state.transfers[platform]?.[reference];
    },
    /** Records a transfer and applies it to the balance in one step (one save). */
    applyTransfer(platform: string, reference: string, transfer: Transfer, balance?: bigint): void {
      state.transfers[platform] ??= {};
      state.transfers[platform][reference] = transfer;
      if (balance !== undefined) {
        state.balances[platform] ??= {};
        state.balances[platform][transfer.player] = balance.toString();
      }
      save();
    },
    addBet(platform: string, bet: SimBet, balance: bigint): void {
      state.bets[platform] ??= [];
      state.bets[platform].push(bet);
      state.balances[platform] ??= {};
      state.balances[platform][bet.player] = balance.toString();
      save();
    },
    bets(platform: string, after: number, limit: number): { list: SimBet[]; next: number } {
      const all = state.bets[platform] ?? [];
      const list = all.slice(after, after + limit);
      return { list, next: after + list.length };
    },
  };
}

export type SimStore = ReturnType<typeof createSimStore>;

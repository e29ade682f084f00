import { randomBytes, randomUUID } from 'node:crypto';
import { seedAt } from '@jinb/casino';
import { type TablePush, tableTopic } from '@jinb/contract';
import type { Database } from '../db/database';
import type { RealtimePublisher } from '../realtime/realtime-port';
import { roundsRepository } from './casino-rounds.repository';
import { tablesRepository } from './casino-tables.repository';
import { dealRound } from './round-outcome';
import type { RoundSettlement } from './round-settlement.service';
import { roundView } from './round-view';

type Logger = { error(object: object, message: string): void; info(object: object, message: string): void };

/** How long a dealer's lease on a table lasts without a renewal: a dead process's tables move on after it. */
export const DEALER_LEASE_MS = 30_000;
/** How long a result stays on screen before the next round opens. */
export const RESULT_SHOW_MS = 5_000;
/** How often a table nobody deals here (another process holds it, or it is closed) is looked at again. */
export const IDLE_MS = 2_000;
/** Rounds per hash chain: at a round every 20 s, about two days of one table. */
export const CHAIN_LENGTH = 10_000;

export type Dealer = ReturnType<typeof createDealer>;

/**
 * Deals every table, each under its lease so with several processes exactly one deals it (the others answer reads
 * from the database; publications fan out through the realtime channel). One step does the table's next piece of
 * work and answers how long to wait before the next: close a window that is over (betting -> dealing with the
 * outcome from the committed seed), settle a closed round, show a result, publish a new chain, open the next round.
 * A process that takes a lease over starts with whatever round the last left unfinished, so a crash mid-round is
 * finished (or refunded) by whoever deals next, exactly once (the settlement claims the round). Tests call `step`
 * directly with short windows; `start` runs it on timers.
 */
export function createDealer(deps: {
  db: Database;
  settlement: RoundSettlement;
  realtime: RealtimePublisher;
  log: Logger;
  owner?: string;
  leaseMs?: number;
  resultMs?: number;
  chainLength?: number;
}) {
  const { db, log } = deps;
  const owner = deps.owner ?? randomUUID();
  const leaseMs = deps.leaseMs ?? DEALER_LEASE_MS;
  const resultMs = deps.resultMs ?? RESULT_SHOW_MS;
  const chainLength = deps.chainLength ?? CHAIN_LENGTH;
  const held = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<unknown>>();
  let stopped = true;

  async function publish(roundId: bigint): Promise<void> {
    const round = await roundsRepository.byId(db, roundId);
    if (!round) return;
    const push: TablePush = { kind: 'round', round: roundView(round) };
    deps.realtime.publish(tableTopic(round.table), push);
  }

  /** Opens the table's next round from its chain, or publishes a new chain first (then the round on the next step). */
  async function openRound(code: string, windowMs: number): Promise<number> {
    const chain = await roundsRepository.currentChain(db, code);
    if (!chain || chain.used >= chain.length) {
      const secret = randomBytes(32).toString('hex');
      await roundsRepository.insertChain(db, {
        table: code,
        secret,
        length: chainLength,
        terminalHash: seedAt(secret, chainLength, 0),
      });
      log.info({ table: code }, 'casino chain published');
      return 0;
    }
    const id = await db.transaction(async (tx) => {
      const locked = await roundsRepository.currentChain(tx, code, true);
      if (!locked || locked.id !== chain.id || locked.used >= locked.length) return null;
      const number = locked.used + 1;
      return roundsRepository.insertRound(tx, {
        table: code,
        chainId: locked.id,
        number,
        seed: seedAt(locked.secret, locked.length, number),
        windowMs,
      });
    });
    if (id === null) return 0;
    await publish(id);
    return Math.min(windowMs, leaseMs / 3);
  }

  async function step(code: string): Promise<number> {
    if (!(await tablesRepository.acquireLease(db, code, owner, leaseMs))) {
      held.delete(code);
      return IDLE_MS;
    }
    held.add(code);
    const table = await tablesRepository.byCode(db, code);
    if (!table) return IDLE_MS;
    const pending = await roundsRepository.oldestUnfinished(db, code);
    if (pending) {
      if (pending.phase === 'betting') {
        // Waits are capped so the lease is renewed well before it runs out, whatever the window.
        if (pending.closesInMs > 0) return Math.min(pending.closesInMs, leaseMs / 3);
        let outcome = null;
        try {
          outcome = dealRound(pending.game, pending.seed, pending.table, pending.number).view;
        } catch (error) {
          log.error({ err: error, round: String(pending.id) }, 'casino round could not be dealt; it is refunded');
        }
        // Not yet over by the database's clock (a few ms apart from ours): try again in a moment.
        if (!(await roundsRepository.close(db, pending.id, outcome))) return 20;
        await publish(pending.id);
      }
      const closed = await roundsRepository.byId(db, pending.id);
      if (closed && (await deps.settlement.finish(closed)) !== 'skipped') await publish(pending.id);
      return resultMs;
    }
    if (!table.open) return IDLE_MS;
    const latest = await roundsRepository.latest(db, code);
    if (latest?.settledAgoMs != null && latest.settledAgoMs < resultMs) return resultMs - latest.settledAgoMs;
    return openRound(code, table.windowMs);
  }

  function loop(code: string): void {
    if (stopped) return;
    const work = step(code)
      .catch((error: unknown) => {
        log.error({ err: error, table: code }, 'casino dealer step failed');
        return IDLE_MS;
      })
      .then((waitMs) => {
        if (stopped) return;
        const timer = setTimeout(() => loop(code), waitMs);
        timer.unref();
        timers.set(code, timer);
      });
    running.set(code, work);
  }

  return {
    owner,
    /** One piece of a table's work; answers the milliseconds until its next is due. */
    step,

    /** Deals every table on timers until stopped. */
    async start(): Promise<void> {
      stopped = false;
      for (const table of await tablesRepository.all(db)) loop(table.code);
    },

    /** Waits for the steps under way, then gives the leases up so another process takes the tables at once. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running.values());
      await Promise.all([...held].map((code) => tablesRepository.releaseLease(db, code, owner).catch(() => undefined)));
      held.clear();
    },
  };
}

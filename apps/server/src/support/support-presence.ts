import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { supportRepository } from './support.repository';

/** How often this process refreshes the rows of the agents whose desk sockets it holds (fresh for 45 s). */
export const PRESENCE_EVERY_MS = 15_000;

type Logger = { warn(object: object, message: string): void };

export type SupportPresence = ReturnType<typeof createSupportPresence>;

/**
 * Which agents are online, across processes: a row per agent and process in support_presence while a desk socket
 * of theirs is open here, written when the first one subscribes `desk`, deleted when the last one goes, refreshed
 * every 15 s (a process that dies leaves rows that go stale in 45 s). `deskOperators` is the hub's list.
 */
export function createSupportPresence(deps: { db: Database; deskOperators: () => bigint[]; logger: Logger }) {
  const process = `${randomBytes(6).toString('hex')}`;
  const failed = (error: unknown) => deps.logger.warn({ err: error }, 'support presence: write failed');
  let pending: Promise<unknown> = Promise.resolve();
  /** One write at a time, in order: a leave after a join must not land first. */
  const queue = (work: () => Promise<unknown>) => {
    pending = pending.then(work).catch(failed);
    return pending;
  };
  const timer = setInterval(() => {
    const here = deps.deskOperators();
    if (here.length > 0) void queue(() => supportRepository.present(deps.db, here, process));
  }, PRESENCE_EVERY_MS);
  timer.unref();

  return {
    process,
    changed(operatorId: bigint, online: boolean): void {
      void queue(() =>
        online
          ? supportRepository.present(deps.db, [operatorId], process)
          : supportRepository.absent(deps.db, operatorId, process),
      );
    },
    /** Written so far (tests wait on it). */
    settled(): Promise<unknown> {
      return pending;
    },
    async close(): Promise<void> {
      clearInterval(timer);
      await pending;
      await supportRepository.absentAll(deps.db, process).catch(failed);
    },
  };
}

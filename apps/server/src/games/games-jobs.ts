import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container';
import { gamesRepository } from './games.repository';

/** How often the transfer vendors' bet histories are pulled into the members' records. */
export const VENDOR_BETS_PULL_MS = 10_000;
const LEASE = 'vendor-bets';

/**
 * The games module's background work: pulling the transfer vendors' bet histories, in one process at a time (a lease
 * renewed on every run; another process takes over once it runs out). The pull itself is safe to repeat.
 */
export function startGamesJobs(container: Container, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const { db, games } = container;
  const owner = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function run(): Promise<void> {
    try {
      if (!(await gamesRepository.lease(db, LEASE, owner, VENDOR_BETS_PULL_MS * 3))) return;
      for (const outcome of await games.bets.pull()) {
        if (outcome.error)
          log.warn({ platform: outcome.platform, error: outcome.error }, 'vendor bet history not pulled');
        else if (outcome.recorded > 0) log.info(outcome, 'vendor bets recorded');
      }
    } catch (error) {
      log.error({ err: error }, 'vendor bet history pull failed');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
    }, VENDOR_BETS_PULL_MS);
    timer.unref();
  }
  if (games.vendors.transferVendors().length > 0) schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await gamesRepository.releaseLease(db, LEASE, owner).catch(() => {});
    },
  };
}

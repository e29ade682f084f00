import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container';

/**
 * The house tables' dealer in this process (when the configuration lets it deal): every table under its lease, so
 * with several processes one deals each table and the others only answer reads.
 */
export function startCasinoJobs(container: Container, log: FastifyBaseLogger): { stop(): Promise<void> } {
  if (!container.config.casino.dealer) return { stop: async () => undefined };
  const dealer = container.casino.dealer();
  const started = dealer.start().catch((error: unknown) => log.error({ err: error }, 'casino dealer did not start'));
  log.info({ owner: dealer.owner }, 'casino dealer started');
  return {
    async stop() {
      await started;
      await dealer.stop();
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container';
import { startTicker } from '../shared/ticker';

const EVERY_MS = 60_000;

/**
 * Every 60 s: members with valid bets or deposits counted since the last pass are evaluated (so members who never
 * open the VIP page still level up and get their bonus), then the last month's keep-level review runs if it has not
 * finished (once across processes; a crashed review resumes here).
 */
export function startVipJobs(container: Container, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return startTicker({
    name: 'vip',
    everyMs: EVERY_MS,
    log,
    async tick(keepGoing) {
      const pass = await container.vip.upgradePass((memberId, error) =>
        log.error({ err: error, memberId: String(memberId) }, 'vip upgrade failed'),
      );
      if (pass.paid > 0) log.info(pass, 'vip upgrades paid');
      if (!keepGoing()) return;
      const month = container.vip.dueReviewMonth();
      const review = await container.vip.reviewMonth(month);
      if (review.relegated + review.restored > 0) log.debug({ month, ...review }, 'vip review');
    },
  });
}

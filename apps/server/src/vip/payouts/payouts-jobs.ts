import { platformDay, platformDayBounds } from '@jinb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../../container';
import { startTicker } from '../../shared/ticker';
import { duePeriods } from './payout-periods';
import type { VipPayoutsService } from './payouts.service';

/** How often the process looks for a period that is due. */
export const TICK_MS = 60_000;
/** Yesterday's rebate waits this long after midnight, for the bets that settle just after the day ends. */
export const REBATE_DELAY_MS = 10 * 60_000;

/**
 * One tick: every kind that is enabled and due (yesterday's rebate once the delay has passed, last ISO week's wages,
 * last month's wages, today's birthdays) is run to its end or resumed where a crashed run left its cursor; a finished
 * period costs one read. Pending payouts past their expiry are marked expired. Safe in every process at once.
 */
export async function payoutTick(
  payouts: VipPayoutsService,
  input: { now: Date; timeZone: string; keepGoing?: () => boolean; log?: FastifyBaseLogger },
): Promise<void> {
  const settings = new Map((await payouts.settings()).map((one) => [one.kind, one]));
  const todayStart = platformDayBounds(platformDay(input.now, input.timeZone), input.timeZone)?.start;
  for (const due of duePeriods(input.now, input.timeZone)) {
    if (input.keepGoing && !input.keepGoing()) return;
    if (!settings.get(due.kind)?.enabled) continue;
    if (due.kind === 'rebate' && todayStart && input.now.getTime() < todayStart.getTime() + REBATE_DELAY_MS) continue;
    const run = await payouts.runPeriod(due.kind, due.period, {
      keepGoing: input.keepGoing,
      startedBy: 'system:vip_payouts',
    });
    if (run.status === 'done' && run.finishedAt && input.now.getTime() - run.finishedAt.getTime() < TICK_MS * 2)
      input.log?.info(
        { kind: run.kind, period: run.period, payouts: run.payouts, credited: run.credited },
        'vip payout run finished',
      );
  }
  await payouts.expireOverdue();
}

/** The VIP payout jobs in this process: a tick every minute; stop() lets the slice under way commit. */
export function startVipPayoutJobs(container: Container, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return startTicker({
    name: 'vip payout',
    everyMs: TICK_MS,
    firstAfterMs: 5_000,
    log,
    tick: (keepGoing) =>
      payoutTick(container.vipPayouts, { now: new Date(), timeZone: container.config.timeZone, keepGoing, log }),
  });
}

import { platformDay, platformDayBounds } from '@jinb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container';
import { startTicker } from '../shared/ticker';
import type { AgentService } from './agent.service';
import { lastEndedPeriod } from './agent-periods';

/** How often the process looks for a period that is due. */
export const TICK_MS = 60_000;
/** A day's commission waits this long after midnight, for the bets that settle just after the day ends. */
export const SETTLE_DELAY_MS = 10 * 60_000;

/**
 * One tick: the scheme's last ended period (yesterday, last ISO week, last month) is computed to its end or resumed
 * where a crashed run left its cursor; a finished period costs one read. Pending commissions past their expiry are
 * marked expired. Safe in every process at once.
 */
export async function agentTick(
  agent: AgentService,
  input: { now: Date; timeZone: string; keepGoing?: () => boolean; log?: FastifyBaseLogger },
): Promise<void> {
  const scheme = await agent.currentScheme();
  const todayStart = platformDayBounds(platformDay(input.now, input.timeZone), input.timeZone)?.start;
  const settled = !todayStart || input.now.getTime() >= todayStart.getTime() + SETTLE_DELAY_MS;
  if (scheme.enabled && settled) {
    const period = lastEndedPeriod(scheme.period, input.now, input.timeZone);
    const run = await agent.runPeriod(period, { keepGoing: input.keepGoing, startedBy: 'system:agent_commission' });
    if (run.status === 'done' && run.finishedAt && input.now.getTime() - run.finishedAt.getTime() < TICK_MS * 2)
      input.log?.info(
        { period: run.period, commissions: run.commissions, credited: run.credited },
        'agent commission run finished',
      );
  }
  await agent.expireOverdue();
}

/** The commission job in this process: a tick every minute; stop() lets the slice under way commit. */
export function startAgentJobs(container: Container, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return startTicker({
    name: 'agent commission',
    everyMs: TICK_MS,
    firstAfterMs: 7_000,
    log,
    tick: (keepGoing) =>
      agentTick(container.agent, { now: new Date(), timeZone: container.config.timeZone, keepGoing, log }),
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container';
import { MANUAL_FEED } from './admin/trading.service';
import { BET_DELAY_SWEEP_MS } from './bets/bet-delay.service';
import { createFeedRunner } from './feed/feed-runner';
import { startDue } from './feed/feed-sink';
import { createSimulatedFeed } from './feed/simulated-feed';

/** How often the simulated feed polls: quick enough that a goal is suspended within the in-play bet delay. */
export const SIM_FEED_INTERVAL_MS = 2_000;

/** How often interrupted settlement runs are looked for, and manual events past their kick-off are started. */
export const SPORTS_SWEEP_MS = 5_000;

/**
 * The sportsbook's background work in every process: the configured feed (under its lease, so one process runs it),
 * the settlement sweep that finishes runs a stopped process left half done (several processes may share it: its
 * batches skip what another holds), and kick-off for the operators' manual events (their markets close at the start).
 */
export function startSportsJobs(container: Container, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const { sports, config } = container;
  const { settlement } = sports;
  const feed =
    config.sports.feed === 'simulated'
      ? createFeedRunner({
          adapter: createSimulatedFeed({
            seed: config.sports.simSeed,
            speed: config.sports.simSpeed,
            settings: sports.settings,
          }),
          sink: sports.feedSink('simulated'),
          settlement,
          db: container.db,
          log,
          // In play, a goal must suspend its markets well within a bet's delay (5 s by default).
          intervalMs: SIM_FEED_INTERVAL_MS,
        })
      : undefined;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // In-play bets past their delay: looked for every second by every process (a restarted one finds what the last
  // left), besides the timer each process sets for its own bets.
  const delaySweep = setInterval(() => {
    sports.delay.decideDue().catch((error: unknown) => log.error({ err: error }, 'deciding in-play bets failed'));
  }, BET_DELAY_SWEEP_MS);
  delaySweep.unref();
  let sweeping: Promise<void> | undefined;

  async function sweep(): Promise<void> {
    try {
      const started = await startDue(container.db, [MANUAL_FEED], new Date(), sports.events);
      if (started > 0) log.info({ started }, 'manual sports events kicked off');
    } catch (error) {
      log.error({ err: error }, 'sports kick-off sweep failed');
    }
    try {
      await settlement.settlePending();
    } catch (error) {
      log.error({ err: error }, 'sports settlement sweep failed');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      sweeping = sweep().finally(schedule);
    }, SPORTS_SWEEP_MS);
    timer.unref();
  }

  // Once at start (a run the last process left half done is finished first), then every few seconds.
  sweeping = sweep().finally(schedule);
  feed?.start();
  if (feed) log.info({ speed: config.sports.simSpeed, seed: config.sports.simSeed }, 'simulated sports feed started');

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(delaySweep);
      await sports.delay.close();
      await sweeping;
      await feed?.stop();
      await settlement.idle();
    },
  };
}

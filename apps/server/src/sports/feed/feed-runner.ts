import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/database';
import type { FeedAdapter, FeedOutcome, FeedSink, SettlementPort } from './feed-adapter';
import { createFeedLease } from './feed-lease';

type Logger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type FeedTick =
  | { skipped: true }
  | {
      skipped: false;
      events: number;
      prices: number;
      statuses: number;
      results: number;
      rejected: number;
      failed: number;
    };

/** How often a feed is polled, and how long its lease lasts without a renewal (a dead owner is replaced after it). */
export const FEED_INTERVAL_MS = 5_000;
export const FEED_LEASE_MS = 30_000;
/** The pause between polls while a feed still has more to send (each poll keeps its own work small). */
export const FEED_CATCH_UP_MS = 250;
/** A feed's results are decided in its poll and paid by a run in the background, as an operator's are. */
const BACKGROUND = { settle: 'background' } as const;

/**
 * Runs one feed: every interval, under the feed's lease, reads what the book holds of it, asks the adapter for fixtures,
 * prices, statuses and results in that order, and writes them (the book's sink; results, cancellations and voids
 * through the settlement service). A step that fails is logged and the next poll tries again: every write is keyed by
 * the feed's refs, so doing one twice changes nothing.
 */
export function createFeedRunner(deps: {
  adapter: FeedAdapter;
  sink: FeedSink;
  settlement: SettlementPort;
  db: Executor;
  log: Logger;
  now?: () => Date;
  intervalMs?: number;
  leaseMs?: number;
  owner?: string;
}) {
  const { adapter, sink, log } = deps;
  const now = deps.now ?? (() => new Date());
  const intervalMs = deps.intervalMs ?? FEED_INTERVAL_MS;
  const lease = createFeedLease(deps.db, adapter.name, deps.owner ?? randomUUID(), deps.leaseMs ?? FEED_LEASE_MS);
  const by = { feed: adapter.name };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let held = false;
  let catchingUp = false;

  async function step<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error, feed: adapter.name, step: name }, 'sports feed step failed');
      return undefined;
    }
  }

  async function settle(outcome: FeedOutcome, eventId: bigint): Promise<void> {
    const { settlement } = deps;
    if (outcome.kind === 'result') await settlement.recordResult(by, eventId, outcome.result, BACKGROUND);
    else if (outcome.kind === 'cancel') await settlement.cancelEvent(by, eventId, outcome.reason, BACKGROUND);
    else {
      const marketId = await sink.market(outcome.event, outcome.market);
      if (marketId === null) throw new Error(`no market ${JSON.stringify(outcome.market)} on ${outcome.event}`);
      await settlement.voidMarket(by, marketId, outcome.reason, BACKGROUND);
    }
  }

  async function tick(): Promise<FeedTick> {
    held = await lease.acquire();
    catchingUp = false;
    if (!held) return { skipped: true };
    const at = now();
    const book = await sink.book(at);
    let rejected = 0;
    let failed = 0;

    const fixtures = await step('fixtures', () => adapter.fixtures(at, book));
    catchingUp = fixtures?.more === true;
    if (fixtures) {
      await step('competitions', () => sink.competitions(fixtures.competitions));
      const written = await step('events', () => sink.fixtures(fixtures.events));
      rejected += written?.rejected.length ?? 0;
      if (!written) failed++;
    }
    const prices = await step('prices', () => adapter.prices(at, book));
    let changed = 0;
    if (prices?.length) {
      const written = await step('write prices', () => sink.prices(prices));
      changed = written?.changed ?? 0;
      rejected += written?.rejected.length ?? 0;
      if (!written) failed++;
    }
    const statuses = await step('statuses', () => adapter.statuses(at, book));
    let moved = 0;
    if (statuses) {
      const written = await step('write statuses', () => sink.statuses(statuses));
      moved = (written?.events ?? 0) + (written?.markets ?? 0);
    }
    const outcomes = (await step('results', () => adapter.results(at, book))) ?? [];
    let settled = 0;
    for (const outcome of outcomes) {
      const eventId = book.events.get(outcome.event)?.id ?? (await sink.events([outcome.event])).get(outcome.event)?.id;
      if (eventId === undefined) {
        log.warn(
          { feed: adapter.name, event: outcome.event },
          'sports feed result for an event the book does not have',
        );
        continue;
      }
      const done = await step(`${outcome.kind} ${outcome.event}`, async () => {
        await settle(outcome, eventId);
        return true;
      });
      if (done) {
        settled++;
        await sink.decided?.([eventId]);
      } else failed++;
    }
    if (rejected > 0) log.warn({ feed: adapter.name, rejected }, 'sports feed sent markets the book refused');
    return {
      skipped: false,
      events: fixtures?.events.length ?? 0,
      prices: changed,
      statuses: moved,
      results: settled,
      rejected,
      failed,
    };
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = tick()
          .catch((error: unknown) => log.error({ err: error, feed: adapter.name }, 'sports feed poll failed'))
          .finally(schedule);
      },
      catchingUp ? FEED_CATCH_UP_MS : intervalMs,
    );
    timer.unref();
  }

  return {
    /** One poll (tests drive the feed with it and an injected clock). */
    tick,

    start(): void {
      stopped = false;
      running = tick()
        .catch((error: unknown) => log.error({ err: error, feed: adapter.name }, 'sports feed poll failed'))
        .finally(schedule);
    },

    /** Waits for a poll under way, then gives the lease up so a restarted process takes over at once. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (held) await lease.release().catch(() => undefined);
      await adapter.close?.();
    },
  };
}

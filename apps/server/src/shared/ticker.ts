import type { FastifyBaseLogger } from 'fastify';

/**
 * A job that runs every `everyMs` in this process (the first time `firstAfterMs` after start), never twice at once:
 * a tick still running when the next is due is skipped, not queued. `keepGoing()` turns false once stop() is called,
 * so a tick walking slices stops between them; stop() waits for the tick under way, so its slice commits. Each tick
 * must be safe in every process at once (the jobs take their periods by row, not by process).
 */
export function startTicker(options: {
  name: string;
  everyMs: number;
  firstAfterMs?: number;
  log: FastifyBaseLogger;
  tick: (keepGoing: () => boolean) => Promise<void>;
}): { stop(): Promise<void> } {
  let stopping = false;
  let running: Promise<void> | undefined;
  const keepGoing = () => !stopping;
  const tick = () => {
    if (running || stopping) return;
    running = options
      .tick(keepGoing)
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} tick failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(tick, options.firstAfterMs);
  first?.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

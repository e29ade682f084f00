import type { FastifyBaseLogger } from 'fastify';
import { afterEach, expect, test, vi } from 'vitest';
import { startTicker } from './ticker';

afterEach(() => {
  vi.useRealTimers();
});

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

test('skips a tick while one is still running, and stop() waits for it and tells it to stop between slices', async () => {
  vi.useFakeTimers();
  let finish: () => void = () => {};
  const seen: boolean[] = [];
  let ticks = 0;
  const job = startTicker({
    name: 'test',
    everyMs: 1_000,
    firstAfterMs: 10,
    log,
    tick: (keepGoing) => {
      ticks++;
      return new Promise<void>((resolve) => {
        finish = () => {
          seen.push(keepGoing());
          resolve();
        };
      });
    },
  });
  await vi.advanceTimersByTimeAsync(10);
  expect(ticks).toBe(1);
  await vi.advanceTimersByTimeAsync(3_000);
  expect(ticks).toBe(1);
  let stopped = false;
  const stopping = job.stop().then(() => {
    stopped = true;
  });
  await Promise.resolve();
  expect(stopped).toBe(false);
  finish();
  await stopping;
  expect(seen).toEqual([false]);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(ticks).toBe(1);
});

test('a failed tick is logged and the next one still runs', async () => {
  vi.useFakeTimers();
  const errors = vi.fn();
  let ticks = 0;
  const job = startTicker({
    name: 'flaky',
    everyMs: 100,
    log: { error: errors } as unknown as FastifyBaseLogger,
    tick: async () => {
      ticks++;
      throw new Error('boom');
    },
  });
  await vi.advanceTimersByTimeAsync(250);
  expect(ticks).toBe(2);
  expect(errors).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'flaky tick failed');
  await job.stop();
});

import { AppError } from './app-error';
import type { CounterStore } from './counter-store';

/** Throws TOO_MANY_REQUESTS once `key` has been hit more than `max` times in the window. */
export async function limitRate(counters: CounterStore, key: string, max: number, windowMs: number): Promise<void> {
  if ((await counters.increment(`rate:${key}`, windowMs)) > max) throw new AppError('TOO_MANY_REQUESTS');
}

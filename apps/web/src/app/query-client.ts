import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';
import { useSession } from '../shared/session/session-store';

/** The spec's default request cache time. */
const CACHE_TIME_MS = 5 * 60_000;

/**
 * One retry policy for every query: a lost connection or a timeout is tried once more; a business answer
 * (wrong input, not found, expired session, a server-side refusal) is final, so asking again only delays the message.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { gcTime: CACHE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // Whatever one member loaded (balances, cards, records) must never show to the next one on this phone.
  useSession.subscribe((state, previous) => {
    if (previous.token && !state.token) client.clear();
  });
  return client;
}

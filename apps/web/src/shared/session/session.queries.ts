import type { Balance } from '@jinb/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../api/client';
import { selectIsLoggedIn, useSession } from './session-store';

/** Spec section 9: the member, the balance and the unread count are asked again at most once per 30 s unless forced. */
export const REFRESH_THROTTLE_MS = 30_000;

/**
 * The signed-in member's own data, kept only in the query cache. Not keyed by member: the whole cache is cleared
 * when a session ends (app/query-client.ts), so the next member on this phone never sees them.
 */
export const sessionKeys = {
  all: ['session'] as const,
  member: () => [...sessionKeys.all, 'member'] as const,
  balance: () => [...sessionKeys.all, 'balance'] as const,
  unread: () => [...sessionKeys.all, 'unread'] as const,
  /**
   * GET memberSession (the reality check's query, features/protection/reality): when this session started, its net
   * result, the member's reality-check interval. A page that changes the interval invalidates it.
   */
  summary: () => [...sessionKeys.all, 'summary'] as const,
};

export const memberQuery = queryOptions({
  queryKey: sessionKeys.member(),
  queryFn: ({ signal }) => get('token', { signal }),
  staleTime: REFRESH_THROTTLE_MS,
});

export const balanceQuery = queryOptions({
  queryKey: sessionKeys.balance(),
  queryFn: ({ signal }) => get('balance', { signal }),
  staleTime: REFRESH_THROTTLE_MS,
});

export const unreadQuery = queryOptions({
  queryKey: sessionKeys.unread(),
  queryFn: async ({ signal }) => (await get('messageNum', { signal })).count,
  staleTime: REFRESH_THROTTLE_MS,
});

/** Loads while signed in; a failure is only logged (spec section 8), and the next call may try again. */
async function load(what: string, fetch: () => Promise<unknown>): Promise<void> {
  if (!useSession.getState().token) return;
  try {
    await fetch();
  } catch (error) {
    console.error(`refresh ${what} failed`, error);
  }
}

const staleTime = (force: boolean) => (force ? 0 : REFRESH_THROTTLE_MS);

export function refreshMember(client: QueryClient, force = false): Promise<void> {
  return load('user', () => client.fetchQuery({ ...memberQuery, staleTime: staleTime(force) }));
}

export function refreshBalance(client: QueryClient, force = false): Promise<void> {
  return load('balance', () => client.fetchQuery({ ...balanceQuery, staleTime: staleTime(force) }));
}

export function refreshUnread(client: QueryClient, force = false): Promise<void> {
  return load('unread', () => client.fetchQuery({ ...unreadQuery, staleTime: staleTime(force) }));
}

/** The main wallet's balance while signed in (null until known), for the header and 我的. */
export function useBalance(): Balance | null {
  const signedIn = useSession(selectIsLoggedIn);
  return useQuery({ ...balanceQuery, enabled: signedIn }).data ?? null;
}

/** How many messages the member has not read (0 until known or when signed out). */
export function useUnread(): number {
  const signedIn = useSession(selectIsLoggedIn);
  return useQuery({ ...unreadQuery, enabled: signedIn }).data ?? 0;
}

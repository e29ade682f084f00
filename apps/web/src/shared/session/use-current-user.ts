import type { UserInfo } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { memberQuery } from './session.queries';
import { selectIsLoggedIn, useSession } from './session-store';

export type CurrentUser =
  | { status: 'ready'; user: UserInfo; reload: () => void }
  | { status: 'loading' | 'error'; user: null; reload: () => void };

/**
 * The signed-in member, from the query cache: loaded on mount when missing or older than the spec's 30 s. A member
 * already known stays shown while a reload runs or fails.
 */
export function useCurrentUser(): CurrentUser {
  const signedIn = useSession(selectIsLoggedIn);
  const member = useQuery({ ...memberQuery, enabled: signedIn });
  const { refetch } = member;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (member.data) return { status: 'ready', user: member.data, reload };
  return { status: member.isError ? 'error' : 'loading', user: null, reload };
}

/** Puts the member a profile change answered with in place of the cached one. */
export function useSetCurrentUser(): (user: UserInfo) => void {
  const client = useQueryClient();
  return useCallback((user: UserInfo) => client.setQueryData(memberQuery.queryKey, user), [client]);
}

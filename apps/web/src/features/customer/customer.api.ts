import { queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';

/** Spec section 9: pre-info may be reused for 60 s. */
export const PRE_INFO_STALE_MS = 60_000;

export const customerKeys = {
  all: ['customer'] as const,
  // The answer depends on who is signed in (username, isLogin), so the session is part of the key.
  preInfo: (token: string) => [...customerKeys.all, 'preInfo', token] as const,
};

/** Customer-service link and the member's name for it. */
export const preInfoQuery = (token: string) =>
  queryOptions({
    queryKey: customerKeys.preInfo(token),
    queryFn: ({ signal }) => get('preInfo', { signal }),
    staleTime: PRE_INFO_STALE_MS,
  });

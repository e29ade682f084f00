import { infiniteQueryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

/** The server's page: the newest 30 sign-ins. */
export const LOGIN_HISTORY_PAGE_SIZE = 30;

/** The sign-in history's queries; cleared with the session like every member query. */
export const securityKeys = {
  all: ['security'] as const,
  loginHistory: () => [...securityKeys.all, 'login-history'] as const,
};

/** /setting/loginHistory: the member's sign-ins, newest first, a page at a time. */
export const loginHistoryQuery = infiniteQueryOptions({
  queryKey: securityKeys.loginHistory(),
  queryFn: ({ pageParam, signal }) =>
    get('loginHistory', { query: { page: pageParam, size: LOGIN_HISTORY_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
  // A sign-in elsewhere is what the member came to check: never show an old list without asking again.
  staleTime: 0,
});

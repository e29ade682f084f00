import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { refreshBalance } from '../../shared/session/session.queries';
import { nextPageParam } from '../../shared/ui/PagedList';

export const AGENT_PAGE_SIZE = 20;

export const agentKeys = {
  all: ['agent'] as const,
  info: () => [...agentKeys.all, 'info'] as const,
  commissions: () => [...agentKeys.all, 'commissions'] as const,
  downline: (level: 1 | 2) => [...agentKeys.all, 'downline', { level }] as const,
};

/** The invite code and link, the downline's size, what was paid and waits, the scheme. */
export const agentInfoQuery = queryOptions({
  queryKey: agentKeys.info(),
  queryFn: ({ signal }) => get('agentInfo', { signal }),
});

export const agentCommissionsQuery = infiniteQueryOptions({
  queryKey: agentKeys.commissions(),
  queryFn: ({ pageParam, signal }) =>
    get('agentCommissions', { query: { page: pageParam, size: AGENT_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
});

export const agentDownlineQuery = (level: 1 | 2) =>
  infiniteQueryOptions({
    queryKey: agentKeys.downline(level),
    queryFn: ({ pageParam, signal }) =>
      get('agentDownline', { query: { level, page: pageParam, size: AGENT_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** Claims one period's commission; then the list, the totals and the balance are read again. */
export function useClaimCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post('agentCommissionClaim', { body: { id } }),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: agentKeys.all }), refreshBalance(client, true)]);
    },
  });
}

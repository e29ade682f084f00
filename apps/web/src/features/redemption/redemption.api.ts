import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { balanceQuery } from '../../shared/session/session.queries';
import { nextPageParam } from '../../shared/ui/PagedList';

export const REDEMPTION_PAGE_SIZE = 20;

export const redemptionKeys = {
  all: ['redemption'] as const,
  lists: () => [...redemptionKeys.all, 'list'] as const,
  list: (size: number) => [...redemptionKeys.lists(), { size }] as const,
  detail: (id: string) => [...redemptionKeys.all, 'detail', id] as const,
};

/** The member's redemptions on /user/redemptionRecord, newest first, page by page. */
export const redemptionsQuery = (size = REDEMPTION_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: redemptionKeys.list(size),
    queryFn: ({ pageParam, signal }) => get('redemptions', { query: { page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** One redemption on /user/redemptionDetail?id=. */
export const redemptionQuery = (id: string) =>
  queryOptions({
    queryKey: redemptionKeys.detail(id),
    queryFn: ({ signal }) => get('redemption', { query: { id }, signal }),
    enabled: /^\d+$/.test(id),
    retry: false,
  });

/** The newest redemption's id (null when there is none): what /user/redemptionDetail shows without an id. */
export const newestRedemptionQuery = queryOptions({
  queryKey: [...redemptionKeys.all, 'newest'] as const,
  queryFn: ({ signal }) => get('redemptions', { query: { page: 1, size: 1 }, signal }),
  select: (page) => page.list[0]?.id ?? null,
  staleTime: 0,
});

/** 兑换: credits the code's bonus; the list and the balance change. */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post('redeem', { body: { code } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redemptionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
      ]),
  });
}

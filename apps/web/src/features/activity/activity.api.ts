import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { balanceQuery } from '../../shared/session/session.queries';
import { nextPageParam } from '../../shared/ui/PagedList';

export const PROMO_PAGE_SIZE = 10;

export const promoKeys = {
  all: ['promo'] as const,
  lists: () => [...promoKeys.all, 'list'] as const,
  list: (size: number) => [...promoKeys.lists(), { size }] as const,
  details: () => [...promoKeys.all, 'detail'] as const,
  detail: (id: number) => [...promoKeys.details(), id] as const,
};

/** Promotions on /activity/list, page by page. */
export const promoListQuery = (size = PROMO_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: promoKeys.list(size),
    queryFn: ({ pageParam, signal }) => get('promoList', { query: { page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** One promotion, shown over the list (also opened straight from /activity/list?id=N). */
export const promoDetailQuery = (id: number) =>
  queryOptions({
    queryKey: promoKeys.detail(id),
    queryFn: ({ signal }) => get('promoDetail', { query: { id }, signal }),
    enabled: id > 0,
  });

/** A promotion's rule (null for a promotion that is only text), shown in its detail. */
export const promoRuleQuery = (id: number) =>
  queryOptions({
    queryKey: [...promoKeys.detail(id), 'rule'] as const,
    queryFn: ({ signal }) => get('promoRule', { query: { id }, signal }),
    enabled: id > 0,
  });

/** Whether the signed-in member may take the promotion now, or why not. */
export const promoEligibilityQuery = (id: number, signedIn: boolean) =>
  queryOptions({
    queryKey: [...promoKeys.detail(id), 'eligibility'] as const,
    queryFn: ({ signal }) => get('promoEligibility', { query: { id }, signal }),
    enabled: id > 0 && signedIn,
  });

/** After a claim or an application: the button's state, the balance. */
function useAfterClaim(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...promoKeys.detail(id), 'eligibility'] }),
      queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
    ]);
}

/** 领取: credits the bonus, or answers REWARD_REVIEW when it is kept for review. */
export function useClaimPromo(id: number) {
  const refresh = useAfterClaim(id);
  return useMutation({
    mutationFn: () => post('promoClaim', { body: { id } }),
    onSettled: refresh,
  });
}

/** 申请: an application an operator reviews. */
export function useApplyPromo(id: number) {
  const refresh = useAfterClaim(id);
  return useMutation({
    mutationFn: (note: string) => post('promoApply', { body: { id, note } }),
    onSettled: refresh,
  });
}

import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

/** What the VIP detail page lists as received: the level programmes and the daily rebate. */
export const VIP_PROGRAMMES = 'vip_upgrade,vip_weekly,vip_monthly,vip_birthday,rebate';
export const VIP_GRANTS_PAGE_SIZE = 20;

export const vipKeys = {
  all: ['vip'] as const,
  /** The member's standing and the levels (member null for a visitor). */
  standing: (signedIn: boolean) => [...vipKeys.all, 'standing', { signedIn }] as const,
  lists: () => [...vipKeys.all, 'list'] as const,
  grants: (size: number) => [...vipKeys.lists(), 'grants', { size }] as const,
};

/** `vips`: the member's level card and every level (the server levels the member up first). */
export const vipsQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: vipKeys.standing(signedIn),
    queryFn: ({ signal }) => get('vips', { signal }),
  });

/** What the member received from the VIP programmes and the rebate, newest first, page by page. */
export const vipGrantsQuery = (size = VIP_GRANTS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: vipKeys.grants(size),
    queryFn: ({ pageParam, signal }) =>
      get('rewardGrants', { query: { programme: VIP_PROGRAMMES, page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** Sets the member's birthday (once). */
export function useSetBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthday: string) => post('vipBirthday', { body: { birthday } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vipKeys.all }),
  });
}

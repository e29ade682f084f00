import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../shared/api/client';

export const vipPayoutKeys = {
  all: ['vip-payouts'] as const,
  /** The payouts waiting to be claimed (wages, birthday bonus, rebates in claim mode). */
  claimable: () => [...vipPayoutKeys.all, 'claimable'] as const,
};

/** `vipPayouts`: what the member can claim now, and the sum. */
export const vipPayoutsQuery = () =>
  queryOptions({
    queryKey: vipPayoutKeys.claimable(),
    queryFn: ({ signal }) => get('vipPayouts', { signal }),
  });

/** After a claim the list, what was received and the balance all change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vipPayoutKeys.all }),
      // The VIP pages' own queries (vip.api.ts `vipKeys.all`): the standing and what was received.
      queryClient.invalidateQueries({ queryKey: ['vip'] }),
    ]);
}

/** Claims one payout. */
export function useClaimPayout() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => post('vipPayoutClaim', { body: { id } }),
    onSettled: refresh,
  });
}

/** Claims every payout waiting. */
export function useClaimAllPayouts() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => post('vipPayoutClaimAll', {}),
    onSettled: refresh,
  });
}

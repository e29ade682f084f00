import { queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';

export const sponsorKeys = {
  all: ['sponsors'] as const,
  list: () => [...sponsorKeys.all, 'list'] as const,
};

/** The brand's sponsorships on /app/sponsor, in the operator's order. */
export const sponsorsQuery = () =>
  queryOptions({
    queryKey: sponsorKeys.list(),
    queryFn: ({ signal }) => get('sponsors', { signal }),
    staleTime: 5 * 60_000,
  });

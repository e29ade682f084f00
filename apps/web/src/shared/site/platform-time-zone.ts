import { DEFAULT_TIME_ZONE, isTimeZone } from '@jinb/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../api/client';

/**
 * The platform's zone, from the pre-info call. Its own key without the session: the zone is the same for everyone,
 * and it changes only when the operator reconfigures the server.
 */
export const platformTimeZoneQuery = queryOptions({
  queryKey: ['site', 'timeZone'] as const,
  queryFn: ({ signal }) => get('preInfo', { signal }),
  select: (info) => (isTimeZone(info.timeZone) ? info.timeZone : DEFAULT_TIME_ZONE),
  staleTime: 60 * 60_000,
});

/**
 * The zone date filters are computed in: the platform's, not the phone's, since the server reads them there. Until
 * the server has answered (or when it cannot), the platform's default zone.
 */
export function usePlatformTimeZone(): string {
  return useQuery(platformTimeZoneQuery).data ?? DEFAULT_TIME_ZONE;
}

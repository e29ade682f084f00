import { DEFAULT_TIME_ZONE, formatDateTime, isTimeZone } from '@jinb/contract';
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

/**
 * "2026-11-23 18:30" on the platform's clock: the clock of the date filters and of the date in order numbers, so a
 * time reads the same on every page and for every member, whatever zone the phone is in. Unparsable input is shown
 * as it came.
 */
export function platformDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTime(date, timeZone).slice(0, 16);
}

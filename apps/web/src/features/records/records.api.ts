import { type DatePreset, type DateRange, dateRangeFor, type RecordType } from '@jinb/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

export const RECORDS_PAGE_SIZE = 20;

/** What the list is filtered by. The range is fixed when the preset is picked, so every page asks for the same span. */
export type RecordFilters = { type: RecordType | ''; preset: DatePreset; range: DateRange };

/** The preset's range in the platform's zone, which is where the server reads it. */
export function recordFilters(
  type: RecordType | '',
  preset: DatePreset,
  timeZone: string,
  now = new Date(),
): RecordFilters {
  return { type, preset, range: dateRangeFor(preset, now, timeZone) };
}

export const recordsKeys = {
  all: ['records'] as const,
  /** Per member, so a second member signing in on the same page never sees the first one's records. */
  member: (memberId: string) => [...recordsKeys.all, memberId] as const,
  list: (memberId: string, filters: RecordFilters) => [...recordsKeys.member(memberId), 'list', filters] as const,
  detail: (memberId: string, id: string) => [...recordsKeys.member(memberId), 'detail', id] as const,
  venues: () => [...recordsKeys.all, 'venues'] as const,
};

/** /user/transactionRecord, page by page. */
export const recordsQuery = (memberId: string, filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: recordsKeys.list(memberId, filters),
    queryFn: ({ pageParam, signal }) =>
      get('records', {
        query: {
          type: filters.type,
          startTime: filters.range.startTime,
          endTime: filters.range.endTime,
          page: pageParam,
          size: RECORDS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: memberId !== '',
  });

/** /user/transactionDetail: one event with its state, its movements and (withdrawals) the fee. */
export const recordDetailQuery = (memberId: string, id: string) =>
  queryOptions({
    queryKey: recordsKeys.detail(memberId, id),
    queryFn: ({ signal }) => get('recordDetail', { query: { id }, signal }),
    enabled: memberId !== '' && /^\d+$/.test(id),
  });

/**
 * Venue names for accounts named "venue:<code>". Only a label: when the call fails the code is shown instead,
 * so it never blocks the records.
 */
export const venueNamesQuery = queryOptions({
  queryKey: recordsKeys.venues(),
  queryFn: ({ signal }) => get('walletList', { signal }),
  select: (venues) => new Map(venues.map((venue) => [venue.code, venue.name])),
  staleTime: 10 * 60_000,
  retry: false,
});

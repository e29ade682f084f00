import type { CasinoBetBody, CasinoBetView, DatePreset, TableDetail } from '@jinb/contract';
import { dateRangeFor } from '@jinb/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getAt } from '../../shared/api/calls';
import { get, post } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

/**
 * Query keys of the casino. A table's state is public (a visitor may watch) but carries the signed-in member's bets
 * (`myBets`), so it is keyed by member too; the records sit under the member's id as the other records do.
 */
export const casinoKeys = {
  all: ['casino'] as const,
  table: (code: string, memberId: string) => [...casinoKeys.all, 'table', code, memberId] as const,
  round: (id: string) => [...casinoKeys.all, 'round', id] as const,
  records: (memberId: string) => [...casinoKeys.all, 'records', memberId] as const,
  casinoBets: (memberId: string, preset: DatePreset) => [...casinoKeys.records(memberId), 'casino', preset] as const,
  vendorBets: (memberId: string, preset: DatePreset) => [...casinoKeys.records(memberId), 'vendor', preset] as const,
  autoTransfer: (memberId: string) => [...casinoKeys.all, 'autoTransfer', memberId] as const,
};

export const RECORDS_PAGE_SIZE = 20;

export const tableQuery = (code: string, memberId: string) =>
  queryOptions({
    queryKey: casinoKeys.table(code, memberId),
    queryFn: ({ signal }): Promise<TableDetail> => getAt('casinoTable', { code }, { signal }),
  });

export const roundQuery = (id: string) =>
  queryOptions({
    queryKey: casinoKeys.round(id),
    queryFn: ({ signal }) => getAt('casinoRound', { id }, { signal }),
    enabled: /^\d{1,18}$/.test(id),
  });

export const casinoBetsQuery = (memberId: string, preset: DatePreset, timeZone: string) =>
  infiniteQueryOptions({
    queryKey: casinoKeys.casinoBets(memberId, preset),
    queryFn: ({ pageParam, signal }) =>
      get('casinoBets', {
        query: { ...dateRangeFor(preset, new Date(), timeZone), page: pageParam, size: RECORDS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: memberId !== '',
  });

export const vendorBetsQuery = (memberId: string, preset: DatePreset, timeZone: string) =>
  infiniteQueryOptions({
    queryKey: casinoKeys.vendorBets(memberId, preset),
    queryFn: ({ pageParam, signal }) =>
      get('vendorBets', {
        query: { ...dateRangeFor(preset, new Date(), timeZone), page: pageParam, size: RECORDS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: memberId !== '',
  });

export const autoTransferQuery = (memberId: string) =>
  queryOptions({
    queryKey: casinoKeys.autoTransfer(memberId),
    queryFn: ({ signal }) => get('autoTransfer', { signal }),
    enabled: memberId !== '',
  });

/** One bet action: every spot of the round's stack under one Idempotency-Key (a retry cannot take the money twice). */
export function placeCasinoBet(body: CasinoBetBody, idempotencyKey: string): Promise<CasinoBetView> {
  return post('casinoBet', { body, json: true, idempotencyKey });
}

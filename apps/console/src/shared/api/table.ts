import type { EndpointName, Query, Result } from '@jinb/contract/endpoints';
import type { SortOrder } from 'antd/es/table/interface';
import { call } from './call';

/** A list call: it answers `{ rows, total }`. */
export type ListEndpoint = {
  [N in EndpointName]: Result<N> extends { rows: unknown[]; total: number } ? N : never;
}[EndpointName];
export type RowOf<N extends ListEndpoint> = Result<N> extends { rows: Array<infer R> } ? R : never;

/** What ProTable hands its `request`: the page, the search form's values, the column sort and filters. */
export type TableParams = { current?: number; pageSize?: number; keyword?: string } & Record<string, unknown>;
export type TableSort = Record<string, SortOrder | null | undefined>;
export type TableFilter = Record<string, (string | number | boolean)[] | null | undefined>;

/**
 * ProTable's arguments as a list call's query: `current` -> `page`, the first sorted column -> `sort` (`field` or
 * `-field`), a column filter's values joined with commas, empty search fields left out.
 */
export function tableQuery(
  params: TableParams,
  sort: TableSort = {},
  filter: TableFilter = {},
): Record<string, unknown> {
  const { current, pageSize, keyword: _keyword, ...rest } = params;
  const query: Record<string, unknown> = { page: current ?? 1, pageSize: Math.min(pageSize ?? 20, 100) };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = value;
  }
  for (const [key, values] of Object.entries(filter)) {
    if (values?.length) query[key] = values.join(',');
  }
  const sorted = Object.entries(sort).find(([, order]) => order);
  if (sorted) query.sort = sorted[1] === 'descend' ? `-${sorted[0]}` : sorted[0];
  return query;
}

/**
 * A ProTable `request` for a list call: `<ConsoleTable request={tableRequest('adminWithdrawals')} />`. `toQuery`
 * reshapes the query first (a date range into from/to, a fixed filter of the page).
 */
export function tableRequest<N extends ListEndpoint>(
  name: N,
  toQuery?: (query: Record<string, unknown>) => Record<string, unknown>,
) {
  return async (
    params: TableParams,
    sort: TableSort,
    filter: TableFilter,
  ): Promise<{ data: RowOf<N>[]; total: number; success: boolean }> => {
    const base = tableQuery(params, sort, filter);
    const query = (toQuery ? toQuery(base) : base) as Query<N>;
    const result = (await call(name, { query } as Parameters<typeof call<N>>[1])) as unknown as {
      rows: RowOf<N>[];
      total: number;
    };
    return { data: result.rows, total: result.total, success: true };
  };
}

import type { TableParams } from '../../shared/api/table';

/**
 * A ProTable `request` for the rewards calls that page the site's way (`page`, `size` -> `{ list, total }`), which
 * came before the console's `{ rows, total }` lists.
 */
export function pagedRequest<T>(load: (page: number, size: number) => Promise<{ list: T[]; total: number }>) {
  return async (params: TableParams) => {
    const answer = await load(params.current ?? 1, Math.min(params.pageSize ?? 20, 100));
    return { data: answer.list, total: answer.total, success: true };
  };
}

/** A whole list the server answers at once, for a ProTable that pages it itself. */
export function wholeRequest<T>(load: () => Promise<T[]>) {
  return async () => {
    const data = await load();
    return { data, total: data.length, success: true };
  };
}

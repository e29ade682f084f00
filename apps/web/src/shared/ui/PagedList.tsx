import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { LoadMore } from './LoadMore';
import { PullRefresh } from './PullRefresh';
import { EmptyState, ErrorState, LoadingState } from './states';

/** The page shape every paged list call answers with. */
export type Paged<T> = { list: T[]; total: number; page: number; size: number };

/** Next page number for useInfiniteQuery, or undefined once everything has arrived. */
export function nextPageParam<T>(last: Paged<T>): number | undefined {
  if (last.list.length === 0 || last.list.length < last.size) return undefined;
  return last.page * last.size < last.total ? last.page + 1 : undefined;
}

type PagedListProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  emptyText?: string;
  className?: string;
};

/**
 * A paged list with every state a member can meet: first load, failed first load (retry), empty, pull to refresh,
 * endless scrolling, a failed next page (retry in place) and the end of the list.
 */
export function PagedList<T>({ query, itemKey, renderItem, emptyText, className }: PagedListProps<T>) {
  const refresh = () => query.refetch();

  if (query.isPending) return <LoadingState minHeight={320} />;
  if (query.isError && !query.data) return <ErrorState message={query.error.message} onRetry={() => void refresh()} />;

  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (items.length === 0) {
    return (
      <PullRefresh onRefresh={refresh}>
        <div style={{ minHeight: '60vh' }}>
          <EmptyState description={emptyText} />
        </div>
      </PullRefresh>
    );
  }

  return (
    <PullRefresh onRefresh={refresh}>
      <ul className={className} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <LoadMore query={query} />
    </PullRefresh>
  );
}

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

export const NEWS_PAGE_SIZE = 10;

export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (size: number) => [...newsKeys.lists(), { size }] as const,
  details: () => [...newsKeys.all, 'detail'] as const,
  detail: (id: number) => [...newsKeys.details(), id] as const,
};

/** The news feed on /find, page by page. */
export const newsListQuery = (size = NEWS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: newsKeys.list(size),
    queryFn: ({ pageParam, signal }) => get('newsList', { query: { page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** One article on /find/newsDetail. */
export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => get('newsDetail', { query: { id }, signal }),
    enabled: id > 0,
  });

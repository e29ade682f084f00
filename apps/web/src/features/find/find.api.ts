import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

export const NEWS_PAGE_SIZE = 10;

export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (category: number, size: number) => [...newsKeys.lists(), { category, size }] as const,
  categories: () => [...newsKeys.all, 'categories'] as const,
  details: () => [...newsKeys.all, 'detail'] as const,
  detail: (id: number) => [...newsKeys.details(), id] as const,
};

/** The tabs of /find: the operator's categories in their order ("all" is the site's own first tab, id 0). */
export const newsCategoriesQuery = () =>
  queryOptions({
    queryKey: newsKeys.categories(),
    queryFn: ({ signal }) => get('newsCategories', { signal }),
    staleTime: 5 * 60_000,
  });

/** One tab's news on /find (category 0: every category), page by page. */
export const newsListQuery = (category = 0, size = NEWS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: newsKeys.list(category, size),
    queryFn: ({ pageParam, signal }) => get('newsList', { query: { page: pageParam, size, category }, signal }),
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

/** The newest article's id (null when there is none): what /find/newsDetail shows without an id. */
export const newestNewsQuery = () =>
  queryOptions({
    queryKey: [...newsKeys.all, 'newest'] as const,
    queryFn: ({ signal }) => get('newsList', { query: { page: 1, size: 1, category: 0 }, signal }),
    select: (page) => page.list[0]?.id ?? null,
  });

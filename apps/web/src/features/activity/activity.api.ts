import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

export const PROMO_PAGE_SIZE = 10;

export const promoKeys = {
  all: ['promo'] as const,
  lists: () => [...promoKeys.all, 'list'] as const,
  list: (size: number) => [...promoKeys.lists(), { size }] as const,
  details: () => [...promoKeys.all, 'detail'] as const,
  detail: (id: number) => [...promoKeys.details(), id] as const,
};

/** Promotions on /activity/list, page by page. */
export const promoListQuery = (size = PROMO_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: promoKeys.list(size),
    queryFn: ({ pageParam, signal }) => get('promoList', { query: { page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** One promotion, shown over the list (also opened straight from /activity/list?id=N). */
export const promoDetailQuery = (id: number) =>
  queryOptions({
    queryKey: promoKeys.detail(id),
    queryFn: ({ signal }) => get('promoDetail', { query: { id }, signal }),
    enabled: id > 0,
  });

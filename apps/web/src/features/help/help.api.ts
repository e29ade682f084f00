import { queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';

export const helpKeys = {
  all: ['help'] as const,
  categories: () => [...helpKeys.all, 'categories'] as const,
  search: (q: string, category: number) => [...helpKeys.all, 'search', q, category] as const,
  article: (slug: string) => [...helpKeys.all, 'article', slug] as const,
};

/** /help/center's sections with their articles' titles. */
export const helpCategoriesQuery = () =>
  queryOptions({
    queryKey: helpKeys.categories(),
    queryFn: ({ signal }) => get('helpCategories', { signal }),
    staleTime: 5 * 60_000,
  });

/** Articles matching the search box's words (the server trims and splits them). */
export const helpSearchQuery = (q: string, category = 0) =>
  queryOptions({
    queryKey: helpKeys.search(q, category),
    queryFn: ({ signal }) => get('helpSearch', { query: { q, category }, signal }),
    staleTime: 60_000,
  });

/** One article or tutorial by its slug (`sportRules`, `games/answer`). */
export const helpArticleQuery = (slug: string) =>
  queryOptions({
    queryKey: helpKeys.article(slug),
    queryFn: ({ signal }) => get('helpArticle', { query: { slug }, signal }),
    staleTime: 5 * 60_000,
  });

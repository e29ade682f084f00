import { FEEDBACK_TREE_ID, type FeedbackView } from '@jinb/contract';
import type { Body } from '@jinb/contract/endpoints';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

export const FEEDBACK_PAGE_SIZE = 20;

/** Feedback's queries; `all` is cleared with the session like every member query. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  categories: () => [...feedbackKeys.all, 'categories'] as const,
  lists: () => [...feedbackKeys.all, 'list'] as const,
  details: () => [...feedbackKeys.all, 'detail'] as const,
  detail: (id: string) => [...feedbackKeys.details(), id] as const,
};

/** The categories a member picks from: configuration dictionary 030 (`member/tree?id=030`), in the operator's order. */
export const feedbackCategoriesQuery = queryOptions({
  queryKey: feedbackKeys.categories(),
  queryFn: ({ signal }) => get('tree', { query: { id: FEEDBACK_TREE_ID }, signal }),
  select: (categories) => [...categories].sort((a, b) => a.sort - b.sort),
  staleTime: 60 * 60_000,
});

/** /user/feedbackList: the member's feedback, newest first, a page at a time. */
export const feedbackListQuery = infiniteQueryOptions({
  queryKey: feedbackKeys.lists(),
  queryFn: ({ pageParam, signal }) =>
    get('feedbackList', { query: { page: pageParam, size: FEEDBACK_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
});

/** /user/feedbackDetail?id=: one of the member's, with the reply; asked again on every visit (a reply may be new). */
export const feedbackDetailQuery = (id: string) =>
  queryOptions({
    queryKey: feedbackKeys.detail(id),
    queryFn: ({ signal }) => get('feedbackDetail', { query: { id }, signal }),
    staleTime: 0,
  });

/** The newest feedback's id (null when there is none): what /user/feedbackDetail shows without an id. */
export const newestFeedbackQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'newest'] as const,
  queryFn: ({ signal }) => get('feedbackList', { query: { page: 1, size: 1 }, signal }),
  select: (page) => page.list[0]?.id ?? null,
  staleTime: 0,
});

/** One image through the site's upload call (the avatar's); answers the URL feedback names it by. */
export async function uploadFeedbackImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return post('upload', { body: form });
}

export function createFeedback(body: Body<'feedbackCreate'>): Promise<FeedbackView> {
  return post('feedbackCreate', { body, json: true });
}

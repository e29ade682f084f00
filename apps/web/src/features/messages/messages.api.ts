import type { MessageList, MessageView } from '@jinb/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { sessionKeys } from '../../shared/session/session.queries';
import { nextPageParam } from '../../shared/ui/PagedList';

export const MESSAGES_PAGE_SIZE = 20;

/** The inbox's queries; `all` is cleared with the session like every member query. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  details: () => [...messageKeys.all, 'detail'] as const,
  detail: (id: string) => [...messageKeys.details(), id] as const,
};

/** /user/message: the member's messages, newest first, a page at a time (spec `message/list`). */
export const messagesQuery = infiniteQueryOptions({
  queryKey: messageKeys.lists(),
  queryFn: ({ pageParam, signal }) =>
    post('messageList', { body: { page: pageParam, size: MESSAGES_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
});

/** /user/message/detail?id=: one message; the server marks it read as it answers. */
export const messageDetailQuery = (id: string) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => get('messageDetail', { query: { id }, signal }),
    // Opened again, it is read again (and so marked read again, which changes nothing).
    staleTime: 0,
  });

/** The newest message's id (null when the inbox is empty): what /user/message/detail shows without an id. */
export const newestMessageQuery = queryOptions({
  queryKey: [...messageKeys.all, 'newest'] as const,
  queryFn: ({ signal }) => post('messageList', { body: { page: 1, size: 1 }, signal }),
  select: (page) => page.list[0]?.id ?? null,
  staleTime: 0,
});

export const deleteMessage = (id: string) => post('messageUpdate', { body: { id, action: 'delete' } });
export const markMessageRead = (id: string) => post('messageUpdate', { body: { id, action: 'read' } });
export const readAllMessages = () => post('messageReadAll');

/** The badge's count, as a change answered it. */
export function setUnread(client: QueryClient, unread: number): void {
  client.setQueryData(sessionKeys.unread(), unread);
}

/** Changes the loaded pages in place (a message read or gone) without asking the server again. */
export function editLoadedMessages(client: QueryClient, edit: (message: MessageView) => MessageView | null): void {
  client.setQueryData<InfiniteData<MessageList>>(messageKeys.lists(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const list = page.list.map(edit).filter((one): one is MessageView => one !== null);
            return { ...page, list, total: page.total - (page.list.length - list.length) };
          }),
        }
      : data,
  );
}

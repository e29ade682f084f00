import type { LEFT_MESSAGE_FILTERS } from '@jinb/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call';

export type LeftFilter = (typeof LEFT_MESSAGE_FILTERS)[number] | '';

/** The support pages' queries: one prefix (`all`) clears every one of them. */
export const supportKeys = {
  all: ['support'] as const,
  queue: () => [...supportKeys.all, 'queue'] as const,
  conversation: (id: string) => [...supportKeys.all, 'conversation', id] as const,
  agents: () => [...supportKeys.all, 'agents'] as const,
  canned: () => [...supportKeys.all, 'canned'] as const,
  settings: () => [...supportKeys.all, 'settings'] as const,
  left: (status: LeftFilter) => [...supportKeys.all, 'left', status] as const,
};

/**
 * The queue and the agent's own conversations. Live `desk` changes are merged into this cache as they come; it is
 * read again now and then anyway, which also covers whatever the socket missed while it reconnected.
 */
export const deskQueueQuery = queryOptions({
  queryKey: supportKeys.queue(),
  queryFn: ({ signal }) => call('adminSupportQueue', { signal }),
  refetchInterval: 15_000,
});

/** One conversation with its latest 200 messages and the member beside it. */
export const deskConversationQuery = (id: string) =>
  queryOptions({
    queryKey: supportKeys.conversation(id),
    queryFn: ({ signal }) => call('adminSupportConversation', { params: { id }, query: { limit: 200 }, signal }),
  });

/** The agents a conversation can be handed to, with who is online now (refreshed every half minute). */
export const deskAgentsQuery = queryOptions({
  queryKey: supportKeys.agents(),
  queryFn: ({ signal }) => call('adminSupportAgents', { signal }),
  refetchInterval: 30_000,
});

export const cannedQuery = queryOptions({
  queryKey: supportKeys.canned(),
  queryFn: ({ signal }) => call('adminSupportCanned', { signal }),
  staleTime: 60_000,
});

export const supportSettingsQuery = queryOptions({
  queryKey: supportKeys.settings(),
  queryFn: ({ signal }) => call('adminSupportSettings', { signal }),
});

export const leftMessagesQuery = (status: LeftFilter) =>
  queryOptions({
    queryKey: supportKeys.left(status),
    queryFn: ({ signal }) => call('adminSupportLeftMessages', { query: status ? { status } : {}, signal }),
  });

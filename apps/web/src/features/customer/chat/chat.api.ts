import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../../shared/api/client';
import { deviceId } from '../../../shared/session/storage';
import { type ChatLog, emptyLog } from './chat-log';

/**
 * The contract's GUEST_TOKEN_HEADER, spelled here: a value import of the contract's support module would bring its
 * zod schemas into the chat's chunk (a test compares the two).
 */
export const GUEST_HEADER = 'x-guest-token';

/** Who is chatting: a signed-in member (their session token rides every call) or a guest (its own token). */
export type ChatIdentity = { who: 'member' } | { who: 'guest'; token: string };

/** Support's queries, keyed by who asks: signing in swaps the guest's chat for the member's. */
export const supportKeys = {
  all: ['support'] as const,
  guest: () => [...supportKeys.all, 'guest'] as const,
  state: (who: ChatIdentity['who']) => [...supportKeys.all, 'state', who] as const,
  log: (who: ChatIdentity['who']) => [...supportKeys.all, 'log', who] as const,
  leftMessages: () => [...supportKeys.all, 'left'] as const,
};

/** The guest token's header on a guest's calls; nothing extra for a member. */
export function identityHeaders(identity: ChatIdentity): Record<string, string> | undefined {
  return identity.who === 'guest' ? { [GUEST_HEADER]: identity.token } : undefined;
}

/** Where the guest token is kept between visits (local storage, like the device id it was issued for). */
export const GUEST_KEY = 'support_guest';
/** A token this close to its end is replaced before use: a chat must not die mid-sentence. */
const GUEST_MARGIN_MS = 24 * 3600 * 1000;

type StoredGuest = { token: string; expiresAt: string; deviceId: string };

function readGuest(device: string): string {
  try {
    const stored = JSON.parse(localStorage.getItem(GUEST_KEY) ?? 'null') as StoredGuest | null;
    if (stored?.token && stored.deviceId === device && Date.parse(stored.expiresAt) - GUEST_MARGIN_MS > Date.now())
      return stored.token;
  } catch {
    // unreadable: ask for a new one
  }
  return '';
}

/** The guest's token: the one kept for this device, else a new one from `supportGuest`. */
export async function guestToken(signal?: AbortSignal): Promise<string> {
  const device = deviceId();
  const kept = readGuest(device);
  if (kept) return kept;
  const issued = await post('supportGuest', { body: { deviceId: device }, signal });
  try {
    localStorage.setItem(
      GUEST_KEY,
      JSON.stringify({ token: issued.token, expiresAt: issued.expiresAt, deviceId: device } satisfies StoredGuest),
    );
  } catch {
    // not kept: the next visit asks again for the same device, which answers the same guest
  }
  return issued.token;
}

/** A token the server no longer takes is forgotten, so the next try asks for a new one. */
export function forgetGuest(): void {
  try {
    localStorage.removeItem(GUEST_KEY);
  } catch {
    // nothing kept
  }
}

export const guestQuery = queryOptions({
  queryKey: supportKeys.guest(),
  queryFn: ({ signal }) => guestToken(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The chat's opening state: the conversation, whether a human is on duty, service hours, quick questions. */
export const supportStateQuery = (identity: ChatIdentity) =>
  queryOptions({
    queryKey: supportKeys.state(identity.who),
    queryFn: ({ signal }) => get('supportConversation', { headers: identityHeaders(identity), signal }),
    staleTime: 30_000,
  });

/** How many messages the chat opens with and each older page adds. */
export const CHAT_PAGE = 30;

/**
 * The chat as shown: its latest page on open, then kept by merging (pushes, acks, catch-up reads, older pages).
 * Never refetched wholesale: that would drop the older pages and the messages on their way.
 */
export const chatLogQuery = (identity: ChatIdentity) =>
  queryOptions({
    queryKey: supportKeys.log(identity.who),
    queryFn: async ({ signal }): Promise<ChatLog> => {
      const page = await get('supportMessages', {
        query: { limit: CHAT_PAGE },
        headers: identityHeaders(identity),
        signal,
      });
      return { ...emptyLog, conversation: page.conversation, messages: page.messages, olderMore: page.more };
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const leftMessagesQuery = queryOptions({
  queryKey: supportKeys.leftMessages(),
  queryFn: ({ signal }) => get('supportLeftMessages', { signal }),
});

import type { InboxChange } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../session/session.queries';
import { selectIsLoggedIn, useSession } from '../session/session-store';
import { useTopic } from './use-topic';

/**
 * The unread count as the server pushes it on the member's `inbox` topic (a new message, one read or deleted, all
 * read, in this tab or anywhere else): replaced in the session's unread query, so 我的 and the tab bar's badge change
 * without a reload. `onChange` hears each pushed count (the inbox page reloads its list when one arrives).
 */
export function useUnreadLive(onChange?: (unread: number) => void): void {
  const queryClient = useQueryClient();
  const signedIn = useSession(selectIsLoggedIn);
  useTopic<InboxChange>(
    signedIn ? 'inbox' : null,
    (change) => {
      if (typeof change?.unread !== 'number') return;
      queryClient.setQueryData(sessionKeys.unread(), change.unread);
      onChange?.(change.unread);
    },
    () => void queryClient.invalidateQueries({ queryKey: sessionKeys.unread() }),
  );
}

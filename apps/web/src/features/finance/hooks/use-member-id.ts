import { useCallback, useEffect, useState } from 'react';
import { refreshUser } from '../../../shared/session/loaders';
import { useSession } from '../../../shared/session/session-store';

export type MemberId = { status: 'ready'; memberId: string } | { status: 'loading' | 'error'; memberId: null };

/**
 * The signed-in member's id, which scopes every wallet query key. The shell usually has it already; when it does
 * not (a deep link straight to a wallet page), it is loaded here. A failed load ends as 'error' so the page can
 * offer a retry instead of spinning.
 */
export function useMemberId(): MemberId & { reload: () => void } {
  const memberId = useSession((state) => state.user?.id ?? null);
  const fetchedAt = useSession((state) => state.fetchedAt.user);
  const [attempted, setAttempted] = useState(false);

  const load = useCallback((force: boolean) => {
    setAttempted(false);
    void refreshUser(force).finally(() => setAttempted(true));
  }, []);

  useEffect(() => {
    if (!useSession.getState().user) load(false);
  }, [load]);

  const reload = useCallback(() => load(true), [load]);
  if (memberId) return { status: 'ready', memberId, reload };
  return { status: attempted && fetchedAt === 0 ? 'error' : 'loading', memberId: null, reload };
}

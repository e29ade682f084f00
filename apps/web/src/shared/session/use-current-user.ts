import type { UserInfo } from '@jinb/contract';
import { useCallback, useEffect, useState } from 'react';
import { refreshUser } from './loaders';
import { useSession } from './session-store';

export type CurrentUser =
  | { status: 'ready'; user: UserInfo; reload: () => void }
  | { status: 'loading' | 'error'; user: null; reload: () => void };

/**
 * The signed-in member from the session store, loaded (throttled) on mount. A load already under way
 * elsewhere counts as loading: the loader marks the fetch time when it starts and clears it when it fails.
 */
export function useCurrentUser(): CurrentUser {
  const user = useSession((state) => state.user);
  const fetchedAt = useSession((state) => state.fetchedAt.user);
  const [attempted, setAttempted] = useState(false);

  const load = useCallback((force: boolean) => {
    setAttempted(false);
    void refreshUser(force).finally(() => setAttempted(true));
  }, []);

  useEffect(() => load(false), [load]);

  const reload = useCallback(() => load(true), [load]);
  if (user) return { status: 'ready', user, reload };
  return { status: attempted && fetchedAt === 0 ? 'error' : 'loading', user: null, reload };
}

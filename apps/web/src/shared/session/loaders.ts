import { api, type Balance, type UserInfo } from '@jinb/contract';
import { get } from '../api/client';
import { useSession } from './session-store';

/** Spec section 9: user info and balance refresh at most once per 30 s unless forced. */
export const REFRESH_THROTTLE_MS = 30_000;

async function throttled<T>(
  what: 'user' | 'balance',
  force: boolean,
  load: () => Promise<T>,
  save: (value: T) => void,
): Promise<void> {
  const state = useSession.getState();
  if (!state.token) return;
  const now = Date.now();
  if (!force && now - state.fetchedAt[what] < REFRESH_THROTTLE_MS) return;
  state.markFetched(what, now);
  try {
    save(await load());
  } catch (error) {
    // Store fetch failures are only logged (spec section 8); the next call may try again.
    useSession.getState().markFetched(what, 0);
    console.error(`refresh ${what} failed`, error);
  }
}

export function refreshUser(force = false): Promise<void> {
  return throttled('user', force, () => get<UserInfo>(api.token), useSession.getState().setUser);
}

export function refreshBalance(force = false): Promise<void> {
  return throttled('balance', force, () => get<Balance>(api.balance), useSession.getState().setBalance);
}

export async function refreshUnread(): Promise<void> {
  if (!useSession.getState().token) return;
  try {
    const { count } = await get<{ count: number }>(api.messageNum);
    useSession.getState().setUnread(count);
  } catch (error) {
    console.error('refresh unread failed', error);
  }
}

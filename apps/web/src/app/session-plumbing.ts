import type { QueryClient } from '@tanstack/react-query';
import { post, setSessionExpiredHandler } from '../shared/api/client';
import { callNativeLogin, isInNativeApp } from '../shared/native/bridge';
import { paths } from '../shared/paths';
import { refreshBalance, refreshMember, refreshUnread } from '../shared/session/session.queries';
import { selectIsLoggedIn, useSession } from '../shared/session/session-store';

/** Spec section 9. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * What an expired session leads to (spec section 4): the app's own sign-in inside the native webview,
 * the web login page everywhere else (also when the native handler is missing, so the member is never stuck).
 */
export function installSessionExpiredHandler(goTo: (path: string) => void): void {
  setSessionExpiredHandler(() => {
    if (isInNativeApp() && callNativeLogin()) return;
    goTo(paths.login);
  });
}

let sessionLoaded = false;

/**
 * A member who arrives with a token (kept from the last visit or from the URL) sees their data without waiting.
 * Runs once per page life, after the expiry handler is in place so a stale token leads to the login page.
 */
export function loadSessionOnStart(client: QueryClient): void {
  if (sessionLoaded) return;
  sessionLoaded = true;
  if (!useSession.getState().token) return;
  void refreshMember(client);
  void refreshBalance(client);
  void refreshUnread(client);
}

export function resetSessionStartForTests(): void {
  sessionLoaded = false;
}

function beat(): void {
  const { gameid, platform } = useSession.getState().game;
  post('heartbeat', { body: { gameid, platform } }).catch((error: unknown) => {
    console.error('heartbeat failed', error);
  });
}

/** Sends the heartbeat every 30 s while someone is logged in; stops at logout. Returns a stop function. */
export function startHeartbeat(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const sync = (loggedIn: boolean) => {
    if (loggedIn && timer === undefined) timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    if (!loggedIn && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  sync(selectIsLoggedIn(useSession.getState()));
  const unsubscribe = useSession.subscribe((state, previous) => {
    const loggedIn = selectIsLoggedIn(state);
    if (loggedIn !== selectIsLoggedIn(previous)) sync(loggedIn);
  });
  return () => {
    unsubscribe();
    sync(false);
  };
}

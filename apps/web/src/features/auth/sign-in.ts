import type { Session } from '@jinb/contract';
import { paths } from '../../shared/paths';
import { refreshBalance, refreshUnread } from '../../shared/session/loaders';
import { useSession } from '../../shared/session/session-store';

/** Stores a fresh session from login or register and starts loading what the member pages show. */
export function completeSignIn(session: Session): void {
  const store = useSession.getState();
  store.setToken(session.token);
  store.setUser(session.user);
  // The user just arrived with the session; no need for the throttled loader to fetch it again right away.
  store.markFetched('user', Date.now());
  void refreshBalance(true);
  void refreshUnread();
}

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path on this site, else home.
 * Anything else (another origin, `//host`, a `javascript:` URL) is ignored so a crafted link cannot send
 * a freshly signed-in member elsewhere.
 */
export function redirectTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect') ?? '';
  if (!/^\/(?![/\\])/.test(redirect)) return paths.home;
  const pathname = redirect.split(/[?#]/)[0];
  const signInPages: string[] = [paths.login, paths.register, paths.forgetPassword];
  return signInPages.includes(pathname ?? '') ? paths.home : redirect;
}

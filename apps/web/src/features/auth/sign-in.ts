import type { Session } from '@jinb/contract';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../../shared/paths';
import { memberQuery, refreshBalance, refreshUnread } from '../../shared/session/session.queries';
import { useSession } from '../../shared/session/session-store';

/** Stores a fresh session from login or register and starts loading what the member pages show. */
export function completeSignIn(session: Session, client: QueryClient): void {
  // The member arrived with the session, so it is cached (fresh) before the token makes member queries run.
  client.setQueryData(memberQuery.queryKey, session.user);
  useSession.getState().setToken(session.token);
  void refreshBalance(client, true);
  void refreshUnread(client, true);
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

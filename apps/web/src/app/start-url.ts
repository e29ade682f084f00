import { useSession } from '../shared/session/session-store';
import { adoptUrlParams } from '../shared/session/storage';

/**
 * Reads token, i_code and app from the address (spec section 1), then takes the token out of the visible URL so it
 * is not bookmarked, shared, put into a QR code or reported as part of a page view.
 */
export function adoptStartUrl(): void {
  adoptUrlParams(window.location.search);
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  // The store read session storage when it was created, before the URL was looked at.
  useSession.getState().setToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

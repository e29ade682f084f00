import { i18next } from '../shared/i18n/i18n';
import { useSession } from '../shared/session/session-store';
import { adoptUrlParams } from '../shared/session/storage';
import './start-url.locale';

/**
 * Asks the member whether the account in the link should replace the one they are signed in to. The dialog code is
 * loaded only then: this file runs on every first load, and the question is rare.
 */
async function askToSwitch(): Promise<boolean> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  const t = (key: string) => i18next.t(key, { ns: 'startUrl' });
  return Dialog.confirm({
    title: t('switchTitle'),
    content: t('switchContent'),
    confirmText: t('switchConfirm'),
    cancelText: t('switchKeep'),
  });
}

/**
 * Reads token, i_code and app from the address (spec section 1). The token leaves the visible URL first, before
 * the router, analytics or any tracker script can read it, so it is not bookmarked, shared, put into a QR code or
 * reported as part of a page view.
 *
 * A link can carry someone else's token (a crafted link signs the victim into the attacker's account, who then
 * sees what the victim deposits or binds). So a token only replaces a different session the member already has
 * after they agree; no stored session, or the same token, is adopted silently. A switch reloads the page so
 * nothing of the previous member's data stays on screen.
 */
export function adoptStartUrl(
  deps: { confirmSwitch?: () => Promise<boolean>; reload?: () => void } = {},
): Promise<void> {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  adoptUrlParams(url.search);
  if (!token) return Promise.resolve();
  // The store read session storage when it was created, before the URL was looked at.
  const current = useSession.getState().token;
  if (!current || current === token) {
    useSession.getState().setToken(token);
    return Promise.resolve();
  }
  const confirmSwitch = deps.confirmSwitch ?? askToSwitch;
  const reload = deps.reload ?? (() => window.location.reload());
  return confirmSwitch().then((switching) => {
    if (!switching) return;
    useSession.getState().logout();
    useSession.getState().setToken(token);
    reload();
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import '../account.locale';
import { withdrawPasswordKeys } from '../../../shared/session/withdraw-password';
import { showLoading } from '../../../shared/ui/feedback';
import { logout } from '../account.api';

/** Asks, tells the server, and signs out locally even when the server cannot be reached: logging out always works. */
export function useLogout(): { pending: boolean; confirmLogout: () => Promise<void> } {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('logoutConfirm'),
      confirmText: t('logout'),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (!confirmed) return;
    setPending(true);
    const toast = showLoading(t('loggingOut'), { maskClickable: false });
    // Leave first, while the session is still valid: a member-only page's guard would bounce to /login the moment
    // the token goes, and the new page's first calls (page view, home data) must not carry an ended session.
    await navigate(paths.home, { replace: true });
    try {
      await logout();
    } catch (error) {
      console.error('logout call failed; signing out locally', error);
    }
    useSession.getState().logout({ byMember: true });
    queryClient.removeQueries({ queryKey: withdrawPasswordKeys.all });
    toast.close();
    setPending(false);
  };

  return { pending, confirmLogout };
}

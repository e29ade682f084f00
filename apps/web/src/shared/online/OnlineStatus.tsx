import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { afterFirstScreenSettles } from '../scheduling/idle';
import { preloadToast, showToast } from '../ui/toast';

/** Tells the member when the connection drops or returns; renders nothing itself (spec section 1). */
export function OnlineStatus() {
  const { t } = useTranslation();
  // The toast code is fetched while the connection is still up: the "offline" toast cannot download it later.
  useEffect(() => afterFirstScreenSettles(() => void preloadToast().catch(() => {})), []);
  useEffect(() => {
    const offline = () => showToast({ content: t('offline'), icon: 'fail', duration: 3000 });
    const online = () => showToast({ content: t('online'), icon: 'success' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
  return null;
}

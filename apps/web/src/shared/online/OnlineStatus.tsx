import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Tells the member when the connection drops or returns; renders nothing itself (spec section 1). */
export function OnlineStatus() {
  const { t } = useTranslation();
  useEffect(() => {
    const offline = () => Toast.show({ content: t('offline'), icon: 'fail', duration: 3000 });
    const online = () => Toast.show({ content: t('online'), icon: 'success' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
  return null;
}

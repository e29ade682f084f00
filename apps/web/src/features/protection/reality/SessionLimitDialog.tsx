import { useMutation } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { signOut } from './sign-out';
import './reality.locale';
import styles from './reality.module.css';

/**
 * A call was refused because the session reached the member's own time limit: the server's message (it gives the
 * limit) and the way out. The session still serves reading and withdrawing, so the member may also close it.
 */
export default function SessionLimitDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation('reality');
  const navigate = useNavigate();
  const leave = useMutation({
    mutationFn: async () => {
      await navigate(paths.home, { replace: true });
      await signOut();
    },
    onSettled: onClose,
  });
  return (
    <Dialog
      visible
      title={t('sessionLimitTitle')}
      content={
        <div className={styles.body}>
          <p className={styles.line}>{message}</p>
          <p className={styles.hint}>{t('sessionLimitHint')}</p>
        </div>
      }
      actions={[
        { key: 'logout', text: t('logout'), bold: true, disabled: leave.isPending, onClick: () => leave.mutate() },
        { key: 'close', text: t('gotIt'), onClick: onClose },
      ]}
    />
  );
}

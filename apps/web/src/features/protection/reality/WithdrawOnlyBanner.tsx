import { useMutation } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signOut } from './sign-out';
import './reality.locale';
import styles from './reality.module.css';

/** "14:05" left of the session (minutes and seconds; it lives 15 minutes). */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Over the withdraw page while the session is the withdrawal-only one: what mode this is, how long it has left and
 * the way out. When the time is up the session has ended on the server too, so it ends here as an expired one would.
 */
export default function WithdrawOnlyBanner({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('reality');
  const navigate = useNavigate();
  const endsAt = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (now < endsAt) return;
    useSession.getState().logout();
    navigate(paths.login, { replace: true });
  }, [now, endsAt, navigate]);
  const leave = useMutation({ mutationFn: signOut });
  const confirmLeave = async () => {
    const confirmed = await Dialog.confirm({
      content: t('leaveConfirm'),
      confirmText: t('leave'),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (confirmed) leave.mutate();
  };

  return (
    <div className={styles.banner} role="status" aria-label={t('withdrawOnly')}>
      <div className={styles.bannerRow}>
        <span className={styles.bannerTitle}>{t('withdrawOnly')}</span>
        <span className={styles.bannerTime}>{t('timeLeft', { time: clock(endsAt - now) })}</span>
        <button
          type="button"
          className={styles.bannerLeave}
          disabled={leave.isPending}
          onClick={() => void confirmLeave()}
        >
          {t('leave')}
        </button>
      </div>
      <p className={styles.bannerHint}>{t('withdrawOnlyHint')}</p>
    </div>
  );
}

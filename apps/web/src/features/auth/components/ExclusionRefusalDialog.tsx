import type { ExclusionRefusal } from '@jinb/contract';
import { Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { formatDateTime } from '../../../shared/ui/format-date';
import '../exclusion-refusal.locale';
import styles from './ExclusionRefusalDialog.module.css';

/** The refusal's `detail` as far as it can be read; an older server may send none (nothing then is assumed). */
function refusalOf(error: ApiError): Partial<ExclusionRefusal> {
  const detail = error.detail;
  return typeof detail === 'object' && detail !== null ? (detail as Partial<ExclusionRefusal>) : {};
}

/**
 * Sign-in refused because the member is in a time-out or self-exclusion (the right password, so this is them): the
 * server's message with the end date, what still holds, and, when there is a balance to take out, the
 * withdrawal-only session the refusal offers. A dialog, not a toast: it is the answer to why they cannot play.
 */
export default function ExclusionRefusalDialog({ error, onClose }: { error: ApiError; onClose: () => void }) {
  const { t } = useTranslation('exclusionRefusal');
  const navigate = useNavigate();
  const refusal = refusalOf(error);
  const withdrawOnly = refusal.withdrawOnly ?? null;

  const withdraw = () => {
    if (!withdrawOnly) return;
    useSession.getState().startWithdrawOnly(withdrawOnly.token, withdrawOnly.expiresAt);
    onClose();
    navigate(paths.withdraw, { replace: true });
  };

  return (
    <Dialog
      visible
      title={t(error.code === 'SELF_EXCLUDED' ? 'selfTitle' : 'timeoutTitle')}
      content={
        <div className={styles.body}>
          <p>{error.message}</p>
          {refusal.until === null && (
            <p className={styles.ends}>
              {t('ends')}：<strong>{t('permanent')}</strong>
            </p>
          )}
          <p className={styles.hint}>{t('stillYours')}</p>
          <p className={styles.hint}>
            {withdrawOnly ? t('canWithdraw', { time: formatDateTime(withdrawOnly.expiresAt) }) : t('nothingToWithdraw')}
          </p>
        </div>
      }
      actions={[
        ...(withdrawOnly ? [{ key: 'withdraw', text: t('withdraw'), bold: true, onClick: withdraw }] : []),
        { key: 'close', text: t('gotIt'), onClick: onClose },
      ]}
    />
  );
}

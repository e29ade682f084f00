import type { SessionSummary } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CURRENCY_SYMBOL } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { limitReached, minutesSince } from './reality-schedule';
import { sessionSummaryQuery } from './session-summary.query';
import { signOut } from './sign-out';
import './reality.locale';
import styles from './reality.module.css';

/** "+¥12.50", "-¥3.00", "¥0.00": the session's result as the member reads it, truncated like every amount. */
function signedMoney(wire: string): string {
  const shown = truncateMoney(wire);
  if (shown.startsWith('-')) return `-${CURRENCY_SYMBOL}${shown.slice(1)}`;
  return /^0\.00$/.test(shown) ? `${CURRENCY_SYMBOL}${shown}` : `+${CURRENCY_SYMBOL}${shown}`;
}

/**
 * The reality check itself (loaded only when one is due): how long this session has lasted and what it has won or
 * lost, from the summary asked for at this moment, with the ways out. Shown once the fresh summary is in, so the
 * figures are never the ones of the last reminder.
 */
export default function RealityDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reality');
  const navigate = useNavigate();
  const summary = useQuery({ ...sessionSummaryQuery, staleTime: 0, refetchOnMount: 'always' });
  // The figures of the moment it opened: a refetch on focus while it is open must not change what it says.
  const [shown, setShown] = useState<{ summary: SessionSummary; at: number } | null>(null);
  if (shown === null && summary.data && !summary.isFetching) setShown({ summary: summary.data, at: Date.now() });
  const leave = useMutation({
    mutationFn: async () => {
      // Leave first, while the session is still valid: a member-only page's guard would send the member to /login
      // the moment the token goes.
      await navigate(paths.home, { replace: true });
      await signOut();
    },
    onSettled: onClose,
  });

  // A summary that cannot be had (offline) still gets the reminder, with the time the shell already knew.
  const data = shown?.summary ?? (summary.isError ? summary.data : undefined);
  if (!data) return null;
  const at = shown?.at ?? Date.now();
  const minutes = minutesSince(data.startedAt, at);
  return (
    <Dialog
      visible
      title={t('reminderTitle')}
      content={
        <div className={styles.body}>
          <p className={styles.line}>{t('elapsed', { minutes })}</p>
          <p className={styles.line}>{t('net', { amount: signedMoney(data.net) })}</p>
          {limitReached(data, at) && (
            <p className={styles.warning}>{t('limitReached', { minutes: data.sessionMinutes })}</p>
          )}
        </div>
      }
      actions={[
        { key: 'continue', text: t('continue'), bold: true, onClick: onClose },
        {
          key: 'limits',
          text: t('viewLimits'),
          onClick: () => {
            onClose();
            navigate(paths.limits);
          },
        },
        { key: 'logout', text: t('logout'), danger: true, disabled: leave.isPending, onClick: () => leave.mutate() },
      ]}
    />
  );
}

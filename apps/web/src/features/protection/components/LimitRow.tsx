import type { LimitKey, LimitsView, PendingLimit } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { limitsQuery, useCancelLimit, useConfirmLimit } from '../protection.api';
import styles from '../protection.module.css';
import { isPeriodKey, limitText, periodOf, usedPercent } from './limit-format';
import { spanParts, useRemaining } from './use-countdown';

type LimitRowProps = { limitKey: LimitKey; view: LimitsView; onEdit: (key: LimitKey) => void };

/** One limit: what is in force, the period's usage, a raise or removal waiting, and the button to change it. */
export function LimitRow({ limitKey, view, onEdit }: LimitRowProps) {
  const { t } = useTranslation('protection');
  const timeZone = usePlatformTimeZone();
  const minutes = (count: number) => t('limits.minutes', { count });
  const value = limitText(limitKey, view[limitKey], minutes);
  const pending = view.pending[limitKey];
  const name = t(`limits.keys.${limitKey}`);
  const usage = isPeriodKey(limitKey) ? view.usage[limitKey] : null;
  const limit = view[limitKey];
  const percent = usage && typeof limit === 'string' ? usedPercent(usage.used, limit) : 0;
  const period = isPeriodKey(limitKey) ? t(`limits.periods.${periodOf(limitKey)}`) : '';
  const verb = value === null ? t('limits.set') : t('limits.edit');
  return (
    <section className={styles.limit} aria-label={name} data-testid={`limit-${limitKey}`}>
      <div className={styles.limitHead}>
        <span className={styles.limitName}>{name}</span>
        <span className={styles.limitActions}>
          <span className={styles.limitValue} data-empty={value === null}>
            {value ?? t('limits.notSet')}
          </span>
          <Button
            size="mini"
            className={styles.tap}
            shape="rounded"
            onClick={() => onEdit(limitKey)}
            aria-label={`${verb}${name}`}
          >
            {verb}
          </Button>
        </span>
      </div>
      {usage && (
        <div className={styles.usage}>
          {typeof limit === 'string' && (
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(percent)}
            >
              <div className={styles.barFill} style={{ width: `${percent}%` }} data-full={percent >= 100} />
            </div>
          )}
          <div className={styles.usageText}>
            <span>
              {typeof limit === 'string'
                ? t('limits.used', { period, used: truncateMoney(usage.used), limit: truncateMoney(limit) })
                : t('limits.usedNoLimit', { period, used: truncateMoney(usage.used) })}
            </span>
            <span>{t('limits.resetsAt', { at: platformDateTime(usage.resetsAt, timeZone) })}</span>
          </div>
        </div>
      )}
      {pending && <PendingChange limitKey={limitKey} pending={pending} name={name} minutes={minutes} />}
    </section>
  );
}

type PendingChangeProps = {
  limitKey: LimitKey;
  pending: PendingLimit;
  name: string;
  minutes: (count: number) => string;
};

/** A raise or removal waiting its 24 hours (a countdown), then 确认生效; 撤销 either way. */
function PendingChange({ limitKey, pending, name, minutes }: PendingChangeProps) {
  const { t } = useTranslation('protection');
  const client = useQueryClient();
  const confirm = useConfirmLimit();
  const cancel = useCancelLimit();
  const remaining = useRemaining(pending.effectiveAt);
  const value = limitText(limitKey, pending.value, minutes);
  // Once the 24 hours have passed the server says it is confirmable: ask it again rather than guess.
  useEffect(() => {
    if (remaining === 0 && !pending.confirmable) void client.invalidateQueries({ queryKey: limitsQuery.queryKey });
  }, [remaining, pending.confirmable, client]);
  const { h, m, s } = spanParts(remaining);
  const time = h > 0 ? t('limits.countdown.hm', { h, m }) : t('limits.countdown.ms', { m, s });
  const busy = confirm.isPending || cancel.isPending;
  return (
    <section className={styles.pending} aria-label={`${name}${t('limits.pending')}`}>
      <span className={styles.pendingText}>
        <span>{value === null ? t('limits.pendingRemove') : t('limits.pendingValue', { value })}</span>
        <span className={styles.pendingWhen}>
          {pending.confirmable ? (
            t('limits.due')
          ) : (
            <time dateTime={pending.effectiveAt}>{t('limits.waiting', { time })}</time>
          )}
        </span>
      </span>
      {pending.confirmable && (
        <Button
          size="mini"
          className={styles.tap}
          color="primary"
          shape="rounded"
          loading={confirm.isPending}
          disabled={busy}
          onClick={() =>
            confirm.mutate(limitKey, { onSuccess: () => showSuccess(t('limits.confirmed')), onError: showError })
          }
        >
          {t('limits.confirm')}
        </Button>
      )}
      <Button
        size="mini"
        className={styles.tap}
        shape="rounded"
        loading={cancel.isPending}
        disabled={busy}
        onClick={() =>
          cancel.mutate(limitKey, { onSuccess: () => showSuccess(t('limits.revoked')), onError: showError })
        }
      >
        {t('limits.revoke')}
      </Button>
    </section>
  );
}

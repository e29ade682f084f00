import type { VipPayoutView } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { useClaimAllPayouts, useClaimPayout, vipPayoutsQuery } from './payouts.api';
import './payouts.locale';
import styles from './VipPayouts.module.css';

/** "2026-W48" -> 2026 年第 48 周, "2026-11" -> 2026 年 11 月, "2026" -> 2026 年, a day as it is. */
function usePeriodLabel() {
  const { t } = useTranslation('vipPayouts');
  return (payout: VipPayoutView) => {
    const week = /^(\d{4})-W(\d{2})$/.exec(payout.period);
    if (week) return t('periods.week', { year: week[1], week: Number(week[2]) });
    const month = /^(\d{4})-(\d{2})$/.exec(payout.period);
    if (month) return t('periods.month', { year: month[1], month: Number(month[2]) });
    if (/^\d{4}$/.test(payout.period)) return t('periods.year', { year: payout.period });
    return t('periods.day', { day: payout.period });
  };
}

function PayoutRow({ payout, timeZone }: { payout: VipPayoutView; timeZone: string }) {
  const { t } = useTranslation('vipPayouts');
  const periodLabel = usePeriodLabel();
  const claim = useClaimPayout();
  const kind = t(`kinds.${payout.kind}`);
  const amount = truncateMoney(payout.amount);

  const onClaim = async () => {
    const confirmed = await Dialog.confirm({
      title: t('confirmTitle'),
      content: t('confirm', { amount, multiple: payout.multiple }),
      confirmText: t('confirm', { ns: 'common' }),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (!confirmed) return;
    claim.mutate(payout.id, {
      onSuccess: (result) => showSuccess(t('done', { amount: truncateMoney(result.amount) })),
      onError: showError,
    });
  };

  return (
    <li className={styles.row}>
      <div className={styles.info}>
        <div className={styles.name}>
          {kind} · {periodLabel(payout)}
        </div>
        <div className={styles.meta}>
          {t('multiple', { multiple: payout.multiple })}
          {payout.expiresAt ? ` · ${t('expires', { date: platformDateTime(payout.expiresAt, timeZone) })}` : ''}
        </div>
      </div>
      <span className={styles.amount}>{amount}</span>
      <Button
        size="mini"
        color="primary"
        shape="rounded"
        loading={claim.isPending}
        aria-label={`${t('claim')} ${kind} ${periodLabel(payout)}`}
        onClick={() => void onClaim()}
      >
        {t('claim')}
      </Button>
    </li>
  );
}

/**
 * The member's VIP payouts waiting to be claimed (wages, the birthday bonus, rebates when paid by claim): each with
 * its period, amount, turnover multiple and expiry; claim one or all, after a confirmation.
 */
export function VipPayouts() {
  const { t } = useTranslation('vipPayouts');
  const timeZone = usePlatformTimeZone();
  const payouts = useQuery(vipPayoutsQuery());
  const claimAll = useClaimAllPayouts();
  const data = payouts.data;

  const onClaimAll = async () => {
    if (!data) return;
    const confirmed = await Dialog.confirm({
      title: t('confirmTitle'),
      content: t('confirmAll', { count: data.total, amount: truncateMoney(data.amount) }),
      confirmText: t('confirm', { ns: 'common' }),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (!confirmed) return;
    claimAll.mutate(undefined, {
      onSuccess: (result) => showSuccess(t('done', { amount: truncateMoney(result.amount) })),
      onError: showError,
    });
  };

  return (
    <section className={styles.section} aria-labelledby="vip-payouts-title">
      <div className={styles.head}>
        <div>
          <h2 id="vip-payouts-title" className={styles.title}>
            {t('title')}
          </h2>
          {data && data.total > 0 && (
            <p className={styles.total}>{t('total', { amount: truncateMoney(data.amount) })}</p>
          )}
        </div>
        {data && data.total > 1 && (
          <Button size="small" color="primary" loading={claimAll.isPending} onClick={() => void onClaimAll()}>
            {t('claimAll')}
          </Button>
        )}
      </div>
      {payouts.isPending && <LoadingState minHeight={80} />}
      {payouts.isError && !data && (
        <ErrorState message={payouts.error.message} onRetry={() => void payouts.refetch()} />
      )}
      {data && data.total === 0 && <p className={styles.empty}>{t('empty')}</p>}
      {data && data.total > 0 && (
        <ul className={styles.list}>
          {data.list.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

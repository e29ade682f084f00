import type { AgentCommissionView } from '@jinb/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PagedList } from '../../../shared/ui/PagedList';
import { agentCommissionsQuery, useClaimCommission } from '../agent.api';
import styles from '../agent.module.css';
import { money } from '../agent-format';

/** "2026-W48" -> 2026 年第 48 周, "2026-11" -> 2026 年 11 月, a day as it is. */
function usePeriodLabel() {
  const { t } = useTranslation('agent');
  return (period: string) => {
    const week = /^(\d{4})-W(\d{2})$/.exec(period);
    if (week) return t('periods.week', { year: week[1], week: Number(week[2]) });
    const month = /^(\d{4})-(\d{2})$/.exec(period);
    if (month) return t('periods.month', { year: month[1], month: Number(month[2]) });
    return t('periods.day', { day: period });
  };
}

function CommissionRow({ commission }: { commission: AgentCommissionView }) {
  const { t } = useTranslation('agent');
  const periodLabel = usePeriodLabel();
  const claim = useClaimCommission();
  const amount = money(commission.amount);
  const basis = t(`basis.${commission.basis}`);

  const onClaim = async () => {
    const confirmed = await Dialog.confirm({
      title: t('confirmTitle'),
      content: t('confirm', { amount }),
      confirmText: t('confirm', { ns: 'common' }),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (!confirmed) return;
    claim.mutate(commission.id, {
      onSuccess: (result) => showSuccess(t('claimed', { amount: money(result.amount) })),
      onError: showError,
    });
  };

  return (
    <div className={styles.row} data-testid="commission">
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>{periodLabel(commission.period)}</span>
        <span className={styles.rowSub}>
          {basis}{' '}
          {t('commissionBasis', {
            basis: money(commission.basisAmount),
            second: money(commission.secondAmount),
          })}
        </span>
        <span className={styles.rowSub}>
          {t('commissionRate', { tier: commission.tier, rate: commission.rate, secondRate: commission.secondRate })}
        </span>
      </div>
      <div className={styles.rowSide}>
        <span className={styles.amount}>{amount}</span>
        {commission.status === 'pending' ? (
          <Button size="mini" shape="rounded" color="primary" loading={claim.isPending} onClick={() => void onClaim()}>
            {t('claim')}
          </Button>
        ) : (
          <span className={styles[`status_${commission.status}`]}>{t(`status.${commission.status}`)}</span>
        )}
      </div>
    </div>
  );
}

export function CommissionList() {
  const { t } = useTranslation('agent');
  const commissions = useInfiniteQuery(agentCommissionsQuery);
  return (
    <PagedList
      query={commissions}
      itemKey={(one) => one.id}
      renderItem={(one) => <CommissionRow commission={one} />}
      emptyText={t('commissionsEmpty')}
    />
  );
}

import { formatOrderNo, WITHDRAWAL_RECORD_STATE, type Withdrawal } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, Tag } from 'antd-mobile';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { money } from '../amount';
import { cardLabel } from '../card-label';
import { useCancelWithdrawal, withdrawalsQuery } from '../finance.api';
import '../finance.locale';
import styles from '../finance.module.css';

const STATUS_COLOR = {
  unhandled: 'warning',
  accepted: 'primary',
  paid: 'success',
  refused: 'danger',
  cancelled: 'default',
} as const;

/** The member's recent withdrawals; one that nobody has picked up yet can be cancelled. */
export function WithdrawalList({ memberId }: { memberId: string }) {
  const { t } = useTranslation('finance');
  const withdrawals = useQuery(withdrawalsQuery(memberId));
  const timeZone = usePlatformTimeZone();
  const cancelling = useCancelWithdrawal(memberId);
  // One Idempotency-Key per withdrawal being cancelled, kept until the cancel went through, so a retry reuses it.
  const cancelKeys = useRef(new Map<string, string>());

  const cancel = async (withdrawal: Withdrawal) => {
    const confirmed = await Dialog.confirm({
      title: t('withdraw.cancelTitle'),
      content: t('withdraw.cancelText', { amount: money(withdrawal.amount) }),
      confirmText: t('withdraw.cancel'),
      cancelText: t('withdraw.keep'),
    });
    if (!confirmed) return;
    let key = cancelKeys.current.get(withdrawal.id);
    if (!key) {
      key = crypto.randomUUID();
      cancelKeys.current.set(withdrawal.id, key);
    }
    cancelling.mutate(
      { body: { id: withdrawal.id }, idempotencyKey: key },
      {
        onSuccess: () => {
          cancelKeys.current.delete(withdrawal.id);
          showSuccess(t('withdraw.cancelled'));
        },
        onError: showError,
      },
    );
  };

  let body: ReactNode;
  if (withdrawals.isPending) body = <LoadingState />;
  else if (withdrawals.isError)
    body = <ErrorState message={withdrawals.error.message} onRetry={() => void withdrawals.refetch()} />;
  else if (withdrawals.data.length === 0) body = <p className={styles.emptyLine}>{t('withdraw.noHistory')}</p>;
  else
    body = (
      <ul className={styles.list}>
        {withdrawals.data.map((item) => (
          <li key={item.id} className={styles.listItem}>
            <div className={styles.listMain}>
              <span className={styles.listTitle}>{money(item.amount)}</span>
              <span className={styles.listMeta}>{cardLabel(item.card, t)}</span>
              <span className={styles.listMeta}>
                {t('order.orderNo')} {formatOrderNo('withdrawal', item.id, item.createdAt, timeZone)}
              </span>
              <span className={styles.listMeta}>
                {/* The platform's clock, the one the order number's date is on. */}
                {platformDateTime(item.createdAt, timeZone)}
                {item.fee !== '0.0000' && ` · ${t('withdraw.feeOf', { fee: money(item.fee) })}`}
              </span>
              {item.status === 'refused' && item.reason && (
                <span className={styles.listReason}>{t('withdraw.refusedReason', { reason: item.reason })}</span>
              )}
            </div>
            <div className={styles.listSide}>
              <Tag color={STATUS_COLOR[item.status]} fill="outline">
                {t(`withdraw.states.${WITHDRAWAL_RECORD_STATE[item.status]}`)}
              </Tag>
              {item.status === 'unhandled' && (
                <Button
                  size="mini"
                  shape="rounded"
                  loading={cancelling.isPending && cancelling.variables?.body.id === item.id}
                  disabled={cancelling.isPending}
                  onClick={() => void cancel(item)}
                  aria-label={`${t('withdraw.cancel')} ${money(item.amount)}`}
                >
                  {t('withdraw.cancel')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.section} aria-labelledby="withdraw-history-title">
      <h2 id="withdraw-history-title" className={styles.sectionTitle}>
        {t('withdraw.history')}
      </h2>
      {body}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../shared/api/client';
import { copyText } from '../../../shared/clipboard/copy-text';
import { formatDateTime } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { useCurrentUser } from '../../account/hooks/use-current-user';
import { accountLabel, codeLabel, money, referenceLabel, signedMoney } from '../record-labels';
import { recordDetailQuery, venueNamesQuery, type WalletRecordDetail } from '../records.api';
import '../records.locale';
import styles from '../records.module.css';

export default function TransactionDetailPage() {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const current = useCurrentUser();
  const detail = useQuery(recordDetailQuery(current.user?.id ?? '', id));

  const validId = /^\d+$/.test(id);
  const notFound = !validId || (detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND');
  const failed = !notFound && (current.status === 'error' || detail.isError);
  const retry = () => {
    if (current.status === 'error') current.reload();
    if (detail.isError) void detail.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.transactionRecord} />
      {notFound && (
        <div className={styles.notFound}>
          <EmptyState description={t('notFound')} />
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.transactionRecord, { replace: true })}>
            {t('backToRecords')}
          </Button>
        </div>
      )}
      {failed && <ErrorState message={detail.error?.message} onRetry={retry} />}
      {!notFound && !failed && !detail.data && <LoadingState />}
      {!notFound && detail.data && <Detail record={detail.data} />}
    </div>
  );
}

function Detail({ record }: { record: WalletRecordDetail }) {
  const { t } = useTranslation('records');
  const venueNames = useQuery(venueNamesQuery);
  const amount = signedMoney(record.amount);
  const reference = referenceLabel(record.reference, t);
  const copyTransferId = async () => {
    const copied = await copyText(record.transferId);
    Toast.show(
      copied ? { icon: 'success', content: t('copied', { ns: 'common' }) } : t('copyFailed', { ns: 'common' }),
    );
  };

  return (
    <>
      <section className={styles.summary}>
        <h2 className={styles.summaryTitle}>{codeLabel(record.code, record.type, t)}</h2>
        <p className={`${styles.summaryAmount} ${styles[amount.direction]}`}>{amount.text}</p>
      </section>
      <dl className={styles.detailList}>
        <Row label={t('type')}>{t(`types.${record.type}`)}</Row>
        <Row label={t('account')}>{accountLabel(record.account, t, venueNames.data)}</Row>
        <Row label={t('balanceBefore')}>{money(record.balanceBefore)}</Row>
        <Row label={t('balanceAfter')}>{money(record.balanceAfter)}</Row>
        {record.counterparty && (
          <Row label={t('counterparty')}>{accountLabel(record.counterparty, t, venueNames.data)}</Row>
        )}
        <Row label={t('createdAt')}>
          <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
        </Row>
        <Row label={t('transferId')}>
          <span className={styles.copyable}>
            <span className={styles.mono}>{record.transferId}</span>
            <Button
              size="mini"
              fill="outline"
              color="primary"
              onClick={copyTransferId}
              aria-label={t('copyTransferId')}
            >
              {t('copy', { ns: 'common' })}
            </Button>
          </span>
        </Row>
        {reference && <Row label={t('reference')}>{reference}</Row>}
        {record.memo && <Row label={t('memo')}>{record.memo}</Row>}
      </dl>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

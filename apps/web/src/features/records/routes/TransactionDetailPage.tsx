import { useQuery } from '@tanstack/react-query';
import { Button, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { copyText } from '../../account/copy-text';
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
      <List className={styles.detailList}>
        <List.Item extra={t(`types.${record.type}`)}>{t('type')}</List.Item>
        <List.Item extra={accountLabel(record.account, t, venueNames.data)}>{t('account')}</List.Item>
        <List.Item extra={money(record.balanceBefore)}>{t('balanceBefore')}</List.Item>
        <List.Item extra={money(record.balanceAfter)}>{t('balanceAfter')}</List.Item>
        {record.counterparty && (
          <List.Item extra={accountLabel(record.counterparty, t, venueNames.data)}>{t('counterparty')}</List.Item>
        )}
        <List.Item extra={formatDateTime(record.createdAt)}>{t('createdAt')}</List.Item>
        <List.Item
          extra={
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
          }
        >
          {t('transferId')}
        </List.Item>
        {reference && <List.Item extra={reference}>{t('reference')}</List.Item>}
        {record.memo && <List.Item extra={record.memo}>{t('memo')}</List.Item>}
      </List>
    </>
  );
}

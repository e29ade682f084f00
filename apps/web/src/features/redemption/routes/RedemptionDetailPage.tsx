import type { RedemptionView } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { redemptionQuery } from '../redemption.api';
import '../redemption.locale';
import styles from '../redemption.module.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Detail({ item }: { item: RedemptionView }) {
  const { t } = useTranslation('redemption');
  const timeZone = usePlatformTimeZone();
  return (
    <>
      <section className={styles.summary}>
        <h2 className={styles.summaryTitle}>{t('amount')}</h2>
        <p className={styles.summaryAmount}>+{truncateMoney(item.amount)}</p>
        <Tag color="success" fill="outline">
          {t('credited')}
        </Tag>
      </section>
      <dl className={styles.detailList}>
        <Row label={t('code')}>
          <span className={styles.code}>{item.code}</span>
        </Row>
        <Row label={t('amount')}>{truncateMoney(item.amount)}</Row>
        <Row label={t('multiple')}>{t('multipleValue', { multiple: item.multiple })}</Row>
        <Row label={t('turnover')}>{truncateMoney(item.turnoverRequired)}</Row>
        <Row label={t('time')}>
          <time dateTime={item.createdAt}>{platformDateTime(item.createdAt, timeZone)}</time>
        </Row>
        <Row label={t('status')}>{t('credited')}</Row>
      </dl>
    </>
  );
}

/** /user/redemptionDetail?id=: one redemption; someone else's id (or none) is not found. */
export default function RedemptionDetailPage() {
  const { t } = useTranslation('redemption');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery(redemptionQuery(id));
  const notFound =
    !/^\d+$/.test(id) ||
    (detail.error instanceof ApiError &&
      (detail.error.code === 'REWARD_NOT_FOUND' || detail.error.code === 'NOT_FOUND'));
  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.redemptionRecord} />
      {notFound && (
        <div className={styles.notFound}>
          <EmptyState description={t('notFound')} />
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.redemptionRecord, { replace: true })}>
            {t('backToRecords')}
          </Button>
        </div>
      )}
      {!notFound && detail.isError && (
        <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
      )}
      {!notFound && detail.isPending && <LoadingState />}
      {!notFound && detail.data && <Detail item={detail.data} />}
    </div>
  );
}

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
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { newestRedemptionQuery, redemptionQuery } from '../redemption.api';
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

/**
 * /user/redemptionDetail?id=: one redemption. Without an id, or with one that is not the member's, the newest
 * redemption shows under a note leading to the records; with none, the way to redeem a code.
 */
export default function RedemptionDetailPage() {
  const { t } = useTranslation('redemption');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = /^\d+$/.test(params.get('id') ?? '') ? (params.get('id') as string) : '';
  const asked = useQuery(redemptionQuery(requested));
  const missing =
    requested === '' ||
    (asked.error instanceof ApiError && (asked.error.code === 'REWARD_NOT_FOUND' || asked.error.code === 'NOT_FOUND'));
  const newest = useQuery({ ...newestRedemptionQuery, enabled: missing });
  const id = missing ? (newest.data ?? '') : requested;
  const detail = useQuery(redemptionQuery(id));
  const none = missing && newest.isSuccess && newest.data === null;
  const failed = missing && newest.isError ? newest : detail.isError ? detail : null;
  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.redemptionRecord} />
      {missing && detail.data && (
        <NewestNote
          text={requested ? t('missingNewest') : t('newest')}
          listLabel={t('allRecords')}
          to={paths.redemptionRecord}
        />
      )}
      {none && (
        <div className={styles.notFound}>
          <EmptyState description={requested ? t('notFound') : t('empty')} />
          <p className={styles.noneHint}>{t('noneHint')}</p>
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.redemptionRecord, { replace: true })}>
            {t('goRedeem')}
          </Button>
        </div>
      )}
      {!none && failed && <ErrorState message={failed.error?.message} onRetry={() => void failed.refetch()} />}
      {!none && !failed && !detail.data && <LoadingState />}
      {!none && detail.data && <Detail item={detail.data} />}
    </div>
  );
}

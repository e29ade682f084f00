import type { WalletRecordDetail } from '@jinb/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, get } from '../../../shared/api/client';
import { copyText } from '../../../shared/clipboard/copy-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { accountLabel, codeLabel, money, reversed, STATE_COLOR, signedMoney } from '../record-labels';
import { recordDetailQuery, recordsKeys, venueNamesQuery } from '../records.api';
import '../records.locale';
import '../records-newest.locale';
import { showToast } from '../../../shared/ui/toast';
import styles from '../records.module.css';

/** The member's newest record's id (null when there is none): what /user/transactionDetail shows without an id. */
const newestRecordQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...recordsKeys.member(memberId), 'newest'] as const,
    queryFn: ({ signal }) => get('records', { query: { page: 1, size: 1 }, signal }),
    select: (page) => page.list[0]?.id ?? null,
    enabled: memberId !== '',
    staleTime: 0,
  });

/**
 * /user/transactionDetail?id=: one event with its state and movements. Without an id, or with one that is not the
 * member's, the newest record shows under a note leading to the list; with none, the way to a first deposit.
 */
export default function TransactionDetailPage() {
  const { t } = useTranslation('records');
  const { t: tn } = useTranslation('recordsNewest');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = /^\d+$/.test(params.get('id') ?? '') ? (params.get('id') as string) : '';
  const current = useCurrentUser();
  const memberId = current.user?.id ?? '';
  const asked = useQuery(recordDetailQuery(memberId, requested));
  const missing = requested === '' || (asked.error instanceof ApiError && asked.error.code === 'NOT_FOUND');
  const newest = useQuery({ ...newestRecordQuery(memberId), enabled: missing && memberId !== '' });
  const id = missing ? (newest.data ?? '') : requested;
  const detail = useQuery(recordDetailQuery(memberId, id));

  const none = missing && newest.isSuccess && newest.data === null;
  const failed = !none && (current.status === 'error' || (missing && newest.isError) || detail.isError);
  const retry = () => {
    if (current.status === 'error') current.reload();
    if (newest.isError) void newest.refetch();
    if (detail.isError) void detail.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.transactionRecord} />
      {missing && detail.data && (
        <NewestNote
          text={requested ? tn('missingNewest') : tn('newest')}
          listLabel={tn('allRecords')}
          to={paths.transactionRecord}
        />
      )}
      {none && (
        <div className={styles.notFound}>
          <EmptyState description={requested ? t('notFound') : t('empty')} />
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.deposit)}>
            {tn('goDeposit')}
          </Button>
          <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(paths.transactionRecord)}>
            {t('backToRecords')}
          </Button>
        </div>
      )}
      {failed && <ErrorState message={(newest.error ?? detail.error)?.message} onRetry={retry} />}
      {!none && !failed && !detail.data && <LoadingState />}
      {!none && detail.data && <Detail record={detail.data} />}
    </div>
  );
}

function Detail({ record }: { record: WalletRecordDetail }) {
  const { t } = useTranslation('records');
  const venueNames = useQuery(venueNamesQuery);
  const timeZone = usePlatformTimeZone();
  const amount = signedMoney(record.amount);
  const tone = reversed(record.state) ? styles.reversed : styles[amount.direction];
  const copyOrderNo = async () => {
    const copied = await copyText(record.orderNo);
    showToast(copied ? { icon: 'success', content: t('copied', { ns: 'common' }) } : t('copyFailed', { ns: 'common' }));
  };
  // A withdrawal's other side is the member's own frozen funds: naming it as a counterparty only confuses.
  const counterparty = record.type !== 'withdraw' && record.counterparty ? record.counterparty : '';

  return (
    <>
      <section className={styles.summary}>
        <h2 className={styles.summaryTitle}>{codeLabel(record.code, record.type, t)}</h2>
        <p className={`${styles.summaryAmount} ${tone}`}>{amount.text}</p>
        <Tag color={STATE_COLOR[record.state]} fill="outline" className={styles.summaryState}>
          {t(`states.${record.state}`)}
        </Tag>
      </section>
      <dl className={styles.detailList}>
        <Row label={t('orderNo')}>
          <span className={styles.copyable}>
            <span className={styles.mono}>{record.orderNo}</span>
            <Button size="mini" fill="outline" color="primary" onClick={copyOrderNo} aria-label={t('copyOrderNo')}>
              {t('copy', { ns: 'common' })}
            </Button>
          </span>
        </Row>
        <Row label={t('type')}>{t(`types.${record.type}`)}</Row>
        <Row label={t('state')}>{t(`states.${record.state}`)}</Row>
        {record.fee !== null && <Row label={t('fee')}>{money(record.fee)}</Row>}
        {record.actual !== null && <Row label={t('actual')}>{money(record.actual)}</Row>}
        {record.reason && <Row label={t('reason')}>{record.reason}</Row>}
        <Row label={t('account')}>{accountLabel(record.account, t, venueNames.data)}</Row>
        <Row label={t('balanceBefore')}>{money(record.balanceBefore)}</Row>
        <Row label={t('balanceAfter')}>{money(record.balanceAfter)}</Row>
        {counterparty && <Row label={t('counterparty')}>{accountLabel(counterparty, t, venueNames.data)}</Row>}
        <Row label={t('createdAt')}>
          <time dateTime={record.createdAt}>{platformDateTime(record.createdAt, timeZone)}</time>
        </Row>
        {record.memo && record.memo !== record.reason && <Row label={t('memo')}>{record.memo}</Row>}
      </dl>
      {record.legs.length > 1 && (
        <section className={styles.detailList} aria-labelledby="record-movements">
          <h3 id="record-movements" className={styles.movementsTitle}>
            {t('movements')}
          </h3>
          <ol className={styles.movements}>
            {record.legs.map((leg) => {
              const legAmount = signedMoney(leg.amount);
              // Only the main wallet's movements are money in or out; frozen funds moving on are shown plain.
              const legTone = leg.account === 'main' ? styles[legAmount.direction] : styles.none;
              return (
                <li key={`${leg.code}-${leg.account}-${leg.createdAt}`} className={styles.movement}>
                  <span className={styles.rowMain}>
                    <span>{codeLabel(leg.code, record.type, t)}</span>
                    <span className={styles.rowSub}>
                      {accountLabel(leg.account, t, venueNames.data)} ·{' '}
                      <time dateTime={leg.createdAt}>{platformDateTime(leg.createdAt, timeZone)}</time>
                    </span>
                  </span>
                  <span className={legTone}>{legAmount.text}</span>
                </li>
              );
            })}
          </ol>
        </section>
      )}
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

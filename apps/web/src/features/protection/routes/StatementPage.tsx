import { STATEMENT_MONTHS, type Statement } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { statementQuery, useStatementCsv } from '../protection.api';
import '../protection.locale';
import styles from '../protection.module.css';

const TOTALS = ['deposits', 'withdrawals', 'stakes', 'payouts'] as const;
type Months = (typeof STATEMENT_MONTHS)[number];

/** /setting/statement: deposits, withdrawals, stakes, payouts and net for 1, 3 or 12 months, by month, as CSV. */
export default function StatementPage() {
  const { t } = useTranslation('protection');
  const [months, setMonths] = useState<Months>(1);
  const statement = useQuery(statementQuery(months));
  const csv = useStatementCsv();
  return (
    <div className={styles.page}>
      <PageHeader title={t('statement.title')} fallback={paths.protection} />
      <div className={styles.tabs} role="tablist">
        {STATEMENT_MONTHS.map((span) => (
          <button
            key={span}
            type="button"
            role="tab"
            aria-selected={span === months}
            className={styles.tab}
            onClick={() => setMonths(span)}
          >
            {t(`statement.spans.m${span}`)}
          </button>
        ))}
      </div>
      <PullRefresh onRefresh={() => statement.refetch()}>
        <div role="tabpanel">
          {statement.isPending ? (
            <LoadingState />
          ) : statement.isError ? (
            <ErrorState message={statement.error.message} onRetry={() => void statement.refetch()} />
          ) : (
            <StatementView statement={statement.data} />
          )}
        </div>
        <div className={styles.actions}>
          <Button
            block
            shape="rounded"
            size="large"
            loading={csv.isPending}
            onClick={() =>
              csv.mutate(months, { onSuccess: () => showSuccess(t('statement.exported')), onError: showError })
            }
          >
            {t('statement.export')}
          </Button>
        </div>
      </PullRefresh>
    </div>
  );
}

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

function signedClass(value: string): string | undefined {
  if (isZero(value)) return undefined;
  return value.startsWith('-') ? styles.loss : styles.win;
}

function StatementView({ statement }: { statement: Statement }) {
  const { t } = useTranslation('protection');
  const timeZone = usePlatformTimeZone();
  const quiet = [...TOTALS, 'net' as const].every((key) => isZero(statement[key]));
  return (
    <>
      <section className={styles.card} aria-label={t('statement.title')}>
        <p className={styles.hint}>
          {t('statement.span', {
            from: platformDateTime(statement.from, timeZone).slice(0, 10),
            to: platformDateTime(statement.to, timeZone).slice(0, 10),
          })}
        </p>
        <dl className={styles.totals}>
          {TOTALS.map((key) => (
            <div key={key} className={styles.total}>
              <dt>{t(`statement.totals.${key}`)}</dt>
              <dd>{truncateMoney(statement[key])}</dd>
            </div>
          ))}
          <div className={`${styles.total} ${styles.netTotal}`}>
            <dt>
              {t('statement.totals.net')}（{t('statement.netHint')}）
            </dt>
            <dd className={signedClass(statement.net)}>{truncateMoney(statement.net)}</dd>
          </div>
        </dl>
      </section>
      {quiet || statement.months.length === 0 ? (
        <EmptyState description={t('statement.empty')} />
      ) : (
        <section className={styles.card} aria-labelledby="statement-months">
          <h2 id="statement-months" className={styles.cardTitle}>
            {t('statement.months')}
          </h2>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('statement.month')}</th>
                  {TOTALS.map((key) => (
                    <th key={key} scope="col">
                      {t(`statement.totals.${key}`)}
                    </th>
                  ))}
                  <th scope="col">{t('statement.totals.net')}</th>
                </tr>
              </thead>
              <tbody>
                {statement.months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{month.month}</th>
                    {TOTALS.map((key) => (
                      <td key={key}>{truncateMoney(month[key])}</td>
                    ))}
                    <td className={signedClass(month.net)}>{truncateMoney(month.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}

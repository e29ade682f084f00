import { DATE_PRESETS, type DatePreset, type RecordType, type WalletRecord } from '@jinb/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Tabs, Tag } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import {
  accountLabel,
  codeLabel,
  money,
  PRESETS,
  reversed,
  STATE_COLOR,
  signedMoney,
  TYPE_TABS,
} from '../record-labels';
import { recordFilters, recordsQuery, venueNamesQuery } from '../records.api';
import '../records.locale';
import styles from '../records.module.css';

const ALL_TYPES = 'all';

/**
 * The type in the URL when the page has a tab for it. Read from the tabs rather than the contract's list, which
 * would load as a chunk of its own with this first screen.
 */
function readType(value: string | null): RecordType | '' {
  return TYPE_TABS.find((tab) => tab.value === value)?.value ?? '';
}

function readPreset(value: string | null): DatePreset {
  const parsed = Number(value);
  return value !== null && (DATE_PRESETS as readonly number[]).includes(parsed) ? (parsed as DatePreset) : -1;
}

export default function TransactionRecordPage() {
  const { t } = useTranslation('records');
  const current = useCurrentUser();
  // Filters are kept in the URL too, so coming back from a detail page shows the same list. State is the source
  // of truth: two quick taps (type, then date) must both stick even before the URL has caught up.
  const [params, setParams] = useSearchParams();
  const [type, setType] = useState(() => readType(params.get('type')));
  const [preset, setPreset] = useState(() => readPreset(params.get('preset')));
  const timeZone = usePlatformTimeZone();
  const filters = useMemo(() => recordFilters(type, preset, timeZone), [type, preset, timeZone]);
  const records = useInfiniteQuery(recordsQuery(current.user?.id ?? '', filters));
  const venueNames = useQuery({ ...venueNamesQuery, enabled: current.user !== null });

  useEffect(() => {
    const next = new URLSearchParams();
    if (type) next.set('type', type);
    if (preset !== -1) next.set('preset', String(preset));
    setParams(next, { replace: true });
  }, [type, preset, setParams]);

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader title={t('title')} fallback={paths.center} />
        <div className={styles.filters}>
          <Tabs
            activeKey={type || ALL_TYPES}
            onChange={(key) => setType(readType(key))}
            className={styles.typeTabs}
            activeLineMode="fixed"
            aria-label={t('typeFilter')}
          >
            {TYPE_TABS.map((tab) => (
              <Tabs.Tab key={tab.value || ALL_TYPES} title={t(`types.${tab.label}`)} />
            ))}
          </Tabs>
          <fieldset className={styles.presets}>
            <legend className="visually-hidden">{t('dateFilter')}</legend>
            {PRESETS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={option.value === preset}
                className={option.value === preset ? styles.presetActive : styles.preset}
                onClick={() => setPreset(option.value)}
              >
                {t(`presets.${option.label}`)}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'loading' && <LoadingState minHeight={320} />}
      {current.status === 'ready' && (
        <div className={styles.list}>
          <PagedList
            query={records}
            itemKey={(record) => record.id}
            renderItem={(record) => <RecordRow record={record} timeZone={timeZone} venueNames={venueNames.data} />}
            emptyText={preset === -1 ? t('empty') : t('emptyFiltered')}
          />
        </div>
      )}
    </div>
  );
}

function RecordRow({
  record,
  timeZone,
  venueNames,
}: {
  record: WalletRecord;
  timeZone: string;
  venueNames?: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('records');
  const amount = signedMoney(record.amount);
  const tone = reversed(record.state) ? styles.reversed : styles[amount.direction];
  return (
    <Link to={`${paths.transactionDetail}?id=${encodeURIComponent(record.id)}`} className={styles.row}>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>
          <span>{codeLabel(record.code, record.type, t)}</span>
          {record.account !== 'main' && (
            <span className={styles.rowAccount}>{accountLabel(record.account, t, venueNames)}</span>
          )}
          <Tag color={STATE_COLOR[record.state]} fill="outline" className={styles.state}>
            {t(`states.${record.state}`)}
          </Tag>
        </span>
        <span className={styles.rowSub}>{record.orderNo}</span>
        <span className={styles.rowSub}>
          <time dateTime={record.createdAt}>{platformDateTime(record.createdAt, timeZone)}</time>
        </span>
      </span>
      <span className={styles.rowSide}>
        <span className={tone}>{amount.text}</span>
        <span className={styles.rowSub}>{t('balanceAfterShort', { amount: money(record.balanceAfter) })}</span>
      </span>
    </Link>
  );
}

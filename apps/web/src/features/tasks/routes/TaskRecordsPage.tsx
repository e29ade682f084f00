import { DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset, type RewardGrantView } from '@jinb/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { taskRecordsQuery } from '../tasks.api';
import { money } from '../tasks-format';
import '../tasks.locale';
import styles from '../tasks.module.css';

export default function TaskRecordsPage() {
  const { t } = useTranslation('tasks');
  const [preset, setPreset] = useState<DatePreset>(-1);
  const records = useInfiniteQuery(taskRecordsQuery(preset));
  const timeZone = usePlatformTimeZone();

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader title={t('records')} fallback={paths.task} />
        <fieldset className={styles.presets}>
          <legend className="visually-hidden">{t('dateFilter')}</legend>
          {DATE_PRESETS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === preset}
              className={option === preset ? styles.presetActive : styles.preset}
              onClick={() => setPreset(option)}
            >
              {t(`presets.${DATE_PRESET_LABELS[option]}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={styles.recordList}>
        <PagedList
          query={records}
          itemKey={(record) => record.id}
          renderItem={(record) => <RecordRow record={record} timeZone={timeZone} />}
          emptyText={preset === -1 ? t('recordsEmpty') : t('recordsEmptyFiltered')}
        />
      </div>
    </div>
  );
}

function RecordRow({ record, timeZone }: { record: RewardGrantView; timeZone: string }) {
  const { t } = useTranslation('tasks');
  const title =
    record.programme === 'task_points'
      ? t('recordChest', { threshold: record.detail.threshold ?? '' })
      : record.programme === 'signin'
        ? t('recordSignin', { streak: record.detail.streak ?? '' })
        : String(record.detail.title ?? t('programmes.task'));
  return (
    <div className={styles.record} data-testid="task-record">
      <span className={styles.recordMain}>
        <span className={styles.recordTitle}>{title}</span>
        <span className={styles.recordSub}>{t(`programmes.${record.programme}`, { defaultValue: '' })}</span>
        <span className={styles.recordSub}>
          <time dateTime={record.createdAt}>{platformDateTime(record.createdAt, timeZone)}</time>
        </span>
      </span>
      <span className={styles.recordSide}>
        <span className={styles.recordAmount}>+{money(record.amount)}</span>
        {Number(record.turnoverRequired) > 0 && (
          <span className={styles.recordSub}>{t('turnover', { amount: money(record.turnoverRequired) })}</span>
        )}
      </span>
    </div>
  );
}

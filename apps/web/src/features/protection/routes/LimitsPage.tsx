import { type LimitChange, type LimitKey, type LimitsView, REALITY_MINUTES_CHOICES } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { LimitRow } from '../components/LimitRow';
import { LimitSheet } from '../components/LimitSheet';
import { limitsQuery, useUpdateLimits } from '../protection.api';
import '../protection.locale';
import styles from '../protection.module.css';

const GROUPS = [
  { name: 'deposit', keys: ['depositDay', 'depositWeek', 'depositMonth'] },
  { name: 'loss', keys: ['lossDay', 'lossWeek', 'lossMonth'] },
  { name: 'stake', keys: ['stakeMax'] },
  { name: 'session', keys: ['sessionMinutes'] },
] as const satisfies ReadonlyArray<{ name: string; keys: readonly LimitKey[] }>;

/** /setting/limits: every limit with what is in force, the periods' usage, raises waiting, and the reality check. */
export default function LimitsPage() {
  const { t } = useTranslation('protection');
  const limits = useQuery(limitsQuery);
  const [editing, setEditing] = useState<LimitKey | null>(null);
  const [changes, setChanges] = useState<LimitChange[]>([]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('limits.title')} fallback={paths.protection} />
      <PullRefresh onRefresh={() => limits.refetch()}>
        <p className={styles.intro}>{t('limits.rule')}</p>
        <ChangesNotice changes={changes} />
        {limits.isPending ? (
          <LoadingState />
        ) : limits.isError ? (
          <ErrorState message={limits.error.message} onRetry={() => void limits.refetch()} />
        ) : (
          <>
            {GROUPS.map((group) => (
              <section key={group.name} className={styles.card} aria-labelledby={`group-${group.name}`}>
                <h2 id={`group-${group.name}`} className={styles.cardTitle}>
                  {t(`limits.groups.${group.name}`)}
                </h2>
                {group.name === 'loss' && <p className={styles.hint}>{t('limits.lossHint')}</p>}
                <div style={{ marginTop: 10 }}>
                  {group.keys.map((key) => (
                    <LimitRow key={key} limitKey={key} view={limits.data} onEdit={setEditing} />
                  ))}
                </div>
              </section>
            ))}
            <RealityCheck view={limits.data} onChanged={setChanges} />
            <LimitSheet
              limitKey={editing}
              view={limits.data}
              onClose={() => setEditing(null)}
              onChanged={(result) => setChanges(result.changes)}
            />
          </>
        )}
      </PullRefresh>
    </div>
  );
}

/** What the last change did, key by key: in force now, or confirmable from a time. */
function ChangesNotice({ changes }: { changes: LimitChange[] }) {
  const { t } = useTranslation('protection');
  const timeZone = usePlatformTimeZone();
  if (changes.length === 0) return null;
  return (
    <div className={styles.notice} role="status">
      <ul>
        {changes.map((change) => (
          <li key={change.key}>
            {t(`limits.changes.${change.status}`, {
              name: t(`limits.keys.${change.key}`),
              at: platformDateTime(change.effectiveAt, timeZone),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The reality check's interval: a change applies at once (it is a reminder, not a limit). */
function RealityCheck({ view, onChanged }: { view: LimitsView; onChanged: (changes: LimitChange[]) => void }) {
  const { t } = useTranslation('protection');
  const update = useUpdateLimits();
  const choices: Array<number | null> = [null, ...REALITY_MINUTES_CHOICES];
  const current = update.isPending ? (update.variables.realityMinutes ?? null) : view.realityMinutes;
  return (
    <section className={styles.card} aria-labelledby="group-reality">
      <h2 id="group-reality" className={styles.cardTitle}>
        {t('limits.groups.reality')}
      </h2>
      <p className={styles.hint}>{t('limits.realityHint')}</p>
      <div className={styles.choices}>
        {choices.map((minutes) => {
          const selected = minutes === null ? current === null || current === '' : Number(current) === minutes;
          return (
            <button
              key={minutes ?? 'off'}
              type="button"
              aria-pressed={selected}
              className={styles.choice}
              disabled={update.isPending}
              onClick={() => {
                if (selected) return;
                update.mutate(
                  { realityMinutes: minutes ?? '' },
                  { onSuccess: (result) => onChanged(result.changes), onError: showError },
                );
              }}
            >
              {minutes === null ? t('limits.realityOff') : t('limits.realityEvery', { count: minutes })}
            </button>
          );
        })}
      </div>
    </section>
  );
}

import { type ExclusionKind, type ExclusionView, SELF_EXCLUSION_DAYS } from '@jinb/contract';
import { Button, Dialog, Input } from 'antd-mobile';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { errorMessage } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useExclusion } from '../protection.api';
import '../protection.locale';
import styles from '../protection.module.css';

/** A time-out's choices in days: 24 hours, 7 days, 30 days, 6 weeks (the contract allows 1-42). */
const TIMEOUT_CHOICES = [1, 7, 30, 42] as const;

type Choice = { kind: ExclusionKind; days: number };

/**
 * /setting/exclusion: a time-out or self-exclusion. What happens is said before anything is chosen; the sign-in
 * password confirms it; on success the server has ended every session, so this one is cleared here and the member
 * lands on the login page with the end date in front of them.
 */
export default function ExclusionPage() {
  const { t } = useTranslation('protection');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.page}>
      <PageHeader title={t('exclusion.title')} fallback={paths.protection} />
      {confirming && choice ? (
        <ConfirmStep choice={choice} onBack={() => setConfirming(false)} />
      ) : (
        <ChooseStep choice={choice} onChoose={setChoice} onNext={() => setConfirming(true)} />
      )}
    </div>
  );
}

function useDurationName() {
  const { t } = useTranslation('protection');
  return (days: number) => t(`exclusion.durations.d${days}`);
}

function ChooseStep({
  choice,
  onChoose,
  onNext,
}: {
  choice: Choice | null;
  onChoose: (choice: Choice) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('protection');
  const duration = useDurationName();
  const effects = t('exclusion.effects', { returnObjects: true }) as string[];
  const group = (kind: ExclusionKind, days: readonly number[]) => (
    <section className={styles.card} aria-labelledby={`kind-${kind}`}>
      <h2 id={`kind-${kind}`} className={styles.cardTitle}>
        {t(`exclusion.${kind}`)}
      </h2>
      <p className={styles.hint}>{t(`exclusion.${kind}Hint`)}</p>
      <div className={styles.choices}>
        {days.map((value) => {
          const selected = choice?.kind === kind && choice.days === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={selected}
              className={styles.choice}
              onClick={() => onChoose({ kind, days: value })}
            >
              {duration(value)}
            </button>
          );
        })}
      </div>
    </section>
  );
  return (
    <>
      <section className={styles.card} aria-labelledby="what-happens">
        <h2 id="what-happens" className={styles.cardTitle}>
          {t('exclusion.whatHappens')}
        </h2>
        <ul className={styles.effects}>
          {effects.map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
      </section>
      {group('timeout', TIMEOUT_CHOICES)}
      {group('self', SELF_EXCLUSION_DAYS)}
      <div className={styles.actions}>
        <Button block color="primary" size="large" shape="rounded" disabled={!choice} onClick={onNext}>
          {choice ? t('exclusion.next') : t('exclusion.choose')}
        </Button>
      </div>
    </>
  );
}

function ConfirmStep({ choice, onBack }: { choice: Choice; onBack: () => void }) {
  const { t } = useTranslation('protection');
  const duration = useDurationName();
  const exclusion = useExclusion();
  const navigate = useNavigate();
  const timeZone = usePlatformTimeZone();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kindName = t(`exclusion.${choice.kind}`);

  const finish = async (view: ExclusionView) => {
    void Dialog.alert({
      title: t('exclusion.doneTitle', { kind: kindName }),
      content: (
        <div>
          <p className={styles.doneUntil}>
            {view.until === null
              ? t('exclusion.permanent')
              : t('exclusion.until', { until: platformDateTime(view.until, timeZone) })}
          </p>
          <p className={styles.hint}>{t('exclusion.doneText')}</p>
        </div>
      ),
      confirmText: t('exclusion.toLogin'),
    });
    // The server has ended every session of the member: drop the token as an ended session does (the query cache
    // goes with it), then go to the login page, which would send a member still holding a token straight home.
    useSession.getState().logout();
    await navigate(paths.login, { replace: true });
  };

  const submit = () => {
    if (!password) {
      setProblem(t('exclusion.passwordRequired'));
      return;
    }
    exclusion.mutate(
      { ...choice, password },
      {
        onSuccess: (view) => void finish(view),
        onError: (error) => {
          setProblem(errorMessage(error));
          setPassword('');
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section className={styles.card} aria-labelledby="confirm-title">
        <h2 id="confirm-title" className={styles.cardTitle}>
          {t('exclusion.confirmTitle', { kind: kindName, duration: duration(choice.days) })}
        </h2>
        <p className={styles.warning}>{t('exclusion.confirmText')}</p>
        <label className={styles.field} htmlFor={passwordId}>
          <span className="visually-hidden">{t('exclusion.password')}</span>
          <Input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            placeholder={t('exclusion.passwordPlaceholder')}
            value={password}
            onChange={(value) => {
              setProblem(null);
              setPassword(value);
            }}
          />
        </label>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </section>
      <div className={styles.actions}>
        <Button block type="submit" color="danger" size="large" shape="rounded" loading={exclusion.isPending}>
          {t('exclusion.submit')}
        </Button>
        <Button block size="large" shape="rounded" disabled={exclusion.isPending} onClick={onBack}>
          {t('exclusion.back')}
        </Button>
      </div>
    </form>
  );
}

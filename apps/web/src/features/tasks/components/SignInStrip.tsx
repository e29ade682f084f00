import type { TaskContent } from '@jinb/contract';
import { Button } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from '../tasks.module.css';
import { money } from '../tasks-format';

/** The week of sign-in rewards, where the streak stands, and the sign-in button. */
export function SignInStrip({
  signin,
  busy,
  onSignIn,
}: {
  signin: TaskContent['signin'];
  busy: boolean;
  onSignIn: () => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <section className={styles.signin} aria-label={t('signin')}>
      <div className={styles.signinHead}>
        <h2 className={styles.sectionTitle}>{t('signin')}</h2>
        <span className={styles.signinStreak}>
          {signin.streak > 0 ? t('signinStreak', { count: signin.streak }) : t('signinNone')}
        </span>
      </div>
      <ol className={styles.days}>
        {signin.days.map((day) => (
          <li
            key={day.day}
            className={styles[`day_${day.state}`]}
            aria-current={day.state === 'today' ? 'date' : undefined}
          >
            <span className={styles.dayName}>{t('signinDay', { day: day.day })}</span>
            <span className={styles.dayMark}>{day.state === 'signed' ? <CheckOutline /> : money(day.reward)}</span>
          </li>
        ))}
      </ol>
      <Button
        block
        shape="rounded"
        color="primary"
        disabled={signin.signedToday}
        loading={busy}
        onClick={onSignIn}
        className={styles.signinButton}
      >
        {signin.signedToday ? t('signinDone') : t('signinNow')}
      </Button>
    </section>
  );
}

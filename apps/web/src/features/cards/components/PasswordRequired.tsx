import { LockOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import '../cards.locale';
import styles from '../cards.module.css';
import '../../../shared/forms/forms.locale';

/** Spec: a withdraw account can only be added once the withdraw password is set; this says so and leads there. */
export function PasswordRequired() {
  const { t } = useTranslation('cards');
  return (
    <section className={styles.passwordRequired} role="alert">
      <span className={styles.passwordRequiredIcon} aria-hidden>
        <LockOutline />
      </span>
      <p>{t('WITHDRAW_PASSWORD_NOT_SET', { ns: 'errors' })}</p>
      <Link to={paths.withdrawPassword} className={styles.primaryLink}>
        {t('goSetPassword')}
      </Link>
    </section>
  );
}

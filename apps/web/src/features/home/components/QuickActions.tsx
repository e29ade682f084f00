import { LoopOutline, PayCircleOutline, ReceivePaymentOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import styles from './QuickActions.module.css';

const ACTIONS = [
  { key: 'deposit', to: paths.deposit, Icon: ReceivePaymentOutline, tone: styles.deposit },
  { key: 'withdraw', to: paths.withdraw, Icon: PayCircleOutline, tone: styles.withdraw },
  { key: 'transfer', to: paths.transfer, Icon: LoopOutline, tone: styles.transfer },
] as const;

/** The wallet's three everyday moves, one tap from the home page; visitors see nothing until they sign in. */
export function QuickActions() {
  const { t } = useTranslation('home');
  const loggedIn = useSession(selectIsLoggedIn);
  if (!loggedIn) return null;

  return (
    <nav className={styles.bar} aria-label={t('quickActions')}>
      {ACTIONS.map(({ key, to, Icon, tone }) => (
        <Link key={key} to={to} className={styles.action}>
          <span className={`${styles.icon} ${tone}`} aria-hidden>
            <Icon />
          </span>
          <span className={styles.label}>{t(`quick.${key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

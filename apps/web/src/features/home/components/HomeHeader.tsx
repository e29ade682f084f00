import { truncateMoney } from '@jinb/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ASSET_VERSION, CURRENCY_SYMBOL } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { refreshBalance, useBalance } from '../../../shared/session/session.queries';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import styles from './HomeHeader.module.css';

/** The balance's live pushes, loaded after the first screen. */
const BalanceLive = lazy(() => import('../../../shared/realtime/BalanceLive'));

/** Brand on the left; sign-in buttons for visitors, the wallet balance for members. */
export function HomeHeader() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const loggedIn = useSession(selectIsLoggedIn);
  const balance = useBalance();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const reloadBalance = async () => {
    setRefreshing(true);
    try {
      await refreshBalance(queryClient, true);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <img src={`/logo.svg?${ASSET_VERSION}`} width={32} height={32} alt="" />
        <h1 className={styles.name}>{t('appName', { ns: 'common' })}</h1>
      </div>
      {loggedIn ? (
        <button
          type="button"
          className={styles.balance}
          onClick={reloadBalance}
          disabled={refreshing}
          aria-label={t('refreshBalance')}
        >
          <span className={styles.balanceLabel}>{t('balance')}</span>
          <span className={styles.balanceAmount} data-testid="home-balance">
            {balance ? `${balance.symbol || CURRENCY_SYMBOL} ${truncateMoney(balance.balance)}` : '--'}
          </span>
          <RedoOutline className={refreshing ? styles.spinning : undefined} aria-hidden />
          <Suspense fallback={null}>
            <BalanceLive />
          </Suspense>
        </button>
      ) : (
        <div className={styles.actions}>
          <Button size="small" shape="rounded" className={styles.login} onClick={() => navigate(paths.login)}>
            {t('login')}
          </Button>
          <Button size="small" shape="rounded" className={styles.register} onClick={() => navigate(paths.register)}>
            {t('register')}
          </Button>
        </div>
      )}
    </header>
  );
}

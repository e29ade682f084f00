import { truncateMoney } from '@jinb/money';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from 'antd-mobile';
import { RedoOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CURRENCY_SYMBOL } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { refreshBalance, useBalance, useUnread } from '../../../shared/session/session.queries';
import { ErrorState } from '../../../shared/ui/states';
import '../account.locale';
import type { CurrentUser } from '../../../shared/session/use-current-user';
import styles from '../account.module.css';

/** The balance's live pushes, loaded after the first screen. */
const BalanceLive = lazy(() => import('../../../shared/realtime/BalanceLive'));

/** Who is signed in, their VIP level, balance and unread messages. */
export function MemberCard({ current }: { current: CurrentUser }) {
  const { t } = useTranslation('account');
  const balance = useBalance();
  const unread = useUnread();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const reloadBalance = async () => {
    setRefreshing(true);
    await refreshBalance(queryClient, true);
    setRefreshing(false);
  };

  if (current.status === 'error') {
    return (
      <section className={styles.hero}>
        <ErrorState onRetry={current.reload} />
      </section>
    );
  }

  const user = current.user;
  return (
    <section className={styles.hero} aria-busy={current.status === 'loading'}>
      <Suspense fallback={null}>
        <BalanceLive />
      </Suspense>
      <Link to={paths.personalInfo} className={styles.profile}>
        <Avatar src={user?.avatar ?? ''} className={styles.avatar} alt={t('avatarAlt')} />
        <div className={styles.identity}>
          <div className={styles.accountLine}>
            <span className={styles.accountName}>{user?.account ?? '\u00a0'}</span>
            {user && <span className={styles.vip}>{t('vipLevel', { level: user.vipLevel })}</span>}
          </div>
          <div className={styles.nickname}>
            {user ? (user.nickname ? t('nicknameLabel', { nickname: user.nickname }) : t('noNickname')) : '\u00a0'}
          </div>
        </div>
        <RightOutline className={styles.chevron} aria-hidden />
      </Link>
      <div className={styles.stats}>
        <div>
          <div className={styles.statLabel}>
            <span id="center-balance-label">{t('balance')}</span>
            <button
              type="button"
              className={styles.refresh}
              onClick={reloadBalance}
              disabled={refreshing}
              aria-label={t('refreshBalance')}
            >
              <RedoOutline className={refreshing ? styles.spinning : undefined} aria-hidden />
            </button>
          </div>
          <div className={styles.statValue} aria-labelledby="center-balance-label" role="status">
            {balance ? `${balance.symbol || CURRENCY_SYMBOL}${truncateMoney(balance.balance)}` : '--'}
          </div>
        </div>
        <div>
          <div className={styles.statLabel} style={{ justifyContent: 'flex-end' }}>
            {t('unread')}
          </div>
          <div className={styles.statValueSmall}>
            <span className={unread > 0 ? styles.unreadCount : undefined}>{unread > 99 ? '99+' : unread}</span>
          </div>
        </div>
      </div>
    </section>
  );
}

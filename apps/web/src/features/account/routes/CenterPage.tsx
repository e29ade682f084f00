import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { refreshBalance, refreshMember, refreshUnread } from '../../../shared/session/session.queries';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import '../account.locale';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import styles from '../account.module.css';
import { centerEntries } from '../center-entries';
import { CenterEntries } from '../components/CenterEntries';
import { MemberCard } from '../components/MemberCard';
import { useLogout } from '../hooks/use-logout';

/** 我的: the member's card and features, or an invitation to sign in. */
export default function CenterPage() {
  const { t } = useTranslation('account');
  const loggedIn = useSession(selectIsLoggedIn);
  return (
    <div className={styles.page}>
      <PageHeader title={t('center')} noBack />
      {loggedIn ? <MemberCenter /> : <GuestCenter />}
    </div>
  );
}

/** What a visitor may open from 我的 without signing in. */
const publicEntries = centerEntries.filter((entry) => entry.public);

function GuestCenter() {
  const { t } = useTranslation('account');
  const back = `?redirect=${encodeURIComponent(paths.center)}`;
  return (
    <>
      <section className={`${styles.hero} ${styles.guestHero}`}>
        <Avatar src="" className={styles.guestAvatar} />
        <h2 className={styles.guestTitle}>{t('guestTitle')}</h2>
        <p className={styles.guestHint}>{t('guestHint')}</p>
        <div className={styles.guestActions}>
          <Link to={`${paths.login}${back}`} className={styles.primaryLink}>
            {t('login')}
          </Link>
          <Link to={`${paths.register}${back}`} className={styles.secondaryLink}>
            {t('register')}
          </Link>
        </div>
      </section>
      <CenterEntries entries={publicEntries} />
    </>
  );
}

function MemberCenter() {
  const { t } = useTranslation('account');
  const current = useCurrentUser();
  const { pending, confirmLogout } = useLogout();

  const queryClient = useQueryClient();

  // The balance and unread count load with the card (when older than 30 s); pulling down asks for all of it now.
  const refreshAll = () =>
    Promise.all([
      refreshMember(queryClient, true),
      refreshBalance(queryClient, true),
      refreshUnread(queryClient, true),
    ]);

  return (
    <PullRefresh onRefresh={refreshAll}>
      <MemberCard current={current} />
      <CenterEntries />
      <Button className={styles.logout} size="large" shape="rounded" loading={pending} onClick={confirmLogout}>
        {t('logout')}
      </Button>
    </PullRefresh>
  );
}

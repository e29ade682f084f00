import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { LevelCard } from '../components/LevelCard';
import { LevelPrivileges } from '../components/LevelPrivileges';
import { vipsQuery } from '../vip.api';
import '../vip.locale';
import styles from '../vip.module.css';

/**
 * /user/vip/privilege: the member's level card (progress to the next level, this month's keep requirement) and every
 * level's privileges side by side. A visitor sees the levels and is asked to sign in for the card.
 */
export default function VipPrivilegePage() {
  const { t } = useTranslation('vip');
  const { pathname } = useLocation();
  const signedIn = useSession(selectIsLoggedIn);
  const vips = useQuery(vipsQuery(signedIn));

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.center} />
      {vips.isPending && <LoadingState minHeight={320} />}
      {vips.isError && !vips.data && <ErrorState message={vips.error.message} onRetry={() => void vips.refetch()} />}
      {vips.data && (
        <PullRefresh onRefresh={() => vips.refetch()}>
          <div className={styles.body}>
            {vips.data.member ? (
              <LevelCard standing={vips.data.member} detailLink />
            ) : (
              <section className={styles.visitor}>
                <span className={styles.badge} aria-hidden>
                  VIP
                </span>
                <p>{t('visitor.prompt')}</p>
                <Link className={styles.signIn} to={`${paths.login}?redirect=${encodeURIComponent(pathname)}`}>
                  {t('visitor.signIn')}
                </Link>
              </section>
            )}
            <LevelPrivileges levels={vips.data.levels} mine={vips.data.level} />
          </div>
        </PullRefresh>
      )}
    </div>
  );
}

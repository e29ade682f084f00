import { sportsbookEntry } from '@jinb/contract';
import { Button } from 'antd-mobile';
import { Navigate, useMatch, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState } from '../../../shared/ui/states';
import '../sports.locale';
import styles from '../sports.module.css';

/** Where a lobby entry of our sportsbook opens: the sports home, on the entry's sport when it names one. */
export function sportsbookPath(title: string, gtype: string): string | null {
  const entry = sportsbookEntry({ name: title, gtype });
  if (!entry) return null;
  return entry.sport ? `${paths.sports}?sport=${entry.sport}` : paths.sports;
}

/**
 * The spec's game route, /games/:id/:title/:code/:gtype. Our own sportsbook's entries open the sportsbook in place
 * of this page; every other game says it is coming (the casino issue launches them here).
 */
export default function GameLaunchPage() {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const { title = '', gtype = '' } = useMatch(paths.game)?.params ?? {};
  const target = sportsbookPath(title, gtype);
  if (target) return <Navigate to={target} replace />;
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.home} />
      <div className={styles.notFound}>
        <EmptyState description={t('comingSoon', { name: title })} />
        <Button color="primary" shape="rounded" onClick={() => navigate(paths.home, { replace: true })}>
          {t('backHome')}
        </Button>
      </div>
    </div>
  );
}

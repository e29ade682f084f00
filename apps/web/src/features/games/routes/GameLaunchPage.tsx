import { type GameLaunch, sportsbookEntry } from '@jinb/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, SpinLoading } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useMatch, useNavigate } from 'react-router';
import { ApiError, post } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { OpenGames } from '../components/OpenGames';
import '../games.locale';
import styles from '../games.module.css';

/** Where a lobby entry of our sportsbook opens: the sports home, on the entry's sport when it names one. */
export function sportsbookPath(title: string, gtype: string): string | null {
  const entry = sportsbookEntry({ name: title, gtype });
  if (!entry) return null;
  return entry.sport ? `${paths.sports}?sport=${entry.sport}` : paths.sports;
}

/**
 * The spec's game route, /games/:id/:title/:code/:gtype. Our sportsbook's entries open the sports pages straight away
 * (prices are public); any other game is launched by the server (`gameLaunch`): our own tables answer a site path,
 * opened in place of this page; an external vendor answers its launch URL, played full screen in a frame under a
 * slim bar whose back button leads to /app/venueBack (which brings the money back).
 */
export default function GameLaunchPage() {
  const { id = '', title = '', gtype = '' } = useMatch(paths.game)?.params ?? {};
  const { pathname } = useLocation();
  const signedIn = useSession(selectIsLoggedIn);
  const sports = sportsbookPath(title, gtype);
  if (sports) return <Navigate to={sports} replace />;
  if (!signedIn) return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(pathname)}`} replace />;
  // Keyed: another game opened from this page (the list below a game that does not open) is a new launch.
  return <Launch key={id} id={id} title={title} />;
}

function Launch({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const launch = useMutation({ mutationFn: () => post('gameLaunch', { body: { id } }) });
  const asked = useRef(false);

  // Once per visit: a launch may move money (auto transfer), so a re-render must not ask again.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    launch.mutate();
  }, [launch]);

  if (launch.isError) {
    const error = launch.error;
    // Nothing serves this game (or there is no such game): retrying cannot help, so offer the games that open.
    const closed = error instanceof ApiError && (error.code === 'GAME_UNAVAILABLE' || error.code === 'GAME_UNKNOWN');
    return (
      <div className={styles.page}>
        <PageHeader title={title} fallback={paths.home} />
        <div className={styles.center}>
          {closed ? (
            <EmptyState
              description={
                error.code === 'GAME_UNKNOWN' ? t('unknown', { name: title }) : t('unavailable', { name: title })
              }
            />
          ) : (
            <ErrorState message={error.message} onRetry={() => launch.mutate()} />
          )}
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.home, { replace: true })}>
            {t('backHome')}
          </Button>
        </div>
        {closed && <OpenGames except={id} />}
      </div>
    );
  }
  if (!launch.data) {
    return (
      <div className={styles.page}>
        <PageHeader title={title} fallback={paths.home} />
        <div className={styles.center} role="status">
          <SpinLoading color="primary" />
          <p className={styles.note}>{t('launching')}</p>
        </div>
      </div>
    );
  }
  if (launch.data.kind === 'site') return <Navigate to={launch.data.url} replace />;
  return <VendorFrame game={launch.data} title={title} />;
}

/** A vendor's game full screen; while it shows, the heartbeat says which game the member is in. */
function VendorFrame({ game, title }: { game: GameLaunch; title: string }) {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  useEffect(() => {
    useSession.getState().startGame(game.gameid, game.platform);
    return () => useSession.getState().clearGame();
  }, [game.gameid, game.platform]);
  return (
    <div className={styles.frameShell}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.barBack}
          onClick={() =>
            navigate(`${paths.venueBack}?platform=${encodeURIComponent(game.platform)}`, { replace: true })
          }
        >
          <LeftOutline aria-hidden />
          {t('back')}
        </button>
        <span className={styles.barTitle}>{title}</span>
        <span className={styles.barSpacer} aria-hidden />
      </div>
      <iframe
        className={styles.frame}
        src={game.url}
        title={t('frameTitle', { name: title })}
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}

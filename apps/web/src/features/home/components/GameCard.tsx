import type { Game } from '@jinb/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { showToast } from '../../../shared/ui/toast';
import styles from './GameCatalogue.module.css';

/**
 * The spec's game route for a catalogue entry: /games/:id/:title/:code/:gtype. Filled in here rather than with the
 * router's generatePath, which would join the code every first screen loads.
 */
export function gamePath(game: Game): string {
  const values: Record<string, unknown> = game;
  return paths.game.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(name === 'title' ? game.name : String(values[name])),
  );
}

/**
 * One game. A launchable one (our own sportsbook's entries, for now) opens through the spec's game route; the others
 * say they are coming soon (or under maintenance), and a tap explains that instead of opening anything.
 */
export function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation('home');
  const [iconBroken, setIconBroken] = useState(false);
  const launchable = game.playable && !game.maintenance;
  const badge = launchable ? '' : game.maintenance ? t('maintenance', { ns: 'common' }) : t('comingSoon');
  const face = (
    <>
      <span className={styles.icon}>
        {game.icon && !iconBroken ? (
          <img
            src={game.icon}
            alt=""
            width={72}
            height={72}
            loading="lazy"
            decoding="async"
            onError={() => setIconBroken(true)}
          />
        ) : (
          <span className={styles.initial} aria-hidden>
            {Array.from(game.name)[0] ?? ''}
          </span>
        )}
        {badge && (
          <span className={game.maintenance ? `${styles.badge} ${styles.badgeDown}` : styles.badge}>{badge}</span>
        )}
      </span>
      <span className={styles.name}>{game.name}</span>
    </>
  );

  if (launchable)
    return (
      <Link to={gamePath(game)} className={styles.card} aria-label={game.name}>
        {face}
      </Link>
    );
  return (
    <button
      type="button"
      className={game.maintenance ? `${styles.card} ${styles.down}` : styles.card}
      onClick={() => showToast({ content: game.maintenance ? t('maintenanceToast') : t('comingSoonToast') })}
      aria-label={`${game.name} ${badge}`}
    >
      {face}
    </button>
  );
}

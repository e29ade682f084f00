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
 * One game. A launchable one opens through the spec's game route; one under maintenance says so, and a tap explains
 * that instead of opening anything (the catalogue leaves out games that do neither).
 */
export function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation('home');
  const [iconBroken, setIconBroken] = useState(false);
  const launchable = game.playable && !game.maintenance;
  const badge = launchable ? '' : t('maintenance', { ns: 'common' });
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
        {badge && <span className={`${styles.badge} ${styles.badgeDown}`}>{badge}</span>}
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
      className={`${styles.card} ${styles.down}`}
      onClick={() => showToast({ content: t('maintenanceToast') })}
      aria-label={`${game.name} ${badge}`}
    >
      {face}
    </button>
  );
}

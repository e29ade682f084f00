import type { Game } from '@jinb/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showToast } from '../../../shared/ui/toast';
import styles from './GameCatalogue.module.css';

/**
 * One game. Launching arrives with the casino work, so every card says it is coming soon (or under maintenance)
 * and a tap explains that instead of opening anything.
 */
export function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation('home');
  const [iconBroken, setIconBroken] = useState(false);
  const badge = game.maintenance ? t('maintenance', { ns: 'common' }) : t('comingSoon');

  return (
    <button
      type="button"
      className={game.maintenance ? `${styles.card} ${styles.down}` : styles.card}
      onClick={() => showToast({ content: game.maintenance ? t('maintenanceToast') : t('comingSoonToast') })}
      aria-label={`${game.name} ${badge}`}
    >
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
        <span className={game.maintenance ? `${styles.badge} ${styles.badgeDown}` : styles.badge}>{badge}</span>
      </span>
      <span className={styles.name}>{game.name}</span>
    </button>
  );
}

import type { GameGroup } from '@jinb/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { GameCard } from './GameCard';
import styles from './GameCatalogue.module.css';

function GroupIcon({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return null;
  return <img src={src} alt="" width={20} height={20} onError={() => setBroken(true)} />;
}

/** Game groups as tabs (already in `sort` order), the chosen group's games as a grid of cards. */
export function GameCatalogue({ groups }: { groups: GameGroup[] }) {
  const { t } = useTranslation('home');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const active = groups.find((group) => group.id === chosenId) ?? groups[0];
  if (!active) return null;

  return (
    <section className={styles.catalogue} aria-label={t('games')}>
      <div className={styles.tabs} role="tablist" aria-label={t('games')}>
        {groups.map((group) => (
          <button
            key={group.id}
            type="button"
            role="tab"
            id={`game-tab-${group.id}`}
            aria-selected={group.id === active.id}
            aria-controls="game-panel"
            className={group.id === active.id ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => setChosenId(group.id)}
          >
            <GroupIcon src={group.icon} />
            {group.name}
          </button>
        ))}
      </div>
      <div id="game-panel" role="tabpanel" aria-labelledby={`game-tab-${active.id}`} className={styles.grid}>
        {active.games.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </div>
    </section>
  );
}

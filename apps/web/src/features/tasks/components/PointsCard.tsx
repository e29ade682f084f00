import type { TaskContent } from '@jinb/contract';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from '../tasks.module.css';
import { money } from '../tasks-format';

type Chest = TaskContent['chests'][number];

/** Today's activity points on a track with the chests at their thresholds; a reached chest opens with a tap. */
export function PointsCard({
  points,
  chests,
  opening,
  onOpen,
}: {
  points: number;
  chests: Chest[];
  opening: string | null;
  onOpen: (chest: Chest) => void;
}) {
  const { t } = useTranslation('tasks');
  const top = Math.max(1, ...chests.map((chest) => chest.threshold));
  return (
    <section className={styles.pointsCard} aria-label={t('chests')}>
      <div className={styles.pointsHead}>
        <span className={styles.pointsLabel}>{t('points')}</span>
        <strong className={styles.pointsValue} data-testid="task-points">
          {points}
        </strong>
      </div>
      <div className={styles.track}>
        <div className={styles.trackFill} style={{ width: `${Math.min(100, (points / top) * 100)}%` }} />
      </div>
      <ul className={styles.chests}>
        {chests.map((chest) => (
          <li key={chest.id} className={styles.chestItem}>
            <button
              type="button"
              className={styles[`chest_${chest.state}`]}
              disabled={chest.state !== 'ready' || opening === chest.id}
              onClick={() => onOpen(chest)}
              aria-label={`${t('chest', { threshold: chest.threshold })} ${t(`chestStates.${chest.state}`)}`}
            >
              <GiftOutline fontSize={22} />
              <span className={styles.chestReward}>{money(chest.reward)}</span>
            </button>
            <span className={styles.chestThreshold}>{chest.threshold}</span>
            <span className={styles.chestState}>{t(`chestStates.${chest.state}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { PromoSummary } from '@jinb/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from './PromoCard.module.css';
import { hasEnded, PromoPeriod } from './PromoPeriod';

export function PromoCard({ promo, onOpen }: { promo: PromoSummary; onOpen: (id: number) => void }) {
  const { t } = useTranslation('activity');
  const ended = hasEnded(promo);
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(promo.id)}>
      <span className={styles.cover}>
        {promo.image ? (
          <img src={promo.image} alt="" width={750} height={300} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.coverFallback} aria-hidden>
            {promo.title}
          </span>
        )}
        {ended && <span className={styles.ended}>{t('ended')}</span>}
      </span>
      <span className={styles.body}>
        <span className={styles.title}>{promo.title}</span>
        {promo.summary && <span className={styles.summary}>{promo.summary}</span>}
        <span className={styles.footer}>
          <PromoPeriod promo={promo} className={styles.period} />
          <span className={styles.more}>
            {t('details')}
            <RightOutline />
          </span>
        </span>
      </span>
    </button>
  );
}

import type { VipStanding } from '@jinb/contract';
import { formatCount, truncateMoney } from '@jinb/money';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import '../vip.locale';
import styles from '../vip.module.css';

/** A progress bar with its label, the figures and an accessible value. */
function Progress({
  label,
  value,
  target,
  percent,
}: {
  label: string;
  value: string;
  target: string;
  percent: number;
}) {
  const { t } = useTranslation('vip');
  return (
    <div className={styles.bar}>
      <div className={styles.barHead}>
        <span>{label}</span>
        <span>{t('card.progress', { value: formatCount(value), target: formatCount(target) })}</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.fill} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
      </div>
    </div>
  );
}

/** The member's level: badge, lifetime figures, progress to the next level, this month's keep requirement. */
export function LevelCard({ standing, detailLink }: { standing: VipStanding; detailLink?: boolean }) {
  const { t } = useTranslation('vip');
  const keepNeeded = Number(standing.month.keepTurnover) > 0;
  return (
    <section className={styles.card} aria-label={t('card.label')}>
      <div className={styles.cardHead}>
        <div>
          <p className={styles.cardLabel}>{t('card.label')}</p>
          <p className={styles.cardLevel}>{standing.name}</p>
        </div>
        <span className={styles.badge} aria-hidden>
          V{standing.level}
        </span>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t('card.lifetimeTurnover')}</dt>
          <dd>{truncateMoney(standing.turnover)}</dd>
        </div>
        <div>
          <dt>{t('card.lifetimeDeposits')}</dt>
          <dd>{truncateMoney(standing.deposits)}</dd>
        </div>
      </dl>
      <div className={styles.progressBlock}>
        {standing.next ? (
          <>
            <p className={styles.progressTitle}>{t('card.next', { name: standing.next.name })}</p>
            <Progress
              label={t('card.turnover')}
              value={standing.turnover}
              target={standing.next.turnover}
              percent={standing.next.turnoverPercent}
            />
            <Progress
              label={t('card.deposits')}
              value={standing.deposits}
              target={standing.next.deposits}
              percent={standing.next.depositsPercent}
            />
          </>
        ) : (
          <p className={styles.progressTitle}>{t('card.top')}</p>
        )}
      </div>
      <div className={styles.keep}>
        <span>
          {t('card.keepTitle')}：
          {keepNeeded
            ? t('card.keep', {
                value: formatCount(standing.month.turnover),
                target: formatCount(standing.month.keepTurnover),
              })
            : t('card.keepNone')}
        </span>
        {keepNeeded && (
          <span className={standing.month.kept ? styles.kept : styles.notKept}>
            {standing.month.kept ? t('card.kept') : t('card.notKept')}
          </span>
        )}
      </div>
      {detailLink && (
        <Link className={styles.cardLink} to={paths.vipDetail}>
          {t('toDetail')} ›
        </Link>
      )}
    </section>
  );
}

import { Button } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorState } from '../../../shared/ui/states';
import styles from './LoadStates.module.css';

/** Grey blocks in the shape of event rows while the first list loads, so nothing jumps when it arrives. */
export function EventListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className={styles.skeleton}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity, never reordered
        <div key={index} className={styles.row}>
          <span className={`${styles.bone} ${styles.short}`} />
          <span className={`${styles.bone} ${styles.team}`} />
          <span className={`${styles.bone} ${styles.team}`} />
          <span className={styles.prices}>
            <span className={`${styles.bone} ${styles.price}`} />
            <span className={`${styles.bone} ${styles.price}`} />
            <span className={`${styles.bone} ${styles.price}`} />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * Why the book could not be shown: under maintenance (the operator closed it for now; say so and offer a retry), or
 * a load that failed (the server's message and a retry).
 */
export function BookProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('sports');
  const { t: common } = useTranslation();
  if (error instanceof ApiError && error.code === 'MAINTENANCE') {
    return (
      <div role="alert" className={styles.maintenance}>
        <span className={styles.maintenanceIcon} aria-hidden>
          <SetOutline />
        </span>
        <p className={styles.maintenanceTitle}>{t('maintenance')}</p>
        <p className={styles.maintenanceText}>{t('maintenanceHint')}</p>
        <Button color="primary" size="small" shape="rounded" className={styles.retry} onClick={onRetry}>
          {common('retry')}
        </Button>
      </div>
    );
  }
  return <ErrorState message={error.message} onRetry={onRetry} />;
}

import { Button, DotLoading } from 'antd-mobile';
import { FileOutline, FrownOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import styles from './states.module.css';

/** Centered spinner for a page or block that is still loading. */
export function LoadingState({ minHeight = 160 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={styles.loading} style={{ minHeight }}>
      <span>
        <DotLoading color="primary" /> {t('loading')}
      </span>
    </div>
  );
}

function StateBlock({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.block}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </div>
  );
}

/**
 * A load failed: the message from the server (already translated) and a retry button.
 * Drawn with an icon rather than antd-mobile's ErrorBlock illustrations, which would weigh on every first load.
 */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <StateBlock icon={<FrownOutline />} title={t('loadFailed')} description={message ?? t('tryAgain')}>
        {onRetry && (
          <Button color="primary" size="small" shape="rounded" className={styles.action} onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </StateBlock>
    </div>
  );
}

export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return <StateBlock icon={<FileOutline />} title={description ?? t('empty')} />;
}

import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Centered spinner for a page or block that is still loading. */
export function LoadingState({ minHeight = 160 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight, color: '#999' }}>
      <span>
        <DotLoading color="primary" /> {t('loading')}
      </span>
    </div>
  );
}

/** A load failed: the message from the server (already translated) and a retry button. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="disconnected" title={t('loadFailed')} description={message ?? t('tryAgain')}>
      {onRetry && (
        <Button color="primary" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </ErrorBlock>
  );
}

export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return <ErrorBlock status="empty" title={description ?? t('empty')} description="" />;
}

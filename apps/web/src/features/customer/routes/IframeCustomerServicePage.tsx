import { customerServiceLink } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { SITE_VARIANT } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { OtherSupport } from '../components/OtherSupport';
import { preInfoQuery } from '../customer.api';
import '../customer.locale';
import styles from './CustomerPage.module.css';

const ChatView = lazy(() => import('../chat/ChatView'));

/**
 * /iframeCustomerService: whichever support is set, full screen. The built-in chat when the desk is on; otherwise
 * the operator's external service link in a frame, by the spec's link rule (CUSTOM!name when signed in; the by
 * variant's WhatsApp).
 */
export default function IframeCustomerServicePage() {
  const { t } = useTranslation('customer');
  const token = useSession((state) => state.token);
  const info = useQuery(preInfoQuery(token));
  const loading = (
    <>
      <PageHeader title={t('heading')} fallback={paths.customer} />
      <LoadingState minHeight={320} />
    </>
  );

  if (info.isPending) return loading;
  if (info.isError)
    return (
      <>
        <PageHeader title={t('heading')} fallback={paths.customer} />
        <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />
      </>
    );
  if (info.data.supportDesk)
    return (
      <Suspense fallback={loading}>
        <ChatView fullScreen />
      </Suspense>
    );
  const link = customerServiceLink(info.data, SITE_VARIANT);
  return (
    <div className={styles.frameScreen}>
      <PageHeader
        title={t('heading')}
        fallback={paths.customer}
        right={
          link ? (
            <a className={styles.frameOpen} href={link} target="_blank" rel="noopener noreferrer">
              {t('openOutside')}
            </a>
          ) : undefined
        }
      />
      {link ? (
        <iframe
          className={styles.frame}
          src={link}
          title={t('frameTitle')}
          allow="camera; microphone; clipboard-write"
        />
      ) : (
        <div className={styles.body}>
          <OtherSupport />
        </div>
      )}
    </div>
  );
}

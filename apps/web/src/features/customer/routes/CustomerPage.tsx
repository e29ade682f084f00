import { customerServiceLink } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ClockCircleOutline, InformationCircleOutline, MessageFill } from 'antd-mobile-icons';
import { lazy, type ReactNode, Suspense } from 'react';
import { SITE_VARIANT } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { OtherSupport } from '../components/OtherSupport';
import { preInfoQuery } from '../customer.api';
import '../customer.locale';
import styles from './CustomerPage.module.css';

// The built-in chat is its own chunk: only a site with the desk on loads it, and the tab's prefetch stays small.
const ChatView = lazy(() => import('../chat/ChatView'));

export default function CustomerPage() {
  const { t } = useTranslation('customer');
  const token = useSession((state) => state.token);
  const info = useQuery(preInfoQuery(token));

  if (info.data?.supportDesk)
    return (
      <Suspense
        fallback={
          <>
            <PageHeader title={t('heading')} noBack />
            <LoadingState minHeight={320} />
          </>
        }
      >
        <ChatView />
      </Suspense>
    );

  let body: ReactNode;
  if (info.isPending) body = <LoadingState minHeight={320} />;
  else if (info.isError) body = <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />;
  else {
    const link = customerServiceLink(info.data, SITE_VARIANT);
    const openChat = () => {
      const opened = window.open(link, '_blank');
      // The chat page must not be able to steer this tab; a blocked pop-up (some in-app webviews) opens it here.
      if (opened) opened.opener = null;
      else window.location.assign(link);
    };
    body = (
      <div className={styles.body}>
        {link ? (
          <section className={styles.hero}>
            <span className={styles.heroIcon} aria-hidden>
              <MessageFill />
            </span>
            <h2 className={styles.heading}>{t('heading')}</h2>
            <p className={styles.subtitle}>{t('subtitle')}</p>
            <Button block color="primary" shape="rounded" size="large" className={styles.start} onClick={openChat}>
              {t('start')}
            </Button>
          </section>
        ) : (
          <OtherSupport />
        )}
        {link && (
          <section className={styles.card}>
            <h3 className={styles.cardTitle}>
              <ClockCircleOutline aria-hidden /> {t('hoursTitle')}
            </h3>
            <p className={styles.cardText}>{t('hours')}</p>
          </section>
        )}
        <section className={styles.card}>
          <h3 className={styles.cardTitle}>
            <InformationCircleOutline aria-hidden /> {t('tipsTitle')}
          </h3>
          <p className={styles.cardText}>{t('tips')}</p>
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} noBack />
      <PullRefresh onRefresh={() => info.refetch()}>{body}</PullRefresh>
    </>
  );
}

import type { Notice } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { refreshBalance } from '../../../shared/session/session.queries';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { BannerCarousel } from '../components/BannerCarousel';
import { GameCatalogue } from '../components/GameCatalogue';
import { HomeHeader } from '../components/HomeHeader';
import { NoticeTicker } from '../components/NoticeTicker';
import { QuickActions } from '../components/QuickActions';
import { gameCatalogueQuery, homeContentQuery } from '../home.api';
import '../home.locale';
import styles from './HomePage.module.css';

const NoticePopup = lazy(() => import('../components/NoticePopup'));

export default function HomePage() {
  const { t } = useTranslation('home');
  const content = useQuery(homeContentQuery());
  const catalogue = useQuery(gameCatalogueQuery());
  // The popup notices of the first content that arrives: a refresh does not reopen them. Which of them still show
  // (not dismissed today, not yet seen this visit) the popup's own chunk works out, with the platform's day.
  const [popups, setPopups] = useState<Notice[] | null>(null);
  useEffect(() => {
    if (content.data && popups === null) setPopups(content.data.notices.filter((notice) => notice.popup));
  }, [content.data, popups]);

  const queryClient = useQueryClient();

  // Coming back to the home tab shows a fresh balance: the header's balance query reloads when older than 30 s.
  const refresh = () => Promise.all([content.refetch(), catalogue.refetch(), refreshBalance(queryClient, true)]);

  return (
    <div className={styles.page}>
      <HomeHeader />
      <PullRefresh onRefresh={refresh}>
        <div className={styles.body}>
          {content.isPending ? (
            // Banner and notice bar keep their places while loading, so the catalogue below does not move.
            <>
              <div className={styles.bannerPlaceholder} aria-hidden />
              <div className={styles.noticePlaceholder} aria-hidden />
            </>
          ) : content.isError ? (
            <div className={styles.inlineError} role="alert">
              <span>{t('contentFailed')}</span>
              <Button size="mini" fill="outline" color="primary" onClick={() => void content.refetch()}>
                {t('retry', { ns: 'common' })}
              </Button>
            </div>
          ) : (
            <>
              {content.data.banners.length > 0 && <BannerCarousel banners={content.data.banners} />}
              {content.data.notices.length > 0 && <NoticeTicker notices={content.data.notices} />}
            </>
          )}

          <QuickActions />

          {catalogue.isPending ? (
            <LoadingState minHeight={240} />
          ) : catalogue.isError ? (
            <ErrorState message={catalogue.error.message} onRetry={() => void catalogue.refetch()} />
          ) : catalogue.data.length === 0 ? (
            <EmptyState description={t('noGames')} />
          ) : (
            <GameCatalogue groups={catalogue.data} />
          )}
        </div>
      </PullRefresh>
      {popups && popups.length > 0 && (
        <Suspense fallback={null}>
          <NoticePopup notices={popups} />
        </Suspense>
      )}
    </div>
  );
}

import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';

/**
 * The foot of a list that loads as the member scrolls: the next page when it comes into view, a failed page retried
 * in place, and the end of the list said plainly.
 */
export function LoadMore({ query }: { query: Pick<UseInfiniteQueryResult, 'fetchNextPage' | 'hasNextPage'> }) {
  const { t } = useTranslation();
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isFetchNextPageError) throw result.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
      {(hasMore, failed, retry) =>
        failed ? (
          <span role="alert">
            {t('loadFailed')}{' '}
            <Button size="mini" fill="outline" color="primary" onClick={retry}>
              {t('retry')}
            </Button>
          </span>
        ) : hasMore ? (
          <span>
            {t('loading')} <DotLoading />
          </span>
        ) : (
          <span>{t('noMore')}</span>
        )
      }
    </InfiniteScroll>
  );
}

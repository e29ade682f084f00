import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { formatDateTime } from '../../../shared/ui/format-date';
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { newestNewsQuery, newsDetailQuery } from '../find.api';
import '../find.locale';
import styles from './NewsDetailPage.module.css';

/**
 * /find/newsDetail?id=: one article. Without an id, or with one that is gone, the newest article shows under a note
 * leading to the list.
 */
export default function NewsDetailPage() {
  const { t } = useTranslation('find');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = Number(params.get('id'));
  const validId = Number.isInteger(requested) && requested > 0;
  const asked = useQuery(newsDetailQuery(validId ? requested : 0));
  const missing = !validId || (asked.error instanceof ApiError && asked.error.code === 'NOT_FOUND');
  const newest = useQuery({ ...newestNewsQuery(), enabled: missing });
  const id = missing ? (newest.data ?? 0) : requested;
  const detail = useQuery(newsDetailQuery(id));
  const none = missing && newest.isSuccess && newest.data === null;
  const failed = missing && newest.isError ? newest : detail.isError ? detail : null;

  let body: ReactNode;
  if (none) body = <EmptyState description={validId ? t('notFound') : t('empty')} />;
  else if (failed) body = <ErrorState message={failed.error?.message} onRetry={() => void failed.refetch()} />;
  else if (!detail.data) body = <LoadingState minHeight={320} />;
  else {
    const news = detail.data;
    body = (
      <article className={styles.article}>
        <h1 className={styles.title}>{news.title}</h1>
        <time className={styles.date} dateTime={news.publishedAt}>
          {formatDateTime(news.publishedAt)}
        </time>
        {news.image && <img className={styles.image} src={news.image} alt="" width={750} height={420} />}
        <div className={styles.content}>
          {news.content
            .split('\n')
            .filter((line) => line.trim())
            .map((line, index) => (
              // An article's paragraphs never reorder, so their position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <p key={index}>{line}</p>
            ))}
        </div>
      </article>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.find} />
      {missing && detail.data && (
        <NewestNote text={validId ? t('missingNewest') : t('newest')} listLabel={t('allNews')} to={paths.find} />
      )}
      {body}
      {(none || failed) && (
        <div className={styles.back}>
          <Button fill="none" color="primary" onClick={() => navigate(paths.find)}>
            {t('backToList')}
          </Button>
        </div>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { formatDateTime } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { newsDetailQuery } from '../find.api';
import '../find.locale';
import styles from './NewsDetailPage.module.css';

export default function NewsDetailPage() {
  const { t } = useTranslation('find');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const detail = useQuery(newsDetailQuery(validId ? id : 0));

  let body: ReactNode;
  if (!validId) body = <EmptyState description={t('notFound')} />;
  else if (detail.isPending) body = <LoadingState minHeight={320} />;
  else if (detail.isError) body = <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />;
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
      {body}
      {(!validId || detail.isError) && (
        <div className={styles.back}>
          <Button fill="none" color="primary" onClick={() => navigate(paths.find)}>
            {t('backToList')}
          </Button>
        </div>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ArticleMarkup } from '../../../shared/markup/ArticleMarkup';
import { paths, tutorialPath } from '../../../shared/paths';
import { formatDate } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { helpArticleQuery } from '../help.api';
import '../help.locale';
import styles from './TutorialPage.module.css';

/** /tutorial/<slug> (`sportRules`, `games/answer`, ...): the article of that slug, drawn by our own renderer. */
export default function TutorialPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const slug = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const article = useQuery({ ...helpArticleQuery(slug), enabled: slug !== '' });
  const missing = slug === '' || (article.error instanceof ApiError && article.error.code === 'HELP_ARTICLE_NOT_FOUND');

  let body: ReactNode;
  let title: ReactNode = t('tutorial');
  if (missing)
    body = (
      <div className={styles.missing}>
        <EmptyState description={t('notFound')} />
        <Button color="primary" shape="rounded" onClick={() => navigate(paths.helpCenter, { replace: true })}>
          {t('backToHelp')}
        </Button>
      </div>
    );
  else if (article.isPending) body = <LoadingState minHeight={360} />;
  else if (article.isError)
    body = <ErrorState message={article.error.message} onRetry={() => void article.refetch()} />;
  else {
    const data = article.data;
    title = data.category?.name ?? t('tutorial');
    body = (
      <>
        <article className={styles.card} aria-labelledby="tutorial-title">
          <h2 id="tutorial-title" className={styles.title}>
            {data.title}
          </h2>
          <p className={styles.meta}>{t('updatedAt', { date: formatDate(data.updatedAt) })}</p>
          <ArticleMarkup body={data.body} />
        </article>
        {data.related.length > 0 && (
          <section className={styles.related} aria-labelledby="tutorial-related">
            <h2 id="tutorial-related" className={styles.relatedTitle}>
              {t('related')}
            </h2>
            <ul className={styles.relatedList}>
              {data.related.map((entry) => (
                <li key={entry.slug}>
                  <Link to={tutorialPath(entry.slug)} className={styles.relatedLink}>
                    <span>{entry.title}</span>
                    <RightOutline aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className={styles.more}>
          <span>{t('stillNeedHelp')}</span>
          <Link to={paths.customer} className={styles.moreLink}>
            {t('askChat')}
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.helpCenter} />
      <div className={styles.body}>{body}</div>
    </div>
  );
}

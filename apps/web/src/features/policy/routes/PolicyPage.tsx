import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ArticleMarkup } from '../../../shared/markup/ArticleMarkup';
import { paths } from '../../../shared/paths';
import { formatDate } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { type PolicySlug, policyQuery } from '../policy.api';
import '../policy.locale';
import styles from '../policy.module.css';

const SLUG_BY_PATH: Record<string, PolicySlug> = {
  [paths.terms]: 'terms',
  [paths.privacy]: 'privacy',
  [paths.responsibleGambling]: 'responsible',
};

/** /terms, /privacy and /responsible: the policy of that path, public, as the registration links to them. */
export default function PolicyPage() {
  const { t } = useTranslation('policy');
  const slug = SLUG_BY_PATH[useLocation().pathname.replace(/\/+$/, '')] ?? 'terms';
  const article = useQuery(policyQuery(slug));
  const title = t(`titles.${slug}`);
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.register} />
      {article.isPending ? (
        <LoadingState minHeight={360} />
      ) : article.isError ? (
        article.error instanceof ApiError && article.error.code === 'HELP_ARTICLE_NOT_FOUND' ? (
          <EmptyState description={t('missing')} />
        ) : (
          <ErrorState message={article.error.message} onRetry={() => void article.refetch()} />
        )
      ) : (
        <>
          <article className={styles.card} aria-labelledby="policy-title">
            <h2 id="policy-title" className={styles.title}>
              {article.data.title}
            </h2>
            <p className={styles.meta}>{t('updatedAt', { date: formatDate(article.data.updatedAt) })}</p>
            <ArticleMarkup body={article.data.body} />
          </article>
          {slug === 'responsible' && (
            <Link to={paths.protection} className={styles.toProtection}>
              {t('toProtection')}
            </Link>
          )}
        </>
      )}
    </div>
  );
}

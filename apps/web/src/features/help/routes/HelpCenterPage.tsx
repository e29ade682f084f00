import { useQuery } from '@tanstack/react-query';
import { ChatAddOutline, MessageOutline, RightOutline, SearchOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths, tutorialPath } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { Highlight } from '../components/Highlight';
import { helpCategoriesQuery, helpSearchQuery } from '../help.api';
import '../help.locale';
import styles from './HelpCenterPage.module.css';

/** How long the box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;
const QUERY_MAX = 50;

function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation('help');
  const results = useQuery(helpSearchQuery(q));
  if (results.isPending) return <LoadingState minHeight={200} />;
  if (results.isError) return <ErrorState message={results.error.message} onRetry={() => void results.refetch()} />;
  if (results.data.list.length === 0) return <EmptyState description={t('noResults')} />;
  return (
    <section aria-label={t('results', { count: results.data.list.length })}>
      <p className={styles.count} aria-live="polite">
        {t('results', { count: results.data.list.length })}
      </p>
      <ul className={styles.results}>
        {results.data.list.map((hit) => (
          <li key={hit.slug}>
            <Link to={tutorialPath(hit.slug)} className={styles.result}>
              <span className={styles.resultTitle}>
                <Highlight text={hit.title} q={q} />
              </span>
              <span className={styles.snippet}>
                <Highlight text={hit.snippet || hit.summary} q={q} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Categories() {
  const { t } = useTranslation('help');
  const categories = useQuery(helpCategoriesQuery());
  if (categories.isPending) return <LoadingState minHeight={320} />;
  if (categories.isError)
    return <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />;
  if (categories.data.length === 0) return <EmptyState description={t('empty')} />;
  return (
    <>
      <nav className={styles.tabs} aria-label={t('title')}>
        {categories.data.map((category) => (
          <a key={category.id} href={`#help-${category.code}`} className={styles.tab}>
            {category.name}
          </a>
        ))}
      </nav>
      {categories.data.map((category) => (
        <section
          key={category.id}
          id={`help-${category.code}`}
          className={styles.section}
          aria-labelledby={`help-h-${category.code}`}
        >
          <h2 id={`help-h-${category.code}`} className={styles.sectionTitle}>
            {category.name}
          </h2>
          <ul className={styles.articles}>
            {category.articles.map((article) => (
              <li key={article.slug}>
                <Link to={tutorialPath(article.slug)} className={styles.article}>
                  <span className={styles.articleText}>
                    <span className={styles.articleTitle}>{article.title}</span>
                    {article.summary && <span className={styles.summary}>{article.summary}</span>}
                  </span>
                  <RightOutline className={styles.chevron} aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/**
 * /help/center: a search box (debounced; the words are kept in `?q=` so the back button returns to the results),
 * the results with the words marked, or the categories with their articles; the chat and feedback at the top.
 */
export default function HelpCenterPage() {
  const { t } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');
  const categories = useQuery({ ...helpCategoriesQuery(), enabled: false });
  const search = useQuery({ ...helpSearchQuery(q), enabled: false });

  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = setTimeout(
      () => setParams(next ? { q: next } : {}, { replace: true, preventScrollReset: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  let body: ReactNode = <Categories />;
  if (q) body = <SearchResults q={q} />;

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.center} />
      <PullRefresh onRefresh={() => (q ? search.refetch() : categories.refetch())}>
        <div className={styles.hero}>
          <label className={styles.searchBox}>
            <SearchOutline className={styles.searchIcon} aria-hidden />
            <input
              type="search"
              className={styles.searchInput}
              value={text}
              maxLength={QUERY_MAX}
              placeholder={t('searchPlaceholder')}
              aria-label={t('searchLabel')}
              enterKeyHint="search"
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <div className={styles.shortcuts}>
            <Link to={paths.customer} className={styles.shortcut}>
              <MessageOutline className={styles.shortcutIcon} aria-hidden />
              <span>
                <strong>{t('chat')}</strong>
                <small>{t('chatHint')}</small>
              </span>
            </Link>
            <Link to={paths.feedback} className={styles.shortcut}>
              <ChatAddOutline className={styles.shortcutIcon} aria-hidden />
              <span>
                <strong>{t('feedback')}</strong>
                <small>{t('feedbackHint')}</small>
              </span>
            </Link>
          </div>
        </div>
        <div className={styles.body}>{body}</div>
      </PullRefresh>
    </div>
  );
}

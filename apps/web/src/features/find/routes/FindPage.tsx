import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { NewsCard } from '../components/NewsCard';
import { newsCategoriesQuery, newsListQuery } from '../find.api';
import '../find.locale';
import styles from './FindPage.module.css';

/** The `tab` search parameter: a category id, 0 (or missing, or junk) for every category. */
function readTab(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * /find: the news, one tab per operator category after 全部. The tab lives in the address, so coming back from an
 * article lands on the same list; each tab's list is its own query (pull to refresh, endless scrolling, empty state).
 */
export default function FindPage() {
  const { t } = useTranslation('find');
  const [params, setParams] = useSearchParams();
  const categories = useQuery(newsCategoriesQuery());
  const known = categories.data ?? [];
  const wanted = readTab(params.get('tab'));
  // A tab the operator has since removed (an old link) shows every category.
  const tab = wanted && categories.data && !known.some((category) => category.id === wanted) ? 0 : wanted;
  const news = useInfiniteQuery(newsListQuery(tab));

  return (
    <>
      <div className={styles.sticky}>
        <PageHeader title={t('title')} noBack />
        {known.length > 0 && (
          <Tabs
            activeKey={String(tab)}
            onChange={(key) => setParams(key === '0' ? {} : { tab: key }, { replace: true })}
            className={styles.tabs}
            activeLineMode="fixed"
            aria-label={t('categories')}
          >
            <Tabs.Tab key="0" title={t('all')} />
            {known.map((category) => (
              <Tabs.Tab key={String(category.id)} title={category.name} />
            ))}
          </Tabs>
        )}
      </div>
      <div className={styles.list}>
        <PagedList
          query={news}
          itemKey={(item) => item.id}
          renderItem={(item) => <NewsCard news={item} />}
          emptyText={t('empty')}
        />
      </div>
    </>
  );
}

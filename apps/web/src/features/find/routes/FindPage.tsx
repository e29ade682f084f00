import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { NewsCard } from '../components/NewsCard';
import { newsListQuery } from '../find.api';
import '../find.locale';

export default function FindPage() {
  const { t } = useTranslation('find');
  const news = useInfiniteQuery(newsListQuery());
  return (
    <>
      <PageHeader title={t('title')} noBack />
      <div style={{ paddingTop: 12 }}>
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

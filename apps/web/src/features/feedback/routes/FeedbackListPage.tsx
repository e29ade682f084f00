import type { FeedbackSummary } from '@jinb/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState } from '../../../shared/ui/states';
import { StatusTag } from '../components/StatusTag';
import { feedbackListQuery } from '../feedback.api';
import '../feedback.locale';
import styles from '../feedback.module.css';

/** /user/feedbackList: the member's feedback, newest first, with its status; pull to refresh, more as they scroll. */
export default function FeedbackListPage() {
  const { t } = useTranslation('feedback');
  const navigate = useNavigate();
  const list = useInfiniteQuery(feedbackListQuery);
  const timeZone = usePlatformTimeZone();
  const empty = list.isSuccess && list.data.pages.every((page) => page.list.length === 0);

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('listTitle')}
        fallback={paths.feedback}
        right={
          <Link to={paths.feedback} className={styles.headerLink}>
            {t('writeOne')}
          </Link>
        }
      />
      <div className={styles.listFrame}>
        {empty ? (
          <PullRefresh onRefresh={() => list.refetch()}>
            <div className={styles.empty}>
              <EmptyState description={t('empty')} />
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.feedback)}>
                {t('writeOne')}
              </Button>
            </div>
          </PullRefresh>
        ) : (
          <PagedList
            query={list}
            className={styles.list}
            itemKey={(one) => one.id}
            renderItem={(one) => <FeedbackRow feedback={one} timeZone={timeZone} />}
          />
        )}
      </div>
    </div>
  );
}

function FeedbackRow({ feedback, timeZone }: { feedback: FeedbackSummary; timeZone: string }) {
  const { t } = useTranslation('feedback');
  return (
    <Link to={`${paths.feedbackDetail}?id=${feedback.id}`} className={styles.row} data-testid="feedback-row">
      <span className={styles.rowHead}>
        <span className={styles.rowCategory}>{feedback.categoryName}</span>
        <StatusTag status={feedback.status} />
      </span>
      <span className={styles.rowPreview}>{feedback.preview}</span>
      <span className={styles.rowMeta}>
        <time dateTime={feedback.createdAt}>{platformDateTime(feedback.createdAt, timeZone)}</time>
        {feedback.imageCount > 0 && <span>{t('imageCount', { count: feedback.imageCount })}</span>}
      </span>
    </Link>
  );
}

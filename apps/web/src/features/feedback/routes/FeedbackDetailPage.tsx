import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { ImageOverlay } from '../../../shared/ui/ImageOverlay';
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { StatusTag } from '../components/StatusTag';
import { feedbackDetailQuery, newestFeedbackQuery } from '../feedback.api';
import '../feedback.locale';
import styles from '../feedback.module.css';

/**
 * /user/feedbackDetail?id=: what the member wrote (images open full screen), its status and the operator's reply.
 * Without an id, or with one that is not the member's, the newest feedback shows under a note leading to the list.
 */
export default function FeedbackDetailPage() {
  const { t } = useTranslation('feedback');
  const [search] = useSearchParams();
  const requested = /^\d{1,18}$/.test(search.get('id') ?? '') ? (search.get('id') as string) : '';
  const asked = useQuery({ ...feedbackDetailQuery(requested), enabled: requested !== '' });
  // Another member's feedback answers like a missing one; retrying cannot help.
  const missing = requested === '' || (asked.error instanceof ApiError && asked.error.code === 'FEEDBACK_NOT_FOUND');
  const newest = useQuery({ ...newestFeedbackQuery, enabled: missing });
  const id = missing ? (newest.data ?? '') : requested;
  const navigate = useNavigate();
  const timeZone = usePlatformTimeZone();
  const detail = useQuery({ ...feedbackDetailQuery(id), enabled: id !== '' });
  const [viewing, setViewing] = useState<number | null>(null);

  const feedback = detail.data;
  const none = missing && newest.isSuccess && newest.data === null;
  const pending = missing ? newest.isPending || (id !== '' && detail.isPending) : detail.isPending;
  const failed = missing && newest.isError ? newest : detail;
  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.feedbackList} />
      {missing && feedback && (
        <NewestNote
          text={requested ? t('missingNewest') : t('newest')}
          listLabel={t('allFeedback')}
          to={paths.feedbackList}
        />
      )}
      {none ? (
        <div className={styles.gone}>
          <EmptyState description={requested ? t('missing') : t('empty')} />
          <Button color="primary" onClick={() => navigate(paths.feedback, { replace: true })}>
            {t('writeOne')}
          </Button>
          <Button color="primary" fill="outline" onClick={() => navigate(paths.feedbackList, { replace: true })}>
            {t('backToList')}
          </Button>
        </div>
      ) : pending ? (
        <LoadingState minHeight={320} />
      ) : failed.isError || !feedback ? (
        <ErrorState message={failed.error?.message} onRetry={() => void failed.refetch()} />
      ) : (
        <div className={styles.detail}>
          <article className={styles.card} aria-labelledby="feedback-title">
            <div className={styles.detailHead}>
              <h2 id="feedback-title" className={styles.detailTitle}>
                {feedback.categoryName}
              </h2>
              <StatusTag status={feedback.status} />
            </div>
            <p className={styles.detailMeta}>
              {t('submittedAt')}{' '}
              <time dateTime={feedback.createdAt}>{platformDateTime(feedback.createdAt, timeZone)}</time>
            </p>
            <p className={styles.detailBody}>{feedback.content}</p>
            {feedback.images.length > 0 && (
              <div className={styles.thumbs}>
                {feedback.images.map((url, index) => (
                  <button
                    key={url}
                    type="button"
                    className={styles.thumb}
                    aria-label={t('openImage', { index: index + 1 })}
                    onClick={() => setViewing(index)}
                  >
                    <img src={url} alt="" loading="lazy" />
                  </button>
                ))}
              </div>
            )}
            {viewing !== null && (
              <ImageOverlay images={feedback.images} start={viewing} onClose={() => setViewing(null)} />
            )}
          </article>

          <section className={styles.replyCard} aria-labelledby="feedback-reply">
            <h2 id="feedback-reply" className={styles.label}>
              {t('reply')}
            </h2>
            {feedback.reply ? (
              <>
                <p className={styles.detailBody} data-testid="feedback-reply">
                  {feedback.reply.content}
                </p>
                <p className={styles.detailMeta} style={{ margin: '10px 0 0' }}>
                  {t('repliedAt')}{' '}
                  <time dateTime={feedback.reply.at}>{platformDateTime(feedback.reply.at, timeZone)}</time>
                </p>
              </>
            ) : (
              <p className={styles.waiting}>{feedback.status === 'closed' ? t('closedNoReply') : t('waiting')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

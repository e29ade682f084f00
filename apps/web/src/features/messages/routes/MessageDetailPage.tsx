import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { deleteMessage, editLoadedMessages, messageDetailQuery, messageKeys, setUnread } from '../messages.api';
import '../messages.locale';
import styles from '../messages.module.css';

/** /user/message/detail?id=: one message; opening it marks it read (the badge drops), and it can be deleted. */
export default function MessageDetailPage() {
  const { t } = useTranslation('messages');
  const [search] = useSearchParams();
  const id = /^\d{1,18}$/.test(search.get('id') ?? '') ? (search.get('id') as string) : '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timeZone = usePlatformTimeZone();
  const detail = useQuery({ ...messageDetailQuery(id), enabled: id !== '' });

  // Opening marked it read: the badge and the list follow without asking again.
  useEffect(() => {
    if (!detail.data) return;
    setUnread(queryClient, detail.data.unread);
    editLoadedMessages(queryClient, (message) => (message.id === id ? { ...message, read: true } : message));
  }, [detail.data, id, queryClient]);

  const remove = useMutation({
    mutationFn: () => deleteMessage(id),
    onSuccess: (answer) => {
      setUnread(queryClient, answer.unread);
      editLoadedMessages(queryClient, (message) => (message.id === id ? null : message));
      queryClient.removeQueries({ queryKey: messageKeys.detail(id) });
      showSuccess(t('deleted'));
      navigate(paths.message, { replace: true });
    },
    onError: showError,
  });

  const confirmDelete = async () => {
    const confirmed = await Dialog.confirm({
      content: t('deleteConfirm'),
      confirmText: t('delete'),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (confirmed) remove.mutate();
  };

  const message = detail.data?.message;
  // A message that is not the member's (or no longer is) cannot come back by retrying: say so and lead back.
  const gone =
    id === '' ||
    (detail.error instanceof ApiError && detail.error.code === 'MESSAGE_NOT_FOUND') ||
    (detail.isSuccess && !message);
  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.message} />
      {gone ? (
        <div className={styles.gone}>
          <EmptyState description={t('missing')} />
          <Button color="primary" fill="outline" onClick={() => navigate(paths.message, { replace: true })}>
            {t('backToInbox')}
          </Button>
        </div>
      ) : detail.isPending ? (
        <LoadingState minHeight={320} />
      ) : detail.isError || !message ? (
        <ErrorState message={detail.error?.message ?? t('missing')} onRetry={() => void detail.refetch()} />
      ) : (
        <article className={styles.detail}>
          <h2 className={styles.detailTitle}>{message.title}</h2>
          <p className={styles.detailMeta}>
            <span>{t(`kinds.${message.kind}`)}</span>
            <time dateTime={message.createdAt}>{platformDateTime(message.createdAt, timeZone)}</time>
          </p>
          <div className={styles.detailBody}>{message.content}</div>
          <Button
            block
            fill="outline"
            color="danger"
            className={styles.detailDelete}
            loading={remove.isPending}
            onClick={() => void confirmDelete()}
          >
            {t('delete')}
          </Button>
        </article>
      )}
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import {
  deleteMessage,
  editLoadedMessages,
  messageDetailQuery,
  messageKeys,
  newestMessageQuery,
  setUnread,
} from '../messages.api';
import '../messages.locale';
import styles from '../messages.module.css';

/**
 * /user/message/detail?id=: one message; opening it marks it read (the badge drops), and it can be deleted. Without
 * an id, or with one that is not the member's, the newest message shows under a note leading to the inbox.
 */
export default function MessageDetailPage() {
  const { t } = useTranslation('messages');
  const [search] = useSearchParams();
  const requested = /^\d{1,18}$/.test(search.get('id') ?? '') ? (search.get('id') as string) : '';
  const asked = useQuery({ ...messageDetailQuery(requested), enabled: requested !== '' });
  const missing =
    requested === '' ||
    (asked.error instanceof ApiError && asked.error.code === 'MESSAGE_NOT_FOUND') ||
    (asked.isSuccess && !asked.data.message);
  const newest = useQuery({ ...newestMessageQuery, enabled: missing });
  const id = missing ? (newest.data ?? '') : requested;
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
  // No message to show at all (an empty inbox, or the newest one gone meanwhile): retrying cannot help, lead back.
  const gone =
    (missing && newest.isSuccess && newest.data === null) ||
    (detail.error instanceof ApiError && detail.error.code === 'MESSAGE_NOT_FOUND') ||
    (detail.isSuccess && !message);
  const pending = missing ? newest.isPending || (id !== '' && detail.isPending) : detail.isPending;
  const failed = missing && newest.isError ? newest : detail;
  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.message} />
      {missing && message && (
        <NewestNote
          text={requested ? t('missingNewest') : t('newest')}
          listLabel={t('allMessages')}
          to={paths.message}
        />
      )}
      {gone ? (
        <div className={styles.gone}>
          <EmptyState description={requested ? t('missing') : t('empty')} />
          <Button color="primary" fill="outline" onClick={() => navigate(paths.message, { replace: true })}>
            {t('backToInbox')}
          </Button>
        </div>
      ) : pending ? (
        <LoadingState minHeight={320} />
      ) : failed.isError || !message ? (
        <ErrorState message={failed.error?.message ?? t('missing')} onRetry={() => void failed.refetch()} />
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

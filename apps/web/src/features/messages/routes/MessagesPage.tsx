import type { MessageView } from '@jinb/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, SwipeAction } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useUnreadLive } from '../../../shared/realtime/use-unread-live';
import { useUnread } from '../../../shared/session/session.queries';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import {
  deleteMessage,
  editLoadedMessages,
  messageKeys,
  messagesQuery,
  readAllMessages,
  setUnread,
} from '../messages.api';
import '../messages.locale';
import styles from '../messages.module.css';

/** /user/message: the inbox, newest first, with unread dots, 全部已读, and swipe (or the row's button) to delete. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery(messagesQuery);
  const unread = useUnread();
  const timeZone = usePlatformTimeZone();
  // A message that arrives while the inbox is open shows at once.
  useUnreadLive(() => void queryClient.invalidateQueries({ queryKey: messageKeys.lists() }));

  const readAll = useMutation({
    mutationFn: readAllMessages,
    onSuccess: (answer) => {
      setUnread(queryClient, answer.unread);
      editLoadedMessages(queryClient, (message) => ({ ...message, read: true }));
      showSuccess(t('readAllDone'));
    },
    onError: showError,
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteMessage(id),
    onSuccess: (answer, id) => {
      setUnread(queryClient, answer.unread);
      editLoadedMessages(queryClient, (message) => (message.id === id ? null : message));
      queryClient.removeQueries({ queryKey: messageKeys.detail(id) });
      showSuccess(t('deleted'));
    },
    onError: showError,
  });

  const confirmDelete = async (message: MessageView) => {
    const confirmed = await Dialog.confirm({
      content: t('deleteConfirm'),
      confirmText: t('delete'),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (confirmed) remove.mutate(message.id);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('title')}
        fallback={paths.center}
        right={
          <button
            type="button"
            className={styles.headerAction}
            disabled={unread === 0 || readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {t('readAll')}
          </button>
        }
      />
      <div className={styles.listFrame}>
        <PagedList
          query={messages}
          className={styles.list}
          itemKey={(message) => message.id}
          emptyText={t('empty')}
          renderItem={(message) => (
            <SwipeAction
              rightActions={[
                { key: 'delete', text: t('delete'), color: 'danger', onClick: () => void confirmDelete(message) },
              ]}
            >
              <MessageRow message={message} timeZone={timeZone} onDelete={() => void confirmDelete(message)} />
            </SwipeAction>
          )}
        />
      </div>
    </div>
  );
}

function MessageRow({ message, timeZone, onDelete }: { message: MessageView; timeZone: string; onDelete: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <div className={styles.row} data-testid="message-row">
      <Link to={`${paths.messageDetail}?id=${message.id}`} className={styles.rowLink}>
        <span className={message.read ? styles.dotRead : styles.dot} aria-hidden />
        <span className={styles.rowMain}>
          <span className={styles.rowHead}>
            <span className={message.read ? styles.rowTitleRead : styles.rowTitle}>{message.title}</span>
            {!message.read && <span className="visually-hidden">{t('unread')}</span>}
            <time className={styles.rowTime} dateTime={message.createdAt}>
              {platformDateTime(message.createdAt, timeZone)}
            </time>
          </span>
          <span className={styles.rowKind}>{t(`kinds.${message.kind}`)}</span>
          <span className={styles.rowPreview}>{message.content}</span>
        </span>
      </Link>
      <button
        type="button"
        className={styles.rowDelete}
        onClick={onDelete}
        aria-label={`${t('delete')} ${message.title}`}
      >
        {t('delete')}
      </button>
    </div>
  );
}

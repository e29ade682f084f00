import type { ChatMessage, ConversationView } from '@jinb/contract';
import { DotLoading } from 'antd-mobile';
import { CheckOutline, ExclamationCircleFill, UserOutline } from 'antd-mobile-icons';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { tutorialPath } from '../../../shared/paths';
import styles from './chat.module.css';
import { type ChatLog, deliveryMark, type PendingMessage } from './chat-log';
import { needsTimeLine, timeLabel } from './chat-time';

type Item =
  | { kind: 'time'; key: string; at: string }
  | { kind: 'stored'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; message: PendingMessage };

/** The stored messages and then the ones on their way, with a time line wherever a pause was long enough. */
export function chatItems(log: ChatLog): Item[] {
  const items: Item[] = [];
  let previous: string | null = null;
  const push = (at: string, item: Item) => {
    if (needsTimeLine(previous, at)) items.push({ kind: 'time', key: `t-${item.key}`, at });
    previous = at;
    items.push(item);
  };
  for (const message of log.messages) push(message.createdAt, { kind: 'stored', key: message.id, message });
  for (const message of log.pending) push(message.createdAt, { kind: 'pending', key: message.clientId, message });
  return items;
}

type ListProps = {
  log: ChatLog;
  agentTyping: boolean;
  /** Shown first (the welcome, the off-duty note): part of the scrolling content. */
  intro?: ReactNode;
  /** Shown last (the closed line, the rating result). */
  outro?: ReactNode;
  older: { isPending: boolean; isError: boolean; mutate: () => void };
  onRetry: (clientId: string) => void;
  onOpenImage: (src: string) => void;
};

/** Near the bottom (px): a new message scrolls into view; further up, the member is reading history. */
const STICK_PX = 120;

export function MessageList({ log, agentTyping, intro, outro, older, onRetry, onOpenImage }: ListProps) {
  const { t } = useTranslation('customer');
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const items = chatItems(log);
  const firstKey = log.messages[0]?.id ?? '';
  const lastKey = items.at(-1)?.key ?? '';
  const lastIsMine = items.at(-1)?.kind === 'pending';

  // Older messages went in above: keep what the member was looking at where it was.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || fromBottom.current === null || !firstKey) return;
    box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstKey]);

  // A new message at the end: follow it if the member was at the end, or if it is their own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last item or typing changes
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (atBottom.current || lastIsMine) box.scrollTop = box.scrollHeight;
  }, [lastKey, agentTyping, outro]);

  const loadOlder = () => {
    const box = scroller.current;
    if (box) fromBottom.current = box.scrollHeight - box.scrollTop;
    older.mutate();
  };
  // Scrolled up to the top: the next older page comes by itself (the button stays for short lists).
  const canLoadOlder = log.olderMore && !older.isPending && !older.isError;

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < STICK_PX;
    if (box.scrollTop < 40 && canLoadOlder) loadOlder();
  };

  return (
    <div
      ref={scroller}
      className={styles.messages}
      onScroll={onScroll}
      // A picture that arrives grows the list after it was scrolled to the end: stay at the end.
      onLoadCapture={() => {
        const box = scroller.current;
        if (box && atBottom.current) box.scrollTop = box.scrollHeight;
      }}
    >
      <div className={styles.older}>
        {log.olderMore ? (
          older.isPending ? (
            <span>
              <DotLoading /> {t('chat.loadingOlder')}
            </span>
          ) : (
            <button type="button" className={styles.olderButton} onClick={loadOlder}>
              {older.isError ? t('chat.olderFailed') : t('chat.older')}
            </button>
          )
        ) : log.messages.length > 0 ? (
          <span>{t('chat.noOlder')}</span>
        ) : null}
      </div>
      {intro}
      <div role="log" aria-live="polite" className={styles.log}>
        {items.map((item) =>
          item.kind === 'time' ? (
            <div key={item.key} className={styles.timeLine}>
              {timeLabel(item.at, t('chat.yesterday'))}
            </div>
          ) : item.kind === 'stored' ? (
            <StoredMessage
              key={item.key}
              message={item.message}
              conversation={log.conversation}
              onOpenImage={onOpenImage}
            />
          ) : (
            <PendingBubble key={item.key} message={item.message} onRetry={onRetry} onOpenImage={onOpenImage} />
          ),
        )}
      </div>
      {agentTyping && (
        <output className={styles.typing}>
          <span className={styles.typingDots} aria-hidden>
            <i />
            <i />
            <i />
          </span>
          {t('chat.typing')}
        </output>
      )}
      {outro}
    </div>
  );
}

function ImageContent({ src, onOpen }: { src: string; onOpen: (src: string) => void }) {
  const { t } = useTranslation('customer');
  return (
    <button type="button" className={styles.imageButton} onClick={() => onOpen(src)}>
      <img src={src} alt={t('chat.imageAlt')} className={styles.image} loading="lazy" />
    </button>
  );
}

function StoredMessage({
  message,
  conversation,
  onOpenImage,
}: {
  message: ChatMessage;
  conversation: ConversationView | null;
  onOpenImage: (src: string) => void;
}) {
  const { t } = useTranslation('customer');
  if (message.from === 'system')
    return (
      <div className={styles.systemLine} data-testid="chat-system">
        {message.text}
      </div>
    );
  const mine = message.from === 'member';
  const content =
    message.kind === 'image' && message.image ? (
      <ImageContent src={message.image} onOpen={onOpenImage} />
    ) : (
      <p className={styles.text}>{message.text}</p>
    );
  if (mine) {
    const mark = deliveryMark(message, conversation);
    return (
      <div className={styles.rowMine} data-testid="chat-mine">
        <span className={mark === 'read' ? styles.markRead : styles.mark}>
          {mark === 'read' ? null : <CheckOutline aria-hidden />}
          {t(`chat.${mark}`)}
        </span>
        <div className={message.kind === 'image' ? styles.bubbleMineImage : styles.bubbleMine}>{content}</div>
      </div>
    );
  }
  const bot = message.from === 'bot';
  return (
    <div className={styles.rowOther} data-testid={bot ? 'chat-bot' : 'chat-agent'}>
      <span className={bot ? styles.avatarBot : styles.avatarAgent} aria-hidden>
        {bot ? 'AI' : <UserOutline />}
      </span>
      <div className={styles.otherColumn}>
        <span className={styles.author}>
          {bot ? t('chat.assistant') : (message.agentName ?? t('chat.agentFallback'))}
        </span>
        <div className={message.kind === 'image' ? styles.bubbleOtherImage : styles.bubbleOther}>
          {content}
          {message.article && (
            <Link className={styles.articleLink} to={tutorialPath(message.article.slug)}>
              {t('chat.readMore')} ›
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

function PendingBubble({
  message,
  onRetry,
  onOpenImage,
}: {
  message: PendingMessage;
  onRetry: (clientId: string) => void;
  onOpenImage: (src: string) => void;
}) {
  const { t } = useTranslation('customer');
  const failed = message.status === 'failed';
  const src = message.preview ?? message.image;
  return (
    <div className={styles.rowMine} data-testid="chat-mine">
      {failed ? (
        <button
          type="button"
          className={styles.retry}
          aria-label={t('chat.retry')}
          onClick={() => onRetry(message.clientId)}
        >
          <ExclamationCircleFill aria-hidden />
        </button>
      ) : (
        <span className={styles.mark}>
          {message.status === 'uploading' ? (
            t('chat.uploading', { percent: message.progress })
          ) : (
            <>
              <DotLoading /> {t('chat.sending')}
            </>
          )}
        </span>
      )}
      <div className={styles.pendingColumn}>
        <div className={message.kind === 'image' ? styles.bubbleMineImage : styles.bubbleMine}>
          {message.kind === 'image' && src ? (
            <span className={styles.uploadBox}>
              <ImageContent src={src} onOpen={onOpenImage} />
              {message.status === 'uploading' && (
                <span className={styles.progress} style={{ width: `${message.progress}%` }} aria-hidden />
              )}
            </span>
          ) : (
            <p className={styles.text}>{message.text}</p>
          )}
        </div>
        {failed && (
          <button type="button" className={styles.failedNote} onClick={() => onRetry(message.clientId)}>
            {message.error && message.error !== t('chat.failed') ? `${message.error} · ` : ''}
            {t('chat.failed')}
          </button>
        )}
      </div>
    </div>
  );
}

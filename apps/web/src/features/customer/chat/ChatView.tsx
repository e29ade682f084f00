import type { SupportState } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { ReconnectingNote } from '../../../shared/realtime/ReconnectingNote';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { showSuccess } from '../../../shared/ui/feedback';
import { ImageOverlay } from '../../../shared/ui/ImageOverlay';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../customer.locale';
import { Composer } from './Composer';
import { type ChatIdentity, guestQuery } from './chat.api';
import styles from './chat.module.css';
import type { ChatLog } from './chat-log';
import { MessageList } from './MessageList';
import { RatingSheet } from './RatingSheet';
import { type Chat, useChat } from './use-chat';

type ChatViewProps = {
  /** A tab page leaves room for the tab bar; the frame page fills the screen and has a back arrow. */
  fullScreen?: boolean;
};

/**
 * The built-in customer-service chat (issue 25), loaded lazily by /app/customer and /iframeCustomerService when the
 * desk is on. A signed-in member chats as themselves; a visitor as a guest known by this device.
 */
export default function ChatView({ fullScreen = false }: ChatViewProps) {
  const { t } = useTranslation('customer');
  const signedIn = useSession(selectIsLoggedIn);
  const guest = useQuery({ ...guestQuery, enabled: !signedIn });
  const frame = (body: React.ReactNode) => (
    <div className={fullScreen ? styles.screenFull : styles.screenTab}>
      <PageHeader title={t('heading')} noBack={!fullScreen} />
      {body}
    </div>
  );
  if (signedIn) return <ChatScreen key="member" identity={{ who: 'member' }} fullScreen={fullScreen} />;
  if (guest.isPending) return frame(<LoadingState minHeight={320} />);
  if (guest.isError) return frame(<ErrorState message={guest.error.message} onRetry={() => void guest.refetch()} />);
  return <ChatScreen key="guest" identity={{ who: 'guest', token: guest.data }} fullScreen={fullScreen} />;
}

function ChatScreen({ identity, fullScreen }: { identity: ChatIdentity; fullScreen: boolean }) {
  const { t } = useTranslation('customer');
  const chat = useChat(identity);
  const [viewing, setViewing] = useState<string | null>(null);
  const [ratingLater, setRatingLater] = useState<string | null>(null);
  const state = chat.state.data;
  const log = chat.log.data;
  const conversation = log?.conversation ?? state?.conversation ?? null;
  const onDuty = state?.onDuty ?? true;

  let title = t('heading');
  let status = '';
  if (conversation?.status === 'open' && conversation.agentName) {
    title = conversation.agentName;
    status = t('chat.onDuty');
  } else if (conversation?.status === 'waiting' && conversation.queued) status = t('chat.queued');
  else if (onDuty) status = t('chat.onDuty');
  else status = state?.inHours ? t('chat.agentsAway') : t('chat.offDuty');

  const header = (
    <PageHeader
      noBack={!fullScreen}
      title={
        <span className={styles.headerTitle}>
          <span className={styles.headerName}>{title}</span>
          <span className={styles.headerStatus} data-testid="chat-status">
            <i className={onDuty || conversation?.status === 'open' ? styles.dotOn : styles.dotOff} aria-hidden />
            {status}
          </span>
        </span>
      }
      right={
        state && !onDuty ? (
          <Link className={styles.headerLink} to={paths.leaveMessage}>
            <EditSOutline aria-hidden /> {t('chat.leaveMessage')}
          </Link>
        ) : undefined
      }
    />
  );

  let body: React.ReactNode;
  if (chat.state.isPending || chat.log.isPending) body = <LoadingState minHeight={320} />;
  else if (chat.state.isError || chat.log.isError) {
    const error = chat.state.error ?? chat.log.error;
    body = (
      <ErrorState
        message={error?.message}
        onRetry={() => {
          if (chat.state.isError) void chat.state.refetch();
          if (chat.log.isError) void chat.log.refetch();
        }}
      />
    );
  } else if (state && log) {
    const closed = conversation?.status === 'closed';
    const wantsRating = closed && conversation.rating === null && ratingLater !== conversation.id;
    body = (
      <>
        <ReconnectingNote />
        <MessageList
          log={log}
          agentTyping={chat.agentTyping}
          intro={<Intro state={state} log={log} guest={identity.who === 'guest'} />}
          outro={
            closed ? (
              <div className={styles.closedLine}>
                <span>{t('chat.closedNote')}</span>
                {conversation.rating !== null && <span>{t('chat.ratedScore', { score: conversation.rating })}</span>}
              </div>
            ) : null
          }
          older={chat.older}
          onRetry={chat.retry}
          onOpenImage={setViewing}
        />
        <QuickBar chat={chat} state={state} log={log} />
        <Composer
          canSendImages={identity.who === 'member'}
          onSend={chat.sendText}
          onImage={chat.sendImage}
          onTyping={chat.typing}
        />
        {wantsRating && (
          <RatingSheet
            pending={chat.rate.isPending}
            error={chat.rate.error}
            onSubmit={(score, comment) =>
              chat.rate.mutate({ score, comment }, { onSuccess: () => showSuccess(t('chat.rated')) })
            }
            onLater={() => setRatingLater(conversation.id)}
          />
        )}
        {viewing && <ImageOverlay images={[viewing]} start={0} onClose={() => setViewing(null)} />}
      </>
    );
  }

  return (
    <div className={fullScreen ? styles.screenFull : styles.screenTab}>
      {header}
      {body}
    </div>
  );
}

/** Above the messages: the welcome, the guest's note, and when no human can answer, why and what to do instead. */
function Intro({ state, log, guest }: { state: SupportState; log: ChatLog; guest: boolean }) {
  const { t } = useTranslation('customer');
  return (
    <div className={styles.intro}>
      {!state.onDuty && (
        <div className={styles.offDuty} role="note">
          <p>
            {state.inHours
              ? t('chat.noAgent')
              : t('chat.offDutyNote', { open: state.hours.open, close: state.hours.close, zone: state.timeZone })}
          </p>
          <Link className={styles.offDutyButton} to={paths.leaveMessage}>
            {t('chat.leaveMessage')}
          </Link>
        </div>
      )}
      {guest && (
        <div className={styles.guestNote}>
          <span>{t('chat.guestNote')}</span>
          <Link to={`${paths.login}?redirect=${encodeURIComponent(location.pathname)}`}>{t('chat.signIn')}</Link>
        </div>
      )}
      {log.messages.length === 0 && log.pending.length === 0 && (
        <div className={styles.rowOther}>
          <span className={styles.avatarBot} aria-hidden>
            AI
          </span>
          <div className={styles.otherColumn}>
            <span className={styles.author}>{t('chat.assistant')}</span>
            <div className={styles.bubbleOther}>
              <p className={styles.text}>{t('chat.welcome')}</p>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** 常见问题 chips (answered at once) and 转人工, while no agent has the conversation. */
function QuickBar({ chat, state, log }: { chat: Chat; state: SupportState; log: ChatLog }) {
  const { t } = useTranslation('customer');
  const conversation = log.conversation;
  const withAgent = conversation?.status === 'open';
  const queued = conversation?.status === 'waiting' && conversation.queued;
  if (withAgent) return null;
  const showHuman = state.onDuty && !queued;
  if (!showHuman && state.quickQuestions.length === 0) return null;
  return (
    <div className={styles.quickBar}>
      <span className={styles.quickTitle}>{t('chat.quickTitle')}</span>
      <div className={styles.chips}>
        {showHuman && (
          <button type="button" className={styles.humanChip} onClick={() => chat.sendText(t('chat.toHumanText'))}>
            {t('chat.toHuman')}
          </button>
        )}
        {state.quickQuestions.map((question) => (
          <button
            key={question.id}
            type="button"
            className={styles.chip}
            data-testid="chat-quick"
            disabled={chat.quick.isPending}
            onClick={() => chat.quick.mutate(question.id)}
          >
            {question.title}
          </button>
        ))}
      </div>
    </div>
  );
}

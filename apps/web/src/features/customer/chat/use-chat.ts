import type { ChatMessage, SupportChange, SupportState } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, get, post } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ChatReply, RealtimeClient } from '../../../shared/realtime/realtime-client';
import { realtimeClient } from '../../../shared/realtime/use-topic';
import { errorMessage, showError } from '../../../shared/ui/feedback';
import {
  CHAT_PAGE,
  type ChatIdentity,
  chatLogQuery,
  forgetGuest,
  identityHeaders,
  supportKeys,
  supportStateQuery,
} from './chat.api';
import {
  addPending,
  type ChatLog,
  compareIds,
  emptyLog,
  lastIncomingSeq,
  lastPosition,
  makeClientId,
  mergeMessages,
  type PendingMessage,
  updatePending,
  withConversation,
  withSeen,
} from './chat-log';
import { uploadImage } from './upload-image';

/** A `say` not acknowledged this long goes again over HTTP (same clientId: stored once). */
export const ACK_TIMEOUT_MS = 8_000;
/** The agent's typing shows this long after their last typing frame (they send one at most every 2 s). */
export const TYPING_SHOWN_MS = 5_000;
/** The member's typing is told at most this often. */
const TYPING_EVERY_MS = 2_000;
/** A catch-up reads at most this many pages at once (100 messages each); the rest comes with the next one. */
const CATCH_UP_PAGES = 5;

/**
 * The customer-service chat's behaviour, for ChatView: the history (the latest page on open, older pages on demand),
 * live messages, typing and read marks from the `support` topic, sending over the socket (`say`, answered `ack`)
 * with HTTP as the fallback, retries with the same clientId, images uploaded with progress, quick questions and the
 * rating. Persisted first on the server, so after any reconnect a read `after` the last seq shown fills the gap.
 */
export function useChat(identity: ChatIdentity) {
  const { t } = useTranslation('customer');
  const queryClient = useQueryClient();
  const who = identity.who;
  const guestToken = identity.who === 'guest' ? identity.token : '';
  const headers = identityHeaders(identity);
  const state = useQuery(supportStateQuery(identity));
  const log = useQuery(chatLogQuery(identity));
  const [agentTyping, setAgentTyping] = useState(false);

  const socket = useRef<RealtimeClient | null>(null);
  const files = useRef(new Map<string, File>());
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const seenSent = useRef({ conversation: '', seq: 0 });
  const catchingUp = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const readLog = useCallback(
    () => queryClient.getQueryData<ChatLog>(supportKeys.log(who)) ?? emptyLog,
    [queryClient, who],
  );
  /** Changes the shown chat in the cache; before the first page is in, there is nothing to change. */
  const edit = useCallback(
    (change: (current: ChatLog) => ChatLog) =>
      queryClient.setQueryData<ChatLog>(supportKeys.log(who), (current) => (current ? change(current) : current)),
    [queryClient, who],
  );
  const editState = useCallback(
    (change: (current: SupportState) => SupportState) =>
      queryClient.setQueryData<SupportState>(supportKeys.state(who), (current) =>
        current ? change(current) : current,
      ),
    [queryClient, who],
  );

  // The handlers below read the latest render's values through this ref, so the socket effect runs once per
  // identity and never resubscribes on a render.
  const live = useRef({ headers, t });
  live.current = { headers, t };

  /** Reads what came after the last message shown (a reconnect, a reload answer, a gap), until nothing is left. */
  const catchUp = useCallback(async () => {
    const flags = catchingUp.current;
    if (flags.running) {
      flags.again = true;
      return;
    }
    flags.running = true;
    try {
      do {
        flags.again = false;
        for (let page = 0; page < CATCH_UP_PAGES; page++) {
          const position = lastPosition(readLog());
          const answer = await get('supportMessages', {
            query: position
              ? { conversation: position.conversation, after: position.seq, limit: 100 }
              : { limit: CHAT_PAGE },
            headers: live.current.headers,
          });
          edit((current) => withConversation(mergeMessages(current, answer.messages), answer.conversation));
          if (!position || !answer.more) break;
        }
      } while (flags.again);
      // A conversation opened or closed elsewhere (another tab, another device) shows in the opening state too.
      void queryClient.invalidateQueries({ queryKey: supportKeys.state(who) });
    } catch {
      // The next reconnect or push tries again; the screen keeps what it has.
    } finally {
      flags.running = false;
    }
  }, [edit, queryClient, readLog, who]);

  /** A message of a conversation not shown yet (the first message opened one): read that conversation's state. */
  const follow = useCallback(
    (messages: readonly ChatMessage[]) => {
      const current = readLog().conversation;
      if (messages.some((message) => message.conversationId !== current?.id)) void catchUp();
    },
    [catchUp, readLog],
  );

  const stored = useCallback(
    (messages: readonly ChatMessage[]) => {
      for (const message of messages) {
        if (!message.clientId) continue;
        clearTimeout(ackTimers.current.get(message.clientId));
        ackTimers.current.delete(message.clientId);
        files.current.delete(message.clientId);
      }
      edit((current) => mergeMessages(current, messages));
      follow(messages);
    },
    [edit, follow],
  );

  const failed = useCallback(
    (clientId: string, error: string) => {
      clearTimeout(ackTimers.current.get(clientId));
      ackTimers.current.delete(clientId);
      edit((current) => updatePending(current, clientId, { status: 'failed', error }));
    },
    [edit],
  );

  const sendOverHttp = useCallback(
    (message: PendingMessage) => {
      const body = message.image
        ? { clientId: message.clientId, image: message.image }
        : { clientId: message.clientId, text: message.text };
      post('supportSend', { body, json: true, headers: live.current.headers }).then(
        (answer) => stored([answer]),
        (error: unknown) => failed(message.clientId, errorMessage(error)),
      );
    },
    [failed, stored],
  );

  /** Sends a message that is ready (text, or an image that is up): on the socket if it is open, else over HTTP. */
  const deliver = useCallback(
    (message: PendingMessage) => {
      edit((current) => updatePending(current, message.clientId, { status: 'sending', error: null }));
      const frame = message.image
        ? { op: 'say' as const, clientId: message.clientId, image: message.image }
        : { op: 'say' as const, clientId: message.clientId, text: message.text };
      clearTimeout(ackTimers.current.get(message.clientId));
      if (socket.current?.sendChat(frame)) {
        ackTimers.current.set(
          message.clientId,
          setTimeout(() => {
            ackTimers.current.delete(message.clientId);
            const still = readLog().pending.find((one) => one.clientId === message.clientId);
            if (still?.status === 'sending') sendOverHttp(still);
          }, ACK_TIMEOUT_MS),
        );
      } else sendOverHttp(message);
    },
    [edit, readLog, sendOverHttp],
  );

  const onReply = useCallback(
    (reply: ChatReply) => {
      if (reply.op === 'ack') stored([reply.message]);
      else if (readLog().pending.some((one) => one.clientId === reply.clientId))
        failed(reply.clientId, live.current.t('chat.failed'));
    },
    [failed, readLog, stored],
  );

  const onPush = useCallback(
    (change: SupportChange) => {
      if (!change || typeof change !== 'object') return;
      if (change.type === 'message') {
        if (change.message.from === 'agent') setAgentTyping(false);
        stored([change.message]);
      } else if (change.type === 'typing') {
        if (change.from !== 'agent') return;
        setAgentTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
      } else if (change.type === 'seen') {
        edit((current) => withSeen(current, change.conversationId, change.by, change.seq));
      } else if (change.type === 'status') {
        edit((current) => withConversation(current, change.conversation));
        editState((current) =>
          current.conversation && compareIds(change.conversation.id, current.conversation.id) < 0
            ? current
            : { ...current, conversation: change.conversation },
        );
        if (change.conversation.status === 'closed') setAgentTyping(false);
      }
    },
    [edit, editState, stored],
  );

  /** Everything still on its way goes again (a socket came back): the server stores each clientId once. */
  const resendPending = useCallback(() => {
    for (const message of readLog().pending) if (message.status === 'sending') deliver(message);
  }, [deliver, readLog]);

  const handlers = useRef({ onPush, onReply, catchUp, resendPending });
  handlers.current = { onPush, onReply, catchUp, resendPending };

  // A guest token past its time (or from another server's key): forget it and ask for a new one.
  const expired = [state.error, log.error].some(
    (error) => error instanceof ApiError && error.code === 'SESSION_EXPIRED',
  );
  useEffect(() => {
    if (!expired || who !== 'guest') return;
    forgetGuest();
    void queryClient.resetQueries({ queryKey: supportKeys.guest() });
    void queryClient.resetQueries({ queryKey: supportKeys.state('guest') });
    void queryClient.resetQueries({ queryKey: supportKeys.log('guest') });
  }, [expired, who, queryClient]);

  const ready = log.isSuccess;
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    const stops: Array<() => void> = [];
    realtimeClient()
      .then((client) => {
        if (cancelled) return;
        socket.current = client;
        client.setGuestToken(guestToken);
        stops.push(client.onChatReply((reply) => handlers.current.onReply(reply)));
        stops.push(
          client.onConnect(() => {
            void handlers.current.catchUp();
            handlers.current.resendPending();
          }),
        );
        stops.push(
          client.subscribe('support', {
            onData: (data) => handlers.current.onPush(data as SupportChange),
            onReload: () => void handlers.current.catchUp(),
          }),
        );
      })
      .catch(() => {
        // The socket code could not load: messages still go over HTTP; the page's retry reads the rest.
      });
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
      socket.current = null;
    };
  }, [ready, guestToken]);

  useEffect(() => {
    const timers = ackTimers.current;
    return () => {
      clearTimeout(typingTimer.current);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  // The member has read what the agent (or the bot) said once it is on screen: tell the agent how far.
  const incoming = log.data ? lastIncomingSeq(log.data) : 0;
  const alreadySeen = log.data?.conversation?.memberSeenSeq ?? 0;
  const conversationId = log.data?.conversation?.id ?? '';
  useEffect(() => {
    // A new conversation counts its seq from 1 again.
    if (seenSent.current.conversation !== conversationId) seenSent.current = { conversation: conversationId, seq: 0 };
    if (!incoming || incoming <= alreadySeen || incoming <= seenSent.current.seq) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    seenSent.current.seq = incoming;
    if (!socket.current?.sendChat({ op: 'seen', seq: incoming }))
      post('supportSeen', { body: { seq: incoming }, headers: live.current.headers }).catch(() => {
        seenSent.current.seq = 0;
      });
  }, [incoming, alreadySeen, conversationId]);

  const sendText = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      const message: PendingMessage = {
        clientId: makeClientId(),
        kind: 'text',
        text: trimmed,
        image: null,
        preview: null,
        status: 'sending',
        progress: 0,
        error: null,
        createdAt: new Date().toISOString(),
      };
      edit((current) => addPending(current, message));
      deliver(message);
    },
    [deliver, edit],
  );

  const upload = useCallback(
    (clientId: string, file: File) => {
      edit((current) => updatePending(current, clientId, { status: 'uploading', progress: 0, error: null }));
      uploadImage(file, (progress) => edit((current) => updatePending(current, clientId, { progress }))).then(
        (url) => {
          edit((current) => updatePending(current, clientId, { image: url }));
          const message = readLog().pending.find((one) => one.clientId === clientId);
          if (message) deliver({ ...message, image: url });
        },
        (error: unknown) => failed(clientId, errorMessage(error)),
      );
    },
    [deliver, edit, failed, readLog],
  );

  const sendImage = useCallback(
    (file: File) => {
      const clientId = makeClientId();
      files.current.set(clientId, file);
      edit((current) =>
        addPending(current, {
          clientId,
          kind: 'image',
          text: '',
          image: null,
          preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
          status: 'uploading',
          progress: 0,
          error: null,
          createdAt: new Date().toISOString(),
        }),
      );
      upload(clientId, file);
    },
    [edit, upload],
  );

  /** A failed message again, with the same clientId (stored once even if the first try got through after all). */
  const retry = useCallback(
    (clientId: string) => {
      const message = readLog().pending.find((one) => one.clientId === clientId);
      if (message?.status !== 'failed') return;
      const file = files.current.get(clientId);
      if (message.kind === 'image' && !message.image && file) upload(clientId, file);
      else deliver(message);
    },
    [deliver, readLog, upload],
  );

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    socket.current?.sendChat({ op: 'typing' });
  }, []);

  const quick = useMutation({
    mutationFn: (articleId: number) =>
      post('supportQuick', { body: { articleId, clientId: makeClientId() }, json: true, headers }),
    onSuccess: ({ question, answer }) => stored([question, answer]),
    onError: showError,
  });

  const older = useMutation({
    mutationFn: async () => {
      const first = readLog().messages[0];
      if (!first) return null;
      return get('supportMessages', {
        query: { conversation: first.conversationId, before: first.seq, limit: CHAT_PAGE },
        headers,
      });
    },
    onSuccess: (page) => {
      if (page) edit((current) => ({ ...mergeMessages(current, page.messages), olderMore: page.more }));
      else edit((current) => ({ ...current, olderMore: false }));
    },
  });

  const rate = useMutation({
    mutationFn: ({ score, comment }: { score: number; comment: string }) => {
      const conversation = readLog().conversation;
      if (!conversation) throw new Error('no conversation to rate');
      return post('supportRate', { body: { conversation: conversation.id, score, comment }, headers });
    },
    onSuccess: (conversation) => {
      edit((current) => withConversation(current, conversation));
      editState((current) => ({ ...current, conversation }));
    },
  });

  return {
    state,
    log,
    agentTyping,
    sendText,
    sendImage,
    retry,
    typing,
    quick,
    older,
    rate,
    catchUp,
  };
}

export type Chat = ReturnType<typeof useChat>;

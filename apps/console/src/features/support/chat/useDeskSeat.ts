import type { DeskChange, DeskConversationDetail, DeskQueue } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../shared/api/call';
import { reportQueue } from '../../../shared/realtime/queues';
import { useOperatorTopic } from '../../../shared/realtime/useOperatorTopic';
import { deskConversationQuery, deskQueueQuery, supportKeys } from '../support.queries';
import { useSeatOnScreen } from './DeskQueueWatcher';
import { mergeDeskChange, mergeMessage, oldestWaiting } from './desk-queue';

/** How long a member's typing notice shows after the last one (they come at most every 2 s while typing). */
const TYPING_SHOWS_MS = 3_000;

/**
 * The chat seat's state: the queue and the agent's own conversations, the conversation on screen, all kept live
 * from the `desk` topic. The caches are the only copy: live changes are merged into them (desk-queue.ts), and what
 * cannot be merged is read again.
 */
export function useDeskSeat(me: string, openId: string | null) {
  const client = useQueryClient();
  useSeatOnScreen();
  const queue = useQuery(deskQueueQuery);
  const detail = useQuery({ ...deskConversationQuery(openId ?? '0'), enabled: openId !== null });
  const [typingUntil, setTypingUntil] = useState(0);
  const open = useRef(openId);
  open.current = openId;

  const onChange = useCallback(
    (change: DeskChange) => {
      const held = client.getQueryData<DeskQueue>(supportKeys.queue());
      if (held) {
        const merge = mergeDeskChange(held, change, me, open.current);
        client.setQueryData(supportKeys.queue(), merge.queue);
        if (merge.refetch) void client.invalidateQueries({ queryKey: supportKeys.queue() });
      }
      const id = open.current;
      if (id === null) return;
      const key = supportKeys.conversation(id);
      const current = client.getQueryData<DeskConversationDetail>(key);
      if (!current) return;
      switch (change.type) {
        case 'message': {
          if (change.message.conversationId !== id) return;
          const merged = mergeMessage(current.messages, change.message);
          if (merged.gap) {
            void client.invalidateQueries({ queryKey: key });
            return;
          }
          if (change.message.from === 'member') setTypingUntil(0);
          client.setQueryData<DeskConversationDetail>(key, {
            ...current,
            messages: merged.messages,
            conversation: {
              ...current.conversation,
              lastSeq: Math.max(current.conversation.lastSeq, change.message.seq),
            },
          });
          return;
        }
        case 'typing':
          if (change.conversationId === id && change.from === 'member') setTypingUntil(Date.now() + TYPING_SHOWS_MS);
          return;
        case 'seen':
          if (change.conversationId !== id) return;
          client.setQueryData<DeskConversationDetail>(key, {
            ...current,
            conversation: {
              ...current.conversation,
              ...(change.by === 'member'
                ? { memberSeenSeq: Math.max(current.conversation.memberSeenSeq, change.seq) }
                : { agentSeenSeq: Math.max(current.conversation.agentSeenSeq, change.seq) }),
            },
          });
          return;
        case 'status':
          if (change.conversation.id !== id) return;
          client.setQueryData<DeskConversationDetail>(key, {
            ...current,
            conversation: { ...current.conversation, ...change.conversation, lastSeq: current.conversation.lastSeq },
          });
          // A rating just given: its comment (not in the member's view) comes with a fresh read.
          if (change.conversation.rating !== current.conversation.rating)
            void client.invalidateQueries({ queryKey: key });
          return;
        case 'queue':
          // Taken, transferred or closed: who has it now and the chat's note come with a fresh read.
          if (change.conversationId === id) void client.invalidateQueries({ queryKey: key });
          return;
      }
    },
    [client, me],
  );
  useOperatorTopic<DeskChange>('desk', onChange);

  // The queue's read is the truth again: a conversation on screen that moved on while the socket was away is read
  // again too (its newest seq is past what the screen holds).
  useEffect(() => {
    const id = open.current;
    if (!queue.data || id === null) return;
    const row = [...queue.data.waiting, ...queue.data.mine].find((one) => one.id === id);
    const held = client.getQueryData<DeskConversationDetail>(supportKeys.conversation(id));
    const last = held?.messages.at(-1)?.seq ?? 0;
    if (row && held && row.lastSeq > last) void client.invalidateQueries({ queryKey: supportKeys.conversation(id) });
  }, [queue.data, client]);

  // The menu's badge and the new-work sound: how many wait, and since when.
  useEffect(() => {
    if (queue.data) reportQueue('supportChat', queue.data.waiting.length, oldestWaiting(queue.data));
  }, [queue.data]);

  // Read marks: the member's messages on screen in a conversation this agent has are marked read as they show.
  const conversation = detail.data?.conversation;
  const lastSeq = detail.data?.messages.at(-1)?.seq ?? 0;
  const seen = useMutation({
    mutationFn: (input: { id: string; seq: number }) =>
      call('adminSupportSeen', { params: { id: input.id }, body: { seq: input.seq } }),
    onSuccess: (row) => {
      const key = supportKeys.conversation(row.id);
      const current = client.getQueryData<DeskConversationDetail>(key);
      if (current) client.setQueryData(key, { ...current, conversation: { ...current.conversation, ...row } });
      const held = client.getQueryData<DeskQueue>(supportKeys.queue());
      if (held)
        client.setQueryData<DeskQueue>(supportKeys.queue(), {
          waiting: held.waiting,
          mine: held.mine.map((one) =>
            one.id === row.id ? { ...one, unread: 0, agentSeenSeq: row.agentSeenSeq } : one,
          ),
        });
    },
  });
  const markSeen = seen.mutate;
  useEffect(() => {
    if (conversation?.status !== 'open' || conversation.operatorId !== me) return;
    if (lastSeq <= conversation.agentSeenSeq) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    markSeen({ id: conversation.id, seq: lastSeq });
  }, [conversation, lastSeq, me, markSeen]);

  // The typing notice hides itself.
  const [, tick] = useState(0);
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => tick((n) => n + 1), typingUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  return { queue, detail, typing: typingUntil > Date.now() };
}

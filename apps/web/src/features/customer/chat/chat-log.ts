import type { ChatMessage, ConversationView } from '@jinb/contract';

/**
 * What the chat screen shows, kept in the query cache (chat.api.ts `supportKeys.log`): the stored messages, oldest
 * first, and the member's own messages still on their way. The same message can reach the page several ways (the
 * `ack` of its `say`, the `support` topic, a catch-up read after a reconnect, the answer of an HTTP send): each is
 * merged by id, and a stored message takes the place of the pending one with its clientId, so nothing shows twice.
 */

export type PendingStatus = 'uploading' | 'sending' | 'failed';

export type PendingMessage = {
  clientId: string;
  kind: 'text' | 'image';
  text: string;
  /** The uploaded image's URL once it is up (what is sent), else null. */
  image: string | null;
  /** A local preview of an image being uploaded (an object URL). */
  preview: string | null;
  status: PendingStatus;
  /** Upload progress 0-100 while `uploading`. */
  progress: number;
  /** Why it failed (already in the member's language), shown under the bubble. */
  error: string | null;
  createdAt: string;
};

export type ChatLog = {
  conversation: ConversationView | null;
  /** Stored messages, ordered by conversation then seq. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Older messages exist before the first one shown. */
  olderMore: boolean;
};

export const emptyLog: ChatLog = { conversation: null, messages: [], pending: [], olderMore: false };

/** Conversation ids are decimal bigint text: compared by length first, then as text. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  return compareIds(a.conversationId, b.conversationId) || a.seq - b.seq;
}

/** Adds messages not shown yet (by id), drops the pending ones they answer (by clientId), keeps the order. */
export function mergeMessages(log: ChatLog, incoming: readonly ChatMessage[]): ChatLog {
  if (incoming.length === 0) return log;
  const known = new Set(log.messages.map((message) => message.id));
  const added = incoming.filter((message) => {
    if (known.has(message.id)) return false;
    known.add(message.id);
    return true;
  });
  const answered = new Set(incoming.map((message) => message.clientId).filter((id): id is string => !!id));
  const pending = answered.size ? log.pending.filter((one) => !answered.has(one.clientId)) : log.pending;
  if (added.length === 0 && pending === log.pending) return log;
  const messages = added.length ? [...log.messages, ...added].sort(compareMessages) : log.messages;
  return { ...log, messages, pending };
}

/**
 * A newer view of a conversation replaces the one shown; a view of an older conversation, or an older view of the
 * same one (a late push), changes nothing.
 */
export function withConversation(log: ChatLog, conversation: ConversationView | null): ChatLog {
  const current = log.conversation;
  if (!conversation) return log;
  if (current) {
    const order = compareIds(conversation.id, current.id);
    if (order < 0) return log;
    if (order === 0) {
      // Positions only move forwards; a status may change either way only through a newer lastSeq or close.
      const merged: ConversationView = {
        ...conversation,
        lastSeq: Math.max(conversation.lastSeq, current.lastSeq),
        agentSeenSeq: Math.max(conversation.agentSeenSeq, current.agentSeenSeq),
        memberSeenSeq: Math.max(conversation.memberSeenSeq, current.memberSeenSeq),
      };
      if (current.status === 'closed' && conversation.status !== 'closed') return log;
      return { ...log, conversation: merged };
    }
  }
  return { ...log, conversation };
}

/** The agent (or the member on another device) has read up to `seq`. */
export function withSeen(log: ChatLog, conversationId: string, by: 'member' | 'agent', seq: number): ChatLog {
  const current = log.conversation;
  if (!current || current.id !== conversationId) return log;
  const field = by === 'agent' ? 'agentSeenSeq' : 'memberSeenSeq';
  if (current[field] >= seq) return log;
  return { ...log, conversation: { ...current, [field]: seq } };
}

export function addPending(log: ChatLog, message: PendingMessage): ChatLog {
  return { ...log, pending: [...log.pending.filter((one) => one.clientId !== message.clientId), message] };
}

export function updatePending(log: ChatLog, clientId: string, change: Partial<PendingMessage>): ChatLog {
  if (!log.pending.some((one) => one.clientId === clientId)) return log;
  return {
    ...log,
    pending: log.pending.map((one) => (one.clientId === clientId ? { ...one, ...change } : one)),
  };
}

export function removePending(log: ChatLog, clientId: string): ChatLog {
  return { ...log, pending: log.pending.filter((one) => one.clientId !== clientId) };
}

/** The conversation the catch-up read asks about and the last seq shown in it (0: none yet). */
export function lastPosition(log: ChatLog): { conversation: string; seq: number } | null {
  const last = log.messages.at(-1);
  const conversation = log.conversation;
  if (!last && !conversation) return null;
  if (conversation && (!last || compareIds(conversation.id, last.conversationId) > 0))
    return { conversation: conversation.id, seq: 0 };
  return { conversation: last!.conversationId, seq: last!.seq };
}

/** How a member's stored message is marked: read once the agent's seen position covers it. */
export function deliveryMark(message: ChatMessage, conversation: ConversationView | null): 'sent' | 'read' {
  return conversation && conversation.id === message.conversationId && conversation.agentSeenSeq >= message.seq
    ? 'read'
    : 'sent';
}

/** The newest message from the other side (agent or bot) in the open conversation: what the member has now read. */
export function lastIncomingSeq(log: ChatLog): number {
  const conversation = log.conversation;
  if (!conversation) return 0;
  for (let index = log.messages.length - 1; index >= 0; index--) {
    const message = log.messages[index]!;
    if (message.conversationId !== conversation.id) return 0;
    if (message.from !== 'member') return message.seq;
  }
  return 0;
}

/** A fresh id for a message this client sends (contract `chatClientId`: 8-64 of A-Z a-z 0-9 _ -). */
export function makeClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `c${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

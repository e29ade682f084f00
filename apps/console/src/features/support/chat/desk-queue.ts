import type { ChatMessage, DeskChange, DeskConversation, DeskQueue } from '@jinb/contract';

/**
 * The chat seat's queue as live `desk` publications change it, between two reads of adminSupportQueue. A change
 * the queue can apply from what it holds is applied at once; one it cannot (a conversation it has never seen, taken
 * by this agent from another seat) asks for a fresh read (`refetch`). The server's read stays the truth: every
 * merge here is what that read would answer, never more.
 */
export type QueueMerge = { queue: DeskQueue; refetch: boolean };

/** A conversation waiting longer than this is highlighted in the queue. */
export const LONG_WAIT_MS = 3 * 60_000;

const byQueuedAt = (a: DeskConversation, b: DeskConversation) =>
  (a.queuedAt ?? a.createdAt).localeCompare(b.queuedAt ?? b.createdAt);
const byLastAt = (a: DeskConversation, b: DeskConversation) => b.lastAt.localeCompare(a.lastAt);

function find(queue: DeskQueue, id: string): DeskConversation | undefined {
  return queue.waiting.find((row) => row.id === id) ?? queue.mine.find((row) => row.id === id);
}

function without(queue: DeskQueue, id: string): DeskQueue {
  return { waiting: queue.waiting.filter((row) => row.id !== id), mine: queue.mine.filter((row) => row.id !== id) };
}

/** A message's text as the queue's row shows it (the server writes `[图片]` for an image). */
export function lastTextOf(message: ChatMessage): string {
  return message.kind === 'image' ? '[图片]' : message.text;
}

function withMessage(row: DeskConversation, message: ChatMessage, openId: string | null): DeskConversation {
  if (message.seq <= row.lastSeq) return row;
  const unread = message.from === 'member' && row.id !== openId ? row.unread + 1 : row.unread;
  return {
    ...row,
    lastSeq: Math.max(row.lastSeq, message.seq),
    lastText: lastTextOf(message),
    lastAt: message.createdAt > row.lastAt ? message.createdAt : row.lastAt,
    unread,
  };
}

/**
 * Applies one `desk` publication. `me` is the agent's operator id; `openId` the conversation on screen (its member
 * messages are read as they arrive, so they do not count as unread).
 */
export function mergeDeskChange(queue: DeskQueue, change: DeskChange, me: string, openId: string | null): QueueMerge {
  switch (change.type) {
    case 'message': {
      const id = change.message.conversationId;
      const update = (rows: DeskConversation[]) =>
        rows.map((row) => (row.id === id ? withMessage(row, change.message, openId) : row));
      if (!find(queue, id)) return { queue, refetch: false };
      return { queue: { waiting: update(queue.waiting), mine: update(queue.mine).sort(byLastAt) }, refetch: false };
    }
    case 'seen': {
      const update = (rows: DeskConversation[]) =>
        rows.map((row) => {
          if (row.id !== change.conversationId) return row;
          return change.by === 'member'
            ? { ...row, memberSeenSeq: Math.max(row.memberSeenSeq, change.seq) }
            : { ...row, agentSeenSeq: Math.max(row.agentSeenSeq, change.seq) };
        });
      return { queue: { waiting: update(queue.waiting), mine: update(queue.mine) }, refetch: false };
    }
    case 'status': {
      const next = change.conversation;
      const update = (rows: DeskConversation[]) =>
        rows.map((row) =>
          // lastSeq stays the queue's own: it moves with the messages merged, so one arriving after is still counted.
          row.id === next.id ? { ...row, ...next, lastSeq: row.lastSeq } : row,
        );
      return { queue: { waiting: update(queue.waiting), mine: update(queue.mine) }, refetch: false };
    }
    case 'queue': {
      const known = find(queue, change.conversationId);
      const rest = without(queue, change.conversationId);
      if (change.status === 'closed') return { queue: rest, refetch: false };
      if (change.status === 'waiting') {
        // Entered the queue: the row (account, last message, queued time) comes with the next read.
        if (!known) return { queue, refetch: true };
        const row = { ...known, status: 'waiting' as const, operatorId: null, queued: true };
        return { queue: { waiting: [...rest.waiting, row].sort(byQueuedAt), mine: rest.mine }, refetch: false };
      }
      // Open: with this agent it belongs to `mine`, with another it leaves this seat's lists.
      if (change.operatorId !== me) return { queue: rest, refetch: false };
      if (!known) return { queue, refetch: true };
      const row = { ...known, status: 'open' as const, operatorId: me };
      return { queue: { waiting: rest.waiting, mine: [row, ...rest.mine].sort(byLastAt) }, refetch: false };
    }
    case 'typing':
      return { queue, refetch: false };
  }
}

/** How long a conversation has waited (ms), from when it entered the queue. */
export function waitedMs(row: DeskConversation, now: number): number {
  return Math.max(0, now - Date.parse(row.queuedAt ?? row.createdAt));
}

/** The oldest waiting conversation's queue time (for the menu's badge and the dashboard's age), or undefined. */
export function oldestWaiting(queue: DeskQueue): string | undefined {
  let oldest: string | undefined;
  for (const row of queue.waiting) {
    const at = row.queuedAt ?? row.createdAt;
    if (oldest === undefined || at < oldest) oldest = at;
  }
  return oldest;
}

/**
 * The messages of the conversation on screen, by seq. A live message right after the last one held is added; one
 * further on means some were missed (`gap`: read the conversation again), an old one (already held) changes nothing.
 */
export function mergeMessage(
  messages: readonly ChatMessage[],
  message: ChatMessage,
): { messages: ChatMessage[]; gap: boolean } {
  const last = messages.length ? messages[messages.length - 1]!.seq : 0;
  if (messages.some((held) => held.seq === message.seq)) return { messages: [...messages], gap: false };
  if (message.seq > last + 1 && messages.length > 0) return { messages: [...messages], gap: true };
  return { messages: [...messages, message].sort((a, b) => a.seq - b.seq), gap: false };
}

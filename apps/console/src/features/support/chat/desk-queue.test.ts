import type { ChatMessage, DeskConversation, DeskQueue } from '@jinb/contract';
import { describe, expect, it } from 'vitest';
import { LONG_WAIT_MS, mergeDeskChange, mergeMessage, oldestWaiting, waitedMs } from './desk-queue';

const ME = '7';

function row(id: string, extra: Partial<DeskConversation> = {}): DeskConversation {
  return {
    id,
    status: 'waiting',
    agentName: null,
    lastSeq: 1,
    agentSeenSeq: 0,
    memberSeenSeq: 0,
    queued: true,
    rating: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    closedAt: null,
    party: `member:${id}`,
    account: `m${id}`,
    operatorId: null,
    lastText: '你好',
    lastAt: '2026-11-26T10:00:00.000Z',
    unread: 1,
    queuedAt: '2026-11-26T10:00:00.000Z',
    comment: null,
    ...extra,
  };
}

function message(conversationId: string, seq: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `${conversationId}-${seq}`,
    conversationId,
    seq,
    from: 'member',
    agentName: null,
    kind: 'text',
    text: `第${seq}条`,
    image: null,
    clientId: null,
    article: null,
    createdAt: `2026-11-26T10:0${seq}:00.000Z`,
    ...extra,
  };
}

const queue = (waiting: DeskConversation[], mine: DeskConversation[] = []): DeskQueue => ({ waiting, mine });

describe('the chat seat merging live desk changes into its queue', () => {
  it('when a member writes in a queued conversation, its row shows the text and one more unread', () => {
    const { queue: next, refetch } = mergeDeskChange(
      queue([row('1')]),
      { type: 'message', message: message('1', 2) },
      ME,
      null,
    );
    expect(refetch).toBe(false);
    expect(next.waiting[0]).toMatchObject({ lastText: '第2条', lastSeq: 2, unread: 2 });
  });

  it('when the message is in the conversation on screen, it is not counted unread', () => {
    const start = queue([], [row('1', { status: 'open', operatorId: ME, unread: 0 })]);
    const { queue: next } = mergeDeskChange(start, { type: 'message', message: message('1', 2) }, ME, '1');
    expect(next.mine[0]).toMatchObject({ lastText: '第2条', unread: 0 });
  });

  it('when the same message arrives twice (a replay after a reconnect), it is counted once', () => {
    const once = mergeDeskChange(queue([row('1')]), { type: 'message', message: message('1', 2) }, ME, null).queue;
    const twice = mergeDeskChange(once, { type: 'message', message: message('1', 2) }, ME, null).queue;
    expect(twice.waiting[0]?.unread).toBe(2);
  });

  it('when an image arrives, the row reads [图片]', () => {
    const image = message('1', 2, { kind: 'image', text: '', image: '/uploads/a.png' });
    const { queue: next } = mergeDeskChange(queue([row('1')]), { type: 'message', message: image }, ME, null);
    expect(next.waiting[0]?.lastText).toBe('[图片]');
  });

  it('when a conversation never seen enters the queue, the seat reads the queue again', () => {
    const start = queue([row('1')]);
    const merge = mergeDeskChange(
      start,
      { type: 'queue', conversationId: '9', status: 'waiting', operatorId: null },
      ME,
      null,
    );
    expect(merge.refetch).toBe(true);
    expect(merge.queue).toEqual(start);
  });

  it('when another agent takes a waiting conversation, it leaves this seat', () => {
    const merge = mergeDeskChange(
      queue([row('1'), row('2')]),
      { type: 'queue', conversationId: '1', status: 'open', operatorId: '8' },
      ME,
      null,
    );
    expect(merge.refetch).toBe(false);
    expect(merge.queue.waiting.map((one) => one.id)).toEqual(['2']);
    expect(merge.queue.mine).toEqual([]);
  });

  it('when this agent takes it, it moves from the queue to their own', () => {
    const merge = mergeDeskChange(
      queue([row('1'), row('2')]),
      { type: 'queue', conversationId: '2', status: 'open', operatorId: ME },
      ME,
      null,
    );
    expect(merge.queue.waiting.map((one) => one.id)).toEqual(['1']);
    expect(merge.queue.mine).toMatchObject([{ id: '2', status: 'open', operatorId: ME }]);
  });

  it('when a conversation is transferred to this agent from another seat, the seat reads the queue again', () => {
    const merge = mergeDeskChange(
      queue([]),
      { type: 'queue', conversationId: '5', status: 'open', operatorId: ME },
      ME,
      null,
    );
    expect(merge.refetch).toBe(true);
  });

  it('when one of mine is transferred away or closed, it leaves my list', () => {
    const start = queue(
      [],
      [row('3', { status: 'open', operatorId: ME }), row('4', { status: 'open', operatorId: ME })],
    );
    const away = mergeDeskChange(
      start,
      { type: 'queue', conversationId: '3', status: 'open', operatorId: '8' },
      ME,
      null,
    );
    expect(away.queue.mine.map((one) => one.id)).toEqual(['4']);
    const closed = mergeDeskChange(
      away.queue,
      { type: 'queue', conversationId: '4', status: 'closed', operatorId: ME },
      ME,
      null,
    );
    expect(closed.queue.mine).toEqual([]);
  });

  it('when a conversation goes back to waiting, the queue keeps the oldest first', () => {
    const start = queue(
      [row('1', { queuedAt: '2026-11-26T10:05:00.000Z' })],
      [row('2', { status: 'open', operatorId: ME, queuedAt: '2026-11-26T10:01:00.000Z' })],
    );
    const merge = mergeDeskChange(
      start,
      { type: 'queue', conversationId: '2', status: 'waiting', operatorId: null },
      ME,
      null,
    );
    expect(merge.queue.waiting.map((one) => one.id)).toEqual(['2', '1']);
    expect(merge.queue.mine).toEqual([]);
  });

  it('when the member reads the agent’s messages, the read mark moves forward only', () => {
    const start = queue([], [row('1', { status: 'open', operatorId: ME, memberSeenSeq: 4 })]);
    const back = mergeDeskChange(start, { type: 'seen', conversationId: '1', by: 'member', seq: 2 }, ME, null);
    expect(back.queue.mine[0]?.memberSeenSeq).toBe(4);
    const on = mergeDeskChange(start, { type: 'seen', conversationId: '1', by: 'member', seq: 6 }, ME, null);
    expect(on.queue.mine[0]?.memberSeenSeq).toBe(6);
  });

  it('a message for a conversation with another agent changes nothing here', () => {
    const start = queue([row('1')]);
    const merge = mergeDeskChange(start, { type: 'message', message: message('42', 3) }, ME, null);
    expect(merge).toEqual({ queue: start, refetch: false });
  });
});

describe('the conversation on screen', () => {
  it('adds the next message, ignores one already held, and reports a gap', () => {
    const held = [message('1', 1), message('1', 2)];
    expect(mergeMessage(held, message('1', 3)).messages.map((one) => one.seq)).toEqual([1, 2, 3]);
    expect(mergeMessage(held, message('1', 2))).toEqual({ messages: held, gap: false });
    expect(mergeMessage(held, message('1', 5))).toEqual({ messages: held, gap: true });
  });
});

describe('waiting times', () => {
  it('counts from the queue time and finds the oldest', () => {
    const rows = [
      row('1', { queuedAt: '2026-11-26T10:02:00.000Z' }),
      row('2', { queuedAt: '2026-11-26T10:00:30.000Z' }),
    ];
    expect(oldestWaiting(queue(rows))).toBe('2026-11-26T10:00:30.000Z');
    expect(oldestWaiting(queue([]))).toBeUndefined();
    const now = Date.parse('2026-11-26T10:05:00.000Z');
    expect(waitedMs(rows[0]!, now)).toBe(3 * 60_000);
    expect(waitedMs(rows[0]!, now) >= LONG_WAIT_MS).toBe(true);
    expect(waitedMs(rows[1]!, now - 60_000) >= LONG_WAIT_MS).toBe(true);
  });
});

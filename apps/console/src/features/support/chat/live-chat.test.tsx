import type { DeskChange, DeskConversation, DeskConversationDetail, DeskQueue } from '@jinb/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../../shared/access/access';
import * as queues from '../../../shared/realtime/queues';
import { operatorSocket } from '../../../shared/realtime/socket';
import { ConversationPanel } from './ConversationPanel';
import { DeskQueueWatcher, useSeatOnScreen } from './DeskQueueWatcher';

function row(id: string, extra: Partial<DeskConversation> = {}): DeskConversation {
  const at = '2026-11-26T10:00:00.000Z';
  return {
    id,
    status: 'waiting',
    agentName: null,
    lastSeq: 1,
    agentSeenSeq: 0,
    memberSeenSeq: 0,
    queued: true,
    rating: null,
    createdAt: at,
    closedAt: null,
    party: `member:${id}`,
    account: `member${id}`,
    operatorId: null,
    lastText: '你好',
    lastAt: at,
    unread: 1,
    queuedAt: at,
    comment: null,
    ...extra,
  };
}

/** The server: adminSupportQueue answers whatever `queue` holds now; the rest answer empty lists. */
function serve(queue: { current: DeskQueue }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const data = /\/support\/conversations(\?|$)/.test(url) ? queue.current : [];
      return new Response(JSON.stringify({ status: true, data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

/** The `desk` listeners the components register, to play publications to them. */
function captureDesk() {
  const listeners = new Set<(data: unknown) => void>();
  vi.spyOn(operatorSocket, 'listen').mockImplementation((topic, listener) => {
    if (topic === 'desk') listeners.add(listener);
    return () => listeners.delete(listener);
  });
  return (change: DeskChange) =>
    act(() => {
      for (const listener of listeners) listener(change);
    });
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const operator = toConsoleOperator({ id: '5', account: 'agent5', role: 'support' } as never);
  return (
    <QueryClientProvider client={client}>
      <OperatorProvider operator={operator}>{children}</OperatorProvider>
    </QueryClientProvider>
  );
}

describe('the chat queue watched from any page', () => {
  beforeEach(() => {
    document.title = '金币运营后台';
    queues.clearQueues();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    queues.clearQueues();
  });

  it('reports the waiting count, reads again when a conversation enters the queue, and beeps for it', async () => {
    const queue = { current: { waiting: [row('1')], mine: [] } as DeskQueue };
    serve(queue);
    const publish = captureDesk();
    render(wrap(<DeskQueueWatcher me="5" />));
    await waitFor(() => expect(queues.queueTotal()).toBe(1));
    expect(document.title).toBe('(1) 金币运营后台');

    const before = queues.beeps;
    queue.current = { waiting: [row('1'), row('2')], mine: [] };
    publish({ type: 'queue', conversationId: '2', status: 'waiting', operatorId: null });
    await waitFor(() => expect(queues.queueTotal()).toBe(2));
    expect(queues.beeps).toBe(before + 1);

    // Taken by another agent: it leaves the count at once, without a read.
    publish({ type: 'queue', conversationId: '1', status: 'open', operatorId: '9' });
    await waitFor(() => expect(queues.queueTotal()).toBe(1));
    expect(queues.beeps).toBe(before + 1);
  });

  it('leaves the queue to the chat seat while one is on screen', async () => {
    const queue = { current: { waiting: [row('1')], mine: [] } as DeskQueue };
    const asked = serve(queue);
    const publish = captureDesk();
    function Seat() {
      useSeatOnScreen();
      return null;
    }
    const { rerender } = render(wrap(<DeskQueueWatcher me="5" />));
    await waitFor(() => expect(queues.queueTotal()).toBe(1));
    rerender(
      wrap(
        <>
          <DeskQueueWatcher me="5" />
          <Seat />
        </>,
      ),
    );
    const reads = asked.length;
    publish({ type: 'queue', conversationId: '1', status: 'open', operatorId: '9' });
    publish({ type: 'queue', conversationId: '3', status: 'waiting', operatorId: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queues.queueTotal()).toBe(1);
    expect(asked.length).toBe(reads);
  });
});

describe('the agent’s typing', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function detail(extra: Partial<DeskConversation>): DeskConversationDetail {
    return {
      conversation: row('7', { status: 'open', operatorId: '5', agentName: '客服5', ...extra }),
      messages: [],
      more: false,
      member: null,
    };
  }

  it('tells the member at most every 2 s while the agent types in a conversation they hold', () => {
    serve({ current: { waiting: [], mine: [] } });
    const send = vi.spyOn(operatorSocket, 'send').mockReturnValue(true);
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    render(wrap(<ConversationPanel detail={detail({})} loading={false} typing={false} me="5" />));
    const box = screen.getByRole('textbox', { name: /输入回复/ });
    fireEvent.change(box, { target: { value: '您' } });
    fireEvent.change(box, { target: { value: '您好' } });
    expect(send.mock.calls).toEqual([[{ op: 'typing', conversation: '7' }]]);
    now += 2_000;
    fireEvent.change(box, { target: { value: '您好，' } });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('says nothing in a conversation another agent holds, or one waiting', () => {
    serve({ current: { waiting: [], mine: [] } });
    const send = vi.spyOn(operatorSocket, 'send').mockReturnValue(true);
    const { unmount } = render(
      wrap(<ConversationPanel detail={detail({ operatorId: '9' })} loading={false} typing={false} me="5" />),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /输入回复/ }), { target: { value: '你好' } });
    unmount();
    render(
      wrap(
        <ConversationPanel
          detail={detail({ status: 'waiting', operatorId: null })}
          loading={false}
          typing={false}
          me="5"
        />,
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /输入回复/ }), { target: { value: '你好' } });
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the member’s typing to the agent', () => {
    serve({ current: { waiting: [], mine: [] } });
    render(wrap(<ConversationPanel detail={detail({})} loading={false} typing me="5" />));
    expect(screen.getByText('对方正在输入…')).toBeTruthy();
  });
});

import type { DeskConversation } from '@jinb/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueuePanel } from './QueuePanel';

function row(id: string, account: string | null, minutesAgo: number, extra: Partial<DeskConversation> = {}) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
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
    party: account ? `member:${id}` : `guest:${id}`,
    account,
    operatorId: null,
    lastText: `问题${id}`,
    lastAt: at,
    unread: 1,
    queuedAt: at,
    comment: null,
    ...extra,
  } satisfies DeskConversation;
}

describe('the chat seat’s queue', () => {
  it('shows who waits and for how long, a long wait in red, and opens a conversation on click', () => {
    const onOpen = vi.fn();
    render(
      <QueuePanel
        queue={{ waiting: [row('1', 'alice01', 5), row('2', null, 0)], mine: [] }}
        loading={false}
        openId={null}
        onOpen={onOpen}
      />,
    );
    const long = screen.getByRole('button', { name: 'alice01' });
    expect(long.dataset.longWait).toBe('true');
    expect(within(long).getByText(/等待过久/)).toBeTruthy();
    expect(within(long).getByText(/已等待 5 分钟/)).toBeTruthy();
    const guest = screen.getByRole('button', { name: '游客 #2' });
    expect(guest.dataset.longWait).toBeUndefined();
    expect(within(guest).getByText('刚刚')).toBeTruthy();
    fireEvent.click(guest);
    expect(onOpen).toHaveBeenCalledWith('2');
  });

  it('follows the conversation on screen to 我的会话 once this agent has taken it', async () => {
    const waiting = { waiting: [row('3', 'bob02', 1)], mine: [] };
    const { rerender } = render(<QueuePanel queue={waiting} loading={false} openId="3" onOpen={() => {}} />);
    expect(screen.getByRole('tab', { name: /排队中/ }).getAttribute('aria-selected')).toBe('true');
    const taken = { waiting: [], mine: [row('3', 'bob02', 1, { status: 'open', operatorId: '7', unread: 0 })] };
    rerender(<QueuePanel queue={taken} loading={false} openId="3" onOpen={() => {}} />);
    expect((await screen.findByRole('tab', { name: /我的会话/, selected: true })).textContent).toContain('1');
    expect(screen.getByRole('button', { name: 'bob02' })).toBeTruthy();
  });
});

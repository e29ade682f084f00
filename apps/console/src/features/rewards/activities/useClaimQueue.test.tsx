import type { ClaimQueueChange, OperatorRole } from '@jinb/contract';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../../shared/access/access';
import * as queues from '../../../shared/realtime/queues';
import { operatorSocket } from '../../../shared/realtime/socket';
import { LIVE_QUEUE_GATHER_MS } from '../../../shared/realtime/useLiveQueue';
import { ClaimQueueWatcher } from './useClaimQueue';

/** The server's open claims: `total` waiting, the oldest created at `oldest`. */
function serve(state: { total: number; oldest: string }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const oldest = {
        id: '1',
        promoId: 2,
        title: '晋级彩金申请',
        kind: 'apply',
        period: 'w2026-11-23',
        status: 'pending',
        amount: '0.0000',
        basis: '0.0000',
        note: '请审核',
        flags: [],
        reviewNote: '',
        createdAt: state.oldest,
        reviewedAt: null,
        memberId: '8',
        account: 'member8',
      };
      const list = state.total > 0 ? [oldest] : [];
      const data = { list, total: state.total, page: 1, size: 1 };
      return new Response(JSON.stringify({ status: true, data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function captureClaims() {
  const topics: string[] = [];
  const listeners = new Set<(data: unknown) => void>();
  vi.spyOn(operatorSocket, 'listen').mockImplementation((topic, listener) => {
    topics.push(topic);
    if (topic === 'claims') listeners.add(listener);
    return () => listeners.delete(listener);
  });
  return {
    topics,
    publish: (change: ClaimQueueChange) =>
      act(() => {
        for (const listener of listeners) listener(change);
      }),
  };
}

const as = (role: OperatorRole) => toConsoleOperator({ id: '3', account: 'op3', role } as never);

describe('the claims queue watched from any page', () => {
  beforeEach(() => {
    document.title = '金币运营后台';
    queues.clearQueues();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    queues.clearQueues();
  });

  it('badges the open claims with the oldest, and reads again (once for a burst) when the claims topic speaks', async () => {
    const state = { total: 2, oldest: '2026-11-26T08:00:00.000Z' };
    const asked = serve(state);
    const { publish, topics } = captureClaims();
    render(
      <OperatorProvider operator={as('marketing')}>
        <ClaimQueueWatcher />
      </OperatorProvider>,
    );
    await waitFor(() => expect(queues.queueTotal()).toBe(2));
    expect(topics).toEqual(['claims']);
    expect(asked[0]).toContain('/api/admin/v1/promotions/claims?');
    expect(asked[0]).toContain('status=open');

    const before = queues.beeps;
    state.total = 3;
    const reads = asked.length;
    publish({ id: '9', state: 'review' });
    publish({ id: '10', state: 'pending' });
    await new Promise((resolve) => setTimeout(resolve, LIVE_QUEUE_GATHER_MS + 100));
    await waitFor(() => expect(queues.queueTotal()).toBe(3));
    expect(asked.length).toBe(reads + 1);
    expect(queues.beeps).toBe(before + 1);
    expect(document.title).toBe('(3) 金币运营后台');

    state.total = 0;
    publish({ id: '9', state: 'paid' });
    await waitFor(() => expect(queues.queueTotal()).toBe(0));
    expect(document.title).toBe('金币运营后台');
  });

  it('neither reads nor listens for a role that may not review claims', async () => {
    const asked = serve({ total: 4, oldest: '2026-11-26T08:00:00.000Z' });
    const { topics } = captureClaims();
    render(
      <OperatorProvider operator={as('trader')}>
        <ClaimQueueWatcher />
      </OperatorProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(topics).toEqual([]);
    expect(queues.queueTotal()).toBe(0);
  });
});

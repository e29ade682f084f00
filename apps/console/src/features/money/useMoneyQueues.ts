import type { ConsolePage, MoneyQueue, MoneyQueueChange } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { reportQueue } from '../../shared/realtime/queues';
import { useOperatorTopic } from '../../shared/realtime/useOperatorTopic';

/** Which console page works each money queue (its menu entry carries the badge). */
export const QUEUE_PAGES: Record<MoneyQueue, ConsolePage> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  approvals: 'approvals',
  unmatched: 'unmatchedPayments',
};

/** A missed message (the socket was away) is caught up by this slow re-read. */
const REFRESH_MS = 60_000;
/** Changes that come together (a batch of expiries) cost one read. */
const GATHER_MS = 250;

export type MoneyQueues = Result<'adminMoneyQueues'>;

/**
 * The money desk's queues, live: reads the counts (`adminMoneyQueues`) and reads them again on every `money`
 * publication, reporting each to the menu badges (a rise beeps: a new withdrawal sounds). `onChange` hears each
 * change, so a page reloads its list without the operator doing anything.
 */
export function useMoneyQueues(onChange?: (change: MoneyQueueChange) => void): MoneyQueues | null {
  const can = useCan();
  const allowed = can('adminMoneyQueues');
  const [queues, setQueues] = useState<MoneyQueues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const read = useCallback(async () => {
    try {
      const answer = await call('adminMoneyQueues');
      setQueues(answer);
      for (const [queue, page] of Object.entries(QUEUE_PAGES) as [MoneyQueue, ConsolePage][]) {
        const one = answer.queues[queue];
        if (one) reportQueue(page, one.count, one.oldestAt ?? undefined);
      }
    } catch {
      // The badges keep their last numbers; the next change or the slow re-read tries again.
    }
  }, []);

  useEffect(() => {
    if (!allowed) return;
    void read();
    const interval = setInterval(() => void read(), REFRESH_MS);
    return () => {
      clearInterval(interval);
      clearTimeout(timer.current);
    };
  }, [allowed, read]);

  useOperatorTopic<MoneyQueueChange>(allowed ? 'money' : null, (change) => {
    onChange?.(change);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void read(), GATHER_MS);
  });

  return queues;
}

/** Mounted once in the layout (or on any money page): keeps the money badges live wherever the operator is. */
export function MoneyQueueWatcher() {
  useMoneyQueues();
  return null;
}

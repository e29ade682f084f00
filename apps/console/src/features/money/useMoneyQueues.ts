import type { ConsolePage, MoneyQueue, MoneyQueueChange } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { reportQueue } from '../../shared/realtime/queues';
import { useLiveQueue } from '../../shared/realtime/useLiveQueue';

/** Which console page works each money queue (its menu entry carries the badge). */
export const QUEUE_PAGES: Record<MoneyQueue, ConsolePage> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  approvals: 'approvals',
  unmatched: 'unmatchedPayments',
};

export type MoneyQueues = Result<'adminMoneyQueues'>;

/** The counts (`adminMoneyQueues`), each reported to its menu badge (a rise beeps: a new withdrawal sounds). */
async function readMoneyQueues(): Promise<MoneyQueues> {
  const answer = await call('adminMoneyQueues');
  for (const [queue, page] of Object.entries(QUEUE_PAGES) as [MoneyQueue, ConsolePage][]) {
    const one = answer.queues[queue];
    if (one) reportQueue(page, one.count, one.oldestAt ?? undefined);
  }
  return answer;
}

/**
 * The money desk's queues, live on the `money` topic. `onChange` hears each change, so a page reloads its list
 * without the operator doing anything.
 */
export function useMoneyQueues(onChange?: (change: MoneyQueueChange) => void): MoneyQueues | null {
  const allowed = useCan()('adminMoneyQueues');
  return useLiveQueue<MoneyQueueChange, MoneyQueues>({ topic: 'money', allowed, read: readMoneyQueues, onChange });
}

/** Mounted once in the layout (or on any money page): keeps the money badges live wherever the operator is. */
export function MoneyQueueWatcher() {
  useMoneyQueues();
  return null;
}

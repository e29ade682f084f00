import type { ClaimQueueChange } from '@jinb/contract';
import { useCan } from '../../../shared/access/access';
import { call } from '../../../shared/api/call';
import { reportQueue } from '../../../shared/realtime/queues';
import { useLiveQueue } from '../../../shared/realtime/useLiveQueue';

/**
 * How many claims wait (`adminPromotionClaims`, status `open`, oldest first: one row is enough for the count and the
 * oldest), reported to the 活动与申领 badge (a rise beeps).
 */
async function readClaimQueue(): Promise<void> {
  const answer = await call('adminPromotionClaims', { query: { status: 'open', page: 1, size: 1 } });
  reportQueue('activities', answer.total, answer.list[0]?.createdAt);
}

/**
 * The activities' review queue, live on the `claims` topic (issue 27). `onChange` hears each burst of changes once
 * the count is asked for again, so the claims page reloads its list without the operator doing anything.
 */
export function useClaimQueue(onChange?: (changes: ClaimQueueChange[]) => void): void {
  const allowed = useCan()('adminPromotionClaims');
  useLiveQueue<ClaimQueueChange, void>({ topic: 'claims', allowed, read: readClaimQueue, onGathered: onChange });
}

/** Mounted once in the layout for marketing: the claims badge and its sound on every page. */
export function ClaimQueueWatcher() {
  useClaimQueue();
  return null;
}

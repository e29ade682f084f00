import type { ClaimQueueChange } from '@jinb/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useCan } from '../../../shared/access/access';
import { call } from '../../../shared/api/call';
import { reportQueue } from '../../../shared/realtime/queues';
import { useOperatorTopic } from '../../../shared/realtime/useOperatorTopic';

/** A missed message (the socket was away) is caught up by this slow re-read. */
const REFRESH_MS = 60_000;
/** Changes that come together (a batch of decisions) cost one read. */
export const CLAIMS_GATHER_MS = 250;

/**
 * The activities' review queue, live (issue 27): reads how many claims wait (`adminPromotionClaims`, status `open`,
 * oldest first: one row is enough for the count and the oldest) and reads again on every `claims` publication,
 * reporting it to the 活动与申领 badge (a rise beeps). `onChange` hears each change after the gathering delay, so the
 * claims page reloads its list without the operator doing anything.
 */
export function useClaimQueue(onChange?: (changes: ClaimQueueChange[]) => void): void {
  const can = useCan();
  const allowed = can('adminPromotionClaims');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const gathered = useRef<ClaimQueueChange[]>([]);
  const listener = useRef(onChange);
  listener.current = onChange;

  const read = useCallback(async () => {
    try {
      const answer = await call('adminPromotionClaims', { query: { status: 'open', page: 1, size: 1 } });
      reportQueue('activities', answer.total, answer.list[0]?.createdAt);
    } catch {
      // The badge keeps its last number; the next change or the slow re-read tries again.
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

  useOperatorTopic<ClaimQueueChange>(allowed ? 'claims' : null, (change) => {
    gathered.current.push(change);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const changes = gathered.current;
      gathered.current = [];
      void read();
      listener.current?.(changes);
    }, CLAIMS_GATHER_MS);
  });
}

/** Mounted once in the layout for marketing: the claims badge and its sound on every page. */
export function ClaimQueueWatcher() {
  useClaimQueue();
  return null;
}

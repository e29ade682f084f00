import type { OperatorTopic } from '@jinb/contract';
import { useEffect, useRef, useState } from 'react';
import { useOperatorTopic } from './useOperatorTopic';

/** A missed publication (the socket was away) is caught up by this slow re-read. */
export const LIVE_QUEUE_REFRESH_MS = 60_000;
/** Changes that come together (a batch of expiries, of decisions) cost one read. */
export const LIVE_QUEUE_GATHER_MS = 250;

/**
 * A work queue kept live from an operator topic: `read` (which also reports the menu badge) runs at once, every
 * minute, and once after each burst of publications on `topic`. `onChange` hears each publication as it comes (a
 * page can patch its list at once); `onGathered` hears the burst after the read was asked for (a page reloads its
 * list once). Nothing runs while `allowed` is false (the role may not see the queue). Answers the last read.
 */
export function useLiveQueue<Change, Answer>(options: {
  topic: OperatorTopic;
  allowed: boolean;
  read: () => Promise<Answer>;
  onChange?: (change: Change) => void;
  onGathered?: (changes: Change[]) => void;
}): Answer | null {
  const { topic, allowed } = options;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const gathered = useRef<Change[]>([]);

  const read = useRef(async () => {
    try {
      setAnswer(await latest.current.read());
    } catch {
      // The badge keeps its last number; the next change or the slow re-read tries again.
    }
  }).current;

  useEffect(() => {
    if (!allowed) return;
    void read();
    const interval = setInterval(() => void read(), LIVE_QUEUE_REFRESH_MS);
    return () => {
      clearInterval(interval);
      clearTimeout(timer.current);
    };
  }, [allowed, read]);

  useOperatorTopic<Change>(allowed ? topic : null, (change) => {
    latest.current.onChange?.(change);
    gathered.current.push(change);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const changes = gathered.current;
      gathered.current = [];
      void read();
      latest.current.onGathered?.(changes);
    }, LIVE_QUEUE_GATHER_MS);
  });

  return answer;
}

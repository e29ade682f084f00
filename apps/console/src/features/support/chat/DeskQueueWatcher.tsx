import type { DeskChange, DeskQueue } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reportQueue } from '../../../shared/realtime/queues';
import { useOperatorTopic } from '../../../shared/realtime/useOperatorTopic';
import { deskQueueQuery, supportKeys } from '../support.queries';
import { mergeDeskChange, oldestWaiting } from './desk-queue';

/**
 * Chat seats open now. While one is, it merges the `desk` changes into the queue itself (it knows which conversation
 * is on screen, whose new messages are not unread); the watcher leaves the cache to it, so no change is counted twice.
 */
let seatsOpen = 0;

/** The chat seat says it is on screen for as long as it is mounted. */
export function useSeatOnScreen(): void {
  useEffect(() => {
    seatsOpen += 1;
    return () => {
      seatsOpen -= 1;
    };
  }, []);
}

/**
 * Mounted once in the layout for the agents (issue 27): the chat queue's badge, the title's count and the new-work
 * beep from any page, not only while the chat seat is open. It holds the same cache as the seat (adminSupportQueue,
 * read again every 15 s) and keeps it live from the `desk` topic: a new conversation asks for a fresh read, so its
 * arrival raises the count and beeps. `me` is the agent's operator id.
 */
export function DeskQueueWatcher({ me }: { me: string }) {
  const client = useQueryClient();
  const queue = useQuery(deskQueueQuery);

  useOperatorTopic<DeskChange>('desk', (change) => {
    if (seatsOpen > 0) return;
    const held = client.getQueryData<DeskQueue>(supportKeys.queue());
    if (!held) return;
    const merge = mergeDeskChange(held, change, me, null);
    if (merge.queue !== held) client.setQueryData(supportKeys.queue(), merge.queue);
    if (merge.refetch) void client.invalidateQueries({ queryKey: supportKeys.queue() });
  });

  useEffect(() => {
    if (queue.data) reportQueue('supportChat', queue.data.waiting.length, oldestWaiting(queue.data));
  }, [queue.data]);

  return null;
}

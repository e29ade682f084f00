import type { MoneyQueue, MoneyQueueChange } from '@jinb/contract';
import type { ChatPublisher } from '../../realtime/realtime-port';

/**
 * The money desk's live queues (issue 27): each use case that moves an item into or out of a queue (deposits
 * `pending`, withdrawals `unhandled`/`accepted`, approvals `pending`, payments `unmatched`) tells the `money` topic
 * after its transaction commits. Never throws, never waits: the console reads the queue again over HTTP on each
 * message, so a lost one only delays a number.
 */
export type MoneyQueuePublisher = { changed(queue: MoneyQueue, id: bigint | string, state: string): void };

export function createMoneyQueuePublisher(publisher: Pick<ChatPublisher, 'publishToOperators'>): MoneyQueuePublisher {
  return {
    changed(queue, id, state) {
      publisher.publishToOperators('money', { queue, id: id.toString(), state } satisfies MoneyQueueChange);
    },
  };
}

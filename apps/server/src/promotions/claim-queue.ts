import type { ClaimQueueChange, PromotionClaimStatus } from '@jinb/contract';
import type { ChatPublisher } from '../realtime/realtime-port';

/**
 * The activities' review queue, live (issue 27): a claim kept for review (`review`), an application (`pending`), and
 * either leaving the queue (`paid`, `rejected`) are told on the marketing operators' `claims` topic after their
 * transaction commits. Never throws, never waits: the console reads the queue again on each message, so a lost one
 * only delays a number.
 */
export type ClaimQueuePublisher = { changed(id: bigint | string, state: PromotionClaimStatus): void };

export function createClaimQueuePublisher(publisher: Pick<ChatPublisher, 'publishToOperators'>): ClaimQueuePublisher {
  return {
    changed(id, state) {
      publisher.publishToOperators('claims', { id: id.toString(), state } satisfies ClaimQueueChange);
    },
  };
}

/** For services built without the channel (unit tests that do not look at it). */
export const silentClaimQueue: ClaimQueuePublisher = { changed() {} };

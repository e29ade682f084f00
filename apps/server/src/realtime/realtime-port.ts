import type { MemberTopic } from '@jinb/contract';

/**
 * What other modules call to publish (issue 21). Modules publish after their transaction commits; a publication
 * is a change, never the only copy (the database is the truth, a client that missed too much reloads over HTTP).
 * `publish` reaches a public topic (`event:<id>`, `live`); `publishToMember` one member's `balance`, `bets`,
 * `cashout` or `inbox`. Neither throws nor waits: a broken channel must never fail the money path that called it.
 */
export interface RealtimePublisher {
  publish(topic: string, data: unknown): void;
  publishToMember(memberId: bigint, topic: MemberTopic, data: unknown): void;
}

/** Until the channel is wired (and in unit tests that do not look at it): publications go nowhere. */
export const silentPublisher: RealtimePublisher = { publish() {}, publishToMember() {} };

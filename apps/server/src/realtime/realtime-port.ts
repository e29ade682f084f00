import type { MemberTopic, OperatorTopic } from '@jinb/contract';

/**
 * What other modules call to publish (issue 21). Modules publish after their transaction commits; a publication
 * is a change, never the only copy (the database is the truth, a client that missed too much reloads over HTTP).
 * `publish` reaches a public topic (`event:<id>`, `live`); `publishToMember` one member's `balance`, `bets`,
 * `cashout`, `inbox` or `support`. Neither throws nor waits: a broken channel must never fail the money path that
 * called it.
 */
export interface RealtimePublisher {
  publish(topic: string, data: unknown): void;
  publishToMember(memberId: bigint, topic: MemberTopic, data: unknown): void;
}

/**
 * The chat's publications (issue 25), on top of a member's: a chat guest's own `support` topic, and the operators'
 * shared topics (`desk`: every agent's socket). Same rules: after the commit, never throws, never waits.
 */
export interface ChatPublisher extends RealtimePublisher {
  publishToGuest(guestId: bigint, topic: 'support', data: unknown): void;
  publishToOperators(topic: OperatorTopic, data: unknown): void;
}

/** Until the channel is wired (and in unit tests that do not look at it): publications go nowhere. */
export const silentPublisher: ChatPublisher = {
  publish() {},
  publishToMember() {},
  publishToGuest() {},
  publishToOperators() {},
};

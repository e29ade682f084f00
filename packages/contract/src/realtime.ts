import { z } from 'zod';
import type { RoleGroup } from './operator-access';
import type { PromotionClaimStatus } from './promotions';
import type { EVENT_STATUSES, MARKET_STATUSES } from './sports-vocabulary';
import type { ChatMessage, ConversationView } from './support';

/**
 * The realtime channel (issue 21): one WebSocket per page at `/ws`. The database stays the source of truth; the
 * channel carries changes, each with its topic's position (`epoch` + `version`), so a client that reconnects asks
 * for what it missed and either gets it from the bounded history or is told to reload the topic over HTTP.
 *
 * Topics a client names:
 * - `event:<id>`: one event's prices, market statuses, status and score (public);
 * - `live`: the in-play list: an event going live, its score, leaving the list (public);
 * - `table:<code>`: a casino table's rounds as their phases change (public; casino.ts `TablePush`);
 * - `balance`, `bets`, `cashout`, `inbox`, `support`: the signed-in member's own (the server maps them to that
 *   member; another member's are unreachable by construction). A chat guest (support.ts) has `support` only;
 * - `desk`: the support agents' (an operator with the support or admin role; issue 25);
 * - `money`: the money desk's queues (issue 27; ROLE_GROUPS.money): an item entering or leaving a queue;
 * - `claims`: the activities' claims waiting for review (issue 27; ROLE_GROUPS.marketing).
 *
 * Who a socket is: `auth` with `as` `member` (the default: a member session token), `guest` (a chat guest token from
 * `supportGuest`) or `operator` (an operator session token).
 */
export const REALTIME_PATH = '/ws';
export const PUBLIC_TOPIC = /^(event:\d{1,18}|live|table:[A-Z0-9]{2,12})$/;
export const MEMBER_TOPICS = ['balance', 'bets', 'cashout', 'inbox', 'support'] as const;
export type MemberTopic = (typeof MEMBER_TOPICS)[number];
/** Topics of operators, by role (issue 25: the support desk; issue 27: the console's queues). */
export const OPERATOR_TOPICS = ['desk', 'money', 'claims'] as const;
export type OperatorTopic = (typeof OPERATOR_TOPICS)[number];
/** Which role group may subscribe each operator topic (operator-access.ts); any other operator is TOPIC_FORBIDDEN. */
export const OPERATOR_TOPIC_ACCESS = {
  desk: 'support',
  money: 'money',
  claims: 'marketing',
} as const satisfies Record<OperatorTopic, RoleGroup>;
export const SOCKET_IDENTITIES = ['member', 'guest', 'operator'] as const;

/** A topic's position: the epoch changes when its history is lost (a restart without Redis, a trimmed stream). */
export const topicPosition = z.object({ epoch: z.string().max(64), version: z.number().int().min(0) });
export type TopicPosition = z.infer<typeof topicPosition>;

/** What a client sends (JSON text frames). `auth` may come first instead of the `t` query parameter. */
export const clientFrame = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), t: z.string().max(512), as: z.enum(SOCKET_IDENTITIES).optional() }),
  z.object({ op: z.literal('sub'), topic: z.string().max(64), since: topicPosition.optional() }),
  z.object({ op: z.literal('unsub'), topic: z.string().max(64) }),
  z.object({ op: z.literal('ping') }),
  /**
   * Chat (issue 25): a message (`text` or an uploaded `image`), stored and then answered `ack` with it, or `error`
   * with the `clientId`. A member or guest writes in their open conversation (one is opened if none is); an agent
   * names the `conversation`. `clientId` makes a resend (after a dropped socket) store nothing new.
   */
  z.object({
    op: z.literal('say'),
    clientId: z.string().max(64),
    conversation: z.string().max(20).optional(),
    text: z.string().max(1_000).optional(),
    image: z.string().max(512).optional(),
  }),
  /** The sender is typing (not stored; sent on to the other side at most every 2 s). */
  z.object({ op: z.literal('typing'), conversation: z.string().max(20).optional() }),
  /** The sender has read the other side's messages up to `seq`. */
  z.object({ op: z.literal('seen'), conversation: z.string().max(20).optional(), seq: z.number().int().min(0) }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/**
 * What the server sends:
 * - a publication: `{ topic, epoch, version, data }` (no `op`), versions consecutive within an epoch;
 * - `{ op: 'subscribed', topic, epoch, version }`: the topic's position now (after any missed publications that
 *   were replayed);
 * - `{ op: 'reload', topic, epoch, version }`: the history since `since` is gone: read the topic's state over HTTP;
 * - `{ op: 'error', code, topic? }`: a refused frame (the socket stays open) — `TOPIC_UNKNOWN`, `TOPIC_FORBIDDEN`,
 *   `FRAME_INVALID`, `TOO_MANY_TOPICS`;
 * - `{ op: 'pong' }`.
 * Close codes: 4001 token refused, 4008 flood or garbage, 4009 too slow (send buffer over its bound), 1009 frame
 * too large, 1001 server going away, 1013 try again later (the token could not be checked now: the address's
 * lookup allowance is spent or the database is away; reconnect with backoff). Refused before the upgrade (plain
 * HTTP): 403 a foreign Origin, 429 too many sockets from the address, 503 too many on the process.
 */
export type Publication<T = unknown> = { topic: string; epoch: string; version: number; data: T };
export type ServerFrame =
  | Publication
  | { op: 'subscribed' | 'reload'; topic: string; epoch: string; version: number }
  | { op: 'error'; code: string; topic?: string; clientId?: string }
  | { op: 'ack'; clientId: string; message: ChatMessage }
  | { op: 'pong' };

export const REALTIME_CLOSE = { token: 4001, abuse: 4008, slow: 4009, tooLarge: 1009, goingAway: 1001 } as const;

// --- topic payloads ------------------------------------------------------------------------------------------

/** `event:<id>`: what changed, with the event's version (a late message never moves the screen backwards). */
export type EventChange = {
  id: string;
  version: number;
  status?: (typeof EVENT_STATUSES)[number];
  /** The score and the match clock while live. */
  live?: { home: number; away: number; minute?: number; sets?: Array<{ home: number; away: number }> } | null;
  markets?: Array<{ id: string; status: (typeof MARKET_STATUSES)[number] }>;
  /** Selections whose odds moved: the new odds (decimal text) and version. */
  selections?: Array<{ id: string; odds: string; version: number }>;
  /** Markets added to the event (in play, a new line): read the event again over HTTP. */
  reload?: boolean;
};

/** `live`: an event entering, changing in, or leaving the in-play list. */
export type LiveListChange = EventChange & { sport?: string; left?: boolean };

/**
 * `balance`: the main wallet after a change (decimal text at scale 4), with the account's version (one more per
 * posting): two processes may push one member's balance out of order, and a version not above the last one seen is
 * an older balance.
 */
export type BalanceChange = { balance: string; version?: string };

/** `bets`: one of the member's bets changed (placed, stood or refused after its delay, settled, cashed out). */
export type BetChange = { id: string; status: string; payout?: string | null };

/** `cashout`: a new quote for an open bet as prices move, or none any more (`reason`). */
export type CashoutChange =
  | { betId: string; amount: string; quoteId: string; expiresAt: string }
  | { betId: string; reason: string };

/**
 * `inbox` (issue 24): the member's unread message count after it changed (a new message, one read or deleted, all
 * read). The count is the state, not a change: a late push is corrected by the next one or by `message/num`.
 */
export type InboxChange = { unread: number };

/**
 * `support` (a member's or guest's) and `desk` (agents'; issue 25): what happened in a conversation. Messages are
 * stored before they are published: a client that missed some reads `supportMessages` after its last `seq`.
 * `queue` (desk only): a conversation entered the queue, was taken, transferred or closed.
 */
export type SupportChange =
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; conversationId: string; from: 'member' | 'agent' }
  | { type: 'seen'; conversationId: string; by: 'member' | 'agent'; seq: number }
  | { type: 'status'; conversation: ConversationView };
export type DeskChange =
  | SupportChange
  | {
      type: 'queue';
      conversationId: string;
      status: ConversationView['status'];
      /** The agent who has it now (operator id), if any. */
      operatorId: string | null;
    };

/**
 * `money` (issue 27): an item entered or left one of the money desk's queues, with its state now. Deposits wait
 * while `pending`; withdrawals while `unhandled` or `accepted`; payments while `unmatched`; approvals while
 * `pending`. Any other state means it left its queue. The count is not carried: the console reads the queues
 * (`consoleMoneyQueues`) or its list again, so a missed message only delays a number.
 */
export const MONEY_QUEUES = ['deposits', 'withdrawals', 'approvals', 'unmatched'] as const;
export type MoneyQueue = (typeof MONEY_QUEUES)[number];
export type MoneyQueueChange = { queue: MoneyQueue; id: string; state: string };

/**
 * `claims` (issue 27): an activity claim entered or left the review queue, with its state now. A flagged claim waits
 * as `review`, an application as `pending`; `paid` or `rejected` means an operator decided it. A claim paid at once
 * (not flagged) never waits and is not told. As with `money`, the console reads the queue again on each message.
 */
export type ClaimQueueChange = { id: string; state: PromotionClaimStatus };

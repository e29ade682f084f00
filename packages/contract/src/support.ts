import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';

/**
 * The customer-service chat (issue 25). A member (signed in, or a guest known by the site's device id) has at most
 * one open conversation; agents (operators with the support or admin role) take conversations from a queue. Every
 * message is stored before it is delivered: the realtime channel (`/ws`, member topic `support`, operator topic
 * `desk`; realtime.ts) carries it, and `supportMessages` returns whatever a client missed (`after` its last `seq`).
 */

export const CHAT_AUTHORS = ['member', 'agent', 'bot', 'system'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];
export const CHAT_KINDS = ['text', 'image'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
/** `waiting`: in the queue; `open`: an agent has it; `closed`: ended (the member may rate it). */
export const CONVERSATION_STATUSES = ['waiting', 'open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** A chat text fits one realtime frame (4 KiB) with room for the envelope: 1,000 characters (3 bytes each in UTF-8). */
export const CHAT_TEXT_MAX = 1_000;
/** A client's id for a message it sends: sending it again (a retry after a dropped socket) stores nothing new. */
export const chatClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'BAD_REQUEST' });

/** One chat message. `seq` counts 1, 2, 3... within its conversation: a gap means something was missed. */
export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  seq: z.number().int(),
  from: z.enum(CHAT_AUTHORS),
  /** The agent's display name (never their account) on agent messages. */
  agentName: z.string().nullable(),
  kind: z.enum(CHAT_KINDS),
  text: z.string(),
  /** An uploaded image's URL (`kind` image). */
  image: z.string().nullable(),
  clientId: z.string().nullable(),
  /** ISO time. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A conversation as its member sees it: `agentSeenSeq` is how far the agent has read the member's messages. */
export const conversationView = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  agentName: z.string().nullable(),
  /** The last `seq` in the conversation. */
  lastSeq: z.number().int(),
  agentSeenSeq: z.number().int(),
  memberSeenSeq: z.number().int(),
  /** Set once the member rated it (1-5). */
  rating: z.number().int().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const supportEndpoints = {} satisfies Record<string, EndpointSpec>;

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
  /** A `bot` answer to a quick question: the help article it comes from (its tutorial page is `/tutorial/<slug>`). */
  article: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }).nullable(),
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
  /**
   * Whether the member asked for a human (any message of their own does; a quick question alone does not): a
   * `waiting` conversation that is `queued` is in the agents' queue.
   */
  queued: z.boolean(),
  /** Set once the member rated it (1-5). */
  rating: z.number().int().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ConversationView = z.infer<typeof conversationView>;

// --- identities ------------------------------------------------------------------------------------------------

/**
 * A chat guest: someone not signed in, known by the site's device id (`h5-` + ios|android + 24 letters and digits,
 * storage.ts `makeDeviceId`). `supportGuest` answers a token the guest sends on the member calls below in this header
 * (instead of the session token `t`), and on `/ws` as `{"op":"auth","t":<token>,"as":"guest"}`.
 */
export const GUEST_TOKEN_HEADER = 'x-guest-token';
/** How long a guest token lasts (30 days); the guest asks for a new one with the same device id after. */
export const GUEST_TOKEN_DAYS = 30;
export const supportGuestBody = z.object({
  deviceId: z.string().regex(/^h5-(?:ios|android)[0-9a-z]{16,40}$/, { error: 'BAD_REQUEST' }),
});
export type SupportGuestBody = z.input<typeof supportGuestBody>;
export const supportGuest = z.object({ token: z.string(), expiresAt: z.string() });
export type SupportGuest = z.infer<typeof supportGuest>;

const conversationId = z.coerce.string<string | number>().regex(/^\d{1,18}$/, { error: 'CONVERSATION_NOT_FOUND' });
const seqNumber = z.coerce.number<string | number>().int().min(0).max(1_000_000_000);

/** A quick question (常见问题): a help article whose answer the chat gives at once. */
export const quickQuestion = z.object({ id: z.number().int(), title: z.string() });
export type QuickQuestion = z.infer<typeof quickQuestion>;

/** Service hours in the platform's time zone, `HH:MM`; `open` equal to `close` means all day. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'BAD_REQUEST' });
export const serviceHours = z.object({ open: clock, close: clock });
export type ServiceHours = z.infer<typeof serviceHours>;

/** `supportConversation`: what the chat page needs to open. */
export const supportState = z.object({
  /** The open conversation (waiting or open), else the latest closed one not yet rated, else null. */
  conversation: conversationView.nullable(),
  /** Within service hours and at least one agent online: a human may answer now (else: leave a message). */
  onDuty: z.boolean(),
  /** Within service hours (whether or not an agent is online): tells "no agent right now" from "closed until...". */
  inHours: z.boolean(),
  hours: serviceHours,
  timeZone: z.string(),
  quickQuestions: z.array(quickQuestion),
});
export type SupportState = z.infer<typeof supportState>;

/**
 * `supportMessages` (GET, fixed name): the messages of `conversation` (default: the caller's latest), `after` a seq
 * (what a reconnecting client missed, oldest first) or `before` one (older history, pages back); without either the
 * latest `limit`. Always oldest first.
 */
export const supportMessagesQuery = z.object({
  conversation: conversationId.optional(),
  after: seqNumber.optional(),
  before: seqNumber.optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(100).default(50),
});
export type SupportMessagesQuery = z.input<typeof supportMessagesQuery>;
export const supportMessages = z.object({
  conversation: conversationView.nullable(),
  messages: z.array(chatMessage),
  /** More messages after the last one (`after` paging) or before the first (`before` and the default). */
  more: z.boolean(),
});
export type SupportMessages = z.infer<typeof supportMessages>;

/** An uploaded image (`/api/f/v1/upload`): only our own uploads, by their exact URL. */
export const chatImage = z.string().regex(/^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { error: 'BAD_REQUEST' });
const chatText = z.string().trim().max(CHAT_TEXT_MAX, { error: 'BAD_REQUEST' });

/**
 * `supportSend` (POST, JSON) and the `say` frame: a text or an image. The member's first message opens a
 * conversation if none is open, and any message of the member's puts it in the agents' queue (asking for a human).
 * The answer is the stored message; the same `clientId` again answers the same message, stores nothing.
 */
export const chatSendBody = z
  .object({ clientId: chatClientId, text: chatText.optional(), image: chatImage.optional() })
  .refine((body) => (body.text ? 1 : 0) + (body.image ? 1 : 0) === 1, { error: 'BAD_REQUEST' });
export type ChatSendBody = z.input<typeof chatSendBody>;

/** `supportQuick`: the member's question (the article's title) and the bot's answer, stored at once. */
export const supportQuickBody = z.object({
  articleId: z.coerce.number<string | number>().int().min(1).max(1_000_000_000),
  clientId: chatClientId,
});
export type SupportQuickBody = z.input<typeof supportQuickBody>;
export const supportQuickAnswer = z.object({ question: chatMessage, answer: chatMessage });
export type SupportQuickAnswer = z.infer<typeof supportQuickAnswer>;

export const supportSeenBody = z.object({ seq: seqNumber });
export type SupportSeenBody = z.input<typeof supportSeenBody>;

export const supportRateBody = z.object({
  conversation: conversationId,
  score: z.coerce.number<string | number>().int().min(1, { error: 'BAD_REQUEST' }).max(5, { error: 'BAD_REQUEST' }),
  comment: z.string().trim().max(500, { error: 'BAD_REQUEST' }).default(''),
});
export type SupportRateBody = z.input<typeof supportRateBody>;

/** A message left outside service hours (/tutorial/leaveMsg), and the agent's reply once there is one. */
export const leftMessage = z.object({
  id: z.string(),
  content: z.string(),
  contact: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LeftMessage = z.infer<typeof leftMessage>;
export const leaveMessageBody = z.object({
  content: z.string().trim().min(1, { error: 'BAD_REQUEST' }).max(1_000, { error: 'BAD_REQUEST' }),
  /** How to reach the member besides the inbox (phone, e-mail, WhatsApp...), optional. */
  contact: z.string().trim().max(100, { error: 'BAD_REQUEST' }).default(''),
});
export type LeaveMessageBody = z.input<typeof leaveMessageBody>;

// --- agents (operators with the support or admin role) ----------------------------------------------------------

/** A conversation on the desk: the member's view plus who it is with and where it stands. */
export const deskConversation = conversationView.extend({
  /** `member:<id>` or `guest:<id>`. */
  party: z.string(),
  /** The member's account (masked for nobody: agents see it), or null for a guest. */
  account: z.string().nullable(),
  operatorId: z.string().nullable(),
  /** The newest message's text (an image reads `[图片]`), for the queue's rows. */
  lastText: z.string(),
  lastAt: z.string(),
  /** Messages from the member the agent has not marked seen. */
  unread: z.number().int(),
  queuedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type DeskConversation = z.infer<typeof deskConversation>;

export const deskQueue = z.object({
  /** In the queue (waiting and queued), oldest first. */
  waiting: z.array(deskConversation),
  /** The calling agent's own open conversations. */
  mine: z.array(deskConversation),
});
export type DeskQueue = z.infer<typeof deskQueue>;

const moneyRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  amount: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
/** The member beside the chat: account, level, balance, latest money. Null for a guest. */
export const deskMemberContext = z.object({
  memberId: z.string(),
  account: z.string(),
  nickname: z.string(),
  vipLevel: z.number().int(),
  /** Main wallet balance, scale 4 as text. */
  balance: z.string(),
  registeredAt: z.string(),
  deposits: z.array(moneyRow),
  withdrawals: z.array(moneyRow),
});
export type DeskMemberContext = z.infer<typeof deskMemberContext>;

export const deskConversationParams = z.object({ id: conversationId });
export const deskConversationQuery = z.object({
  before: seqNumber.optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(200).default(100),
});
export const deskConversationDetail = z.object({
  conversation: deskConversation,
  messages: z.array(chatMessage),
  more: z.boolean(),
  member: deskMemberContext.nullable(),
});
export type DeskConversationDetail = z.infer<typeof deskConversationDetail>;

export const deskTransferBody = z.object({
  operatorId: z.coerce.string<string | number>().regex(/^\d{1,18}$/, { error: 'SUPPORT_AGENT_UNAVAILABLE' }),
});
export type DeskTransferBody = z.input<typeof deskTransferBody>;

export const cannedReply = z.object({ id: z.string(), title: z.string(), text: z.string() });
export type CannedReply = z.infer<typeof cannedReply>;
/** PUT replaces the whole list (in this order). */
export const cannedSaveBody = z.object({
  replies: z
    .array(
      z.object({
        title: z.string().trim().min(1, { error: 'BAD_REQUEST' }).max(30, { error: 'BAD_REQUEST' }),
        text: z.string().trim().min(1, { error: 'BAD_REQUEST' }).max(CHAT_TEXT_MAX, { error: 'BAD_REQUEST' }),
      }),
    )
    .max(100, { error: 'BAD_REQUEST' }),
});
export type CannedSaveBody = z.input<typeof cannedSaveBody>;

export const supportSettings = z.object({
  /** The built-in desk (preInfo.supportDesk): off, the site uses the configured external service link. */
  desk: z.boolean(),
  hours: serviceHours,
  /** The platform's zone the hours are in (read-only). */
  timeZone: z.string(),
});
export type SupportSettings = z.infer<typeof supportSettings>;
export const supportSettingsBody = z.object({ desk: z.boolean(), hours: serviceHours });
export type SupportSettingsBody = z.input<typeof supportSettingsBody>;

export const LEFT_MESSAGE_FILTERS = ['pending', 'replied'] as const;
export const deskLeftMessagesQuery = z.object({
  status: z.enum(LEFT_MESSAGE_FILTERS, { error: 'STATUS_UNKNOWN' }).optional(),
});
export const deskLeftMessage = leftMessage.extend({
  memberId: z.string(),
  account: z.string(),
  repliedBy: z.string().nullable(),
});
export type DeskLeftMessage = z.infer<typeof deskLeftMessage>;
export const deskLeftMessageParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'NOT_FOUND' }) });
export const deskReplyBody = z.object({
  reply: z.string().trim().min(1, { error: 'BAD_REQUEST' }).max(1_000, { error: 'BAD_REQUEST' }),
});
export type DeskReplyBody = z.input<typeof deskReplyBody>;

export const deskAgent = z.object({
  id: z.string(),
  account: z.string(),
  role: z.string(),
  /** Shown to members on the agent's messages. */
  name: z.string(),
  /** A socket of theirs on `desk`, on any process. */
  online: z.boolean(),
  /** Their open conversations now. */
  open: z.number().int(),
});
export type DeskAgent = z.infer<typeof deskAgent>;

export const supportEndpoints = {
  supportGuest: { method: 'POST', body: supportGuestBody, response: supportGuest },
  supportConversation: { method: 'GET', response: supportState },
  supportMessages: { method: 'GET', query: supportMessagesQuery, response: supportMessages },
  supportSend: { method: 'POST', json: true, body: chatSendBody, response: chatMessage },
  supportQuick: { method: 'POST', json: true, body: supportQuickBody, response: supportQuickAnswer },
  supportSeen: { method: 'POST', body: supportSeenBody, response: conversationView },
  supportRate: { method: 'POST', body: supportRateBody, response: conversationView },
  supportLeaveMessage: { method: 'POST', body: leaveMessageBody, response: leftMessage },
  supportLeftMessages: { method: 'GET', response: z.array(leftMessage) },

  adminSupportQueue: { method: 'GET', response: deskQueue },
  adminSupportConversation: {
    method: 'GET',
    params: deskConversationParams,
    query: deskConversationQuery,
    response: deskConversationDetail,
  },
  adminSupportTake: { method: 'POST', params: deskConversationParams, response: deskConversation },
  adminSupportSend: {
    method: 'POST',
    params: deskConversationParams,
    json: true,
    body: chatSendBody,
    response: chatMessage,
  },
  adminSupportSeen: {
    method: 'POST',
    params: deskConversationParams,
    body: supportSeenBody,
    response: deskConversation,
  },
  adminSupportTransfer: {
    method: 'POST',
    params: deskConversationParams,
    body: deskTransferBody,
    response: deskConversation,
  },
  adminSupportClose: { method: 'POST', params: deskConversationParams, response: deskConversation },
  adminSupportCanned: { method: 'GET', response: z.array(cannedReply) },
  adminSupportCannedSave: { method: 'PUT', json: true, body: cannedSaveBody, response: z.array(cannedReply) },
  adminSupportSettings: { method: 'GET', response: supportSettings },
  adminSupportSettingsSave: { method: 'PUT', json: true, body: supportSettingsBody, response: supportSettings },
  adminSupportLeftMessages: { method: 'GET', query: deskLeftMessagesQuery, response: z.array(deskLeftMessage) },
  adminSupportLeftMessageReply: {
    method: 'POST',
    params: deskLeftMessageParams,
    body: deskReplyBody,
    response: deskLeftMessage,
  },
  adminSupportAgents: { method: 'GET', response: z.array(deskAgent) },
} satisfies Record<string, EndpointSpec>;

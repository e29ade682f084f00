import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { localizedTexts } from './localized';

/**
 * The inbox and operator messages (issue 24): system messages the platform sends (a withdrawal paid or refused, a
 * deposit credited, a bonus, a level, a new device) and messages operators send to everyone, to levels or to listed
 * members. The spec's calls (`message/list`, `message/num`, `message/update`) keep their paths; the unread count is
 * also pushed on the realtime channel's member topic `inbox` (realtime.ts `InboxChange`).
 */

const messageId = z.coerce.string<string | number>().regex(/^\d{1,18}$/, { error: 'MESSAGE_NOT_FOUND' });

export const MESSAGE_KINDS = ['system', 'operator'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** One message as the member reads it, in the request's language. */
export const messageView = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  read: z.boolean(),
  /** ISO time. */
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

/** `message/list` (spec): the member's messages, newest first; deleted ones never come back. */
export const messageListBody = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
});
export type MessageListBody = z.input<typeof messageListBody>;
export const messageList = z.object({
  list: z.array(messageView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type MessageList = z.infer<typeof messageList>;

export const MESSAGE_ACTIONS = ['read', 'delete'] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];

/** `message/update` (spec): `read` or `delete` one of the member's own messages. */
export const messageUpdateBody = z.object({
  id: messageId,
  action: z.enum(MESSAGE_ACTIONS, { error: 'BAD_REQUEST' }),
});
export type MessageUpdateBody = z.input<typeof messageUpdateBody>;

/** What a change answers: the unread count after it (the badge). */
export const messageUnread = z.object({ unread: z.number().int() });
export type MessageUnread = z.infer<typeof messageUnread>;

export const messageDetailQuery = z.object({ id: messageId });
export const messageDetail = z.object({ message: messageView, unread: z.number().int() });
export type MessageDetail = z.infer<typeof messageDetail>;

// --- operators -----------------------------------------------------------------------------------------------

/** Who an operator message reaches: `all`, `level:<n>` (members at VIP level n) or `members:<id,id,...>`. */
export type MessageAudience = { kind: 'all' } | { kind: 'level'; level: number } | { kind: 'members'; ids: string[] };

const MAX_LISTED = 10_000;

export function parseAudience(to: string): MessageAudience | null {
  const text = to.trim();
  if (text === 'all') return { kind: 'all' };
  const level = /^level:(\d{1,3})$/.exec(text);
  if (level) return { kind: 'level', level: Number(level[1]) };
  const listed = /^members:([\d,\s]+)$/.exec(text);
  if (listed) {
    const ids = [
      ...new Set(
        (listed[1] ?? '')
          .split(',')
          .map((one) => one.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || ids.length > MAX_LISTED || ids.some((one) => !/^\d{1,18}$/.test(one))) return null;
    return { kind: 'members', ids };
  }
  return null;
}

export const adminMessageSendBody = z.object({
  title: z.string().trim().min(1, { error: 'BAD_REQUEST' }).max(100, { error: 'BAD_REQUEST' }),
  content: z.string().trim().min(1, { error: 'BAD_REQUEST' }).max(5_000, { error: 'BAD_REQUEST' }),
  to: z
    .string()
    .max(200_000)
    .transform((value, context) => {
      const audience = parseAudience(value);
      if (!audience) {
        context.addIssue({ code: 'custom', message: 'MESSAGE_AUDIENCE_INVALID' });
        return z.NEVER;
      }
      return { text: value.trim(), audience };
    }),
  /** Title and content in the other languages; a missing one is converted from the default (zh-CN). */
  i18n: localizedTexts(['title', 'content'], 5_000),
});
export type AdminMessageSendBody = z.input<typeof adminMessageSendBody>;

export const adminMessageSendView = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  i18n: z.record(z.string(), z.record(z.string(), z.string())),
  to: z.string(),
  recipients: z.number().int(),
  reads: z.number().int(),
  operatorId: z.string(),
  createdAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type AdminMessageSendView = z.infer<typeof adminMessageSendView>;

export const adminMessageParams = z.object({ id: messageId });

export const messageEndpoints = {
  messageList: { method: 'POST', body: messageListBody, response: messageList },
  messageUpdate: { method: 'POST', body: messageUpdateBody, response: messageUnread },
  messageDetail: { method: 'GET', query: messageDetailQuery, response: messageDetail },
  messageReadAll: { method: 'POST', response: messageUnread },
  adminMessageSend: { method: 'POST', json: true, body: adminMessageSendBody, response: adminMessageSendView },
  adminMessages: { method: 'GET', response: z.array(adminMessageSendView) },
  adminMessageWithdraw: { method: 'POST', params: adminMessageParams, response: adminMessageSendView },
} satisfies Record<string, EndpointSpec>;

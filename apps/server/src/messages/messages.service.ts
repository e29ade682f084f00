import type { Lang, MessageDetail, MessageList, MessageUpdateBody, MessageView } from '@jinb/contract';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { localizedText } from '../shared/localize';
import type { InboxPush } from './inbox-push';
import { isTemplateKey, renderTemplate } from './message-templates';
import { type MessageRow, messagesRepository } from './messages.repository';

/** A message in the reading request's language: a system one rendered from its template, an operator one from its texts. */
export function messageView(row: MessageRow, lang: Lang): MessageView {
  const text =
    row.kind === 'system' && isTemplateKey(row.template)
      ? renderTemplate(row.template, row.params, lang)
      : {
          title: localizedText(row.title, row.i18n, 'title', lang),
          content: localizedText(row.content, row.i18n, 'content', lang),
        };
  return {
    id: row.id.toString(),
    ...text,
    kind: row.kind,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

/**
 * A member's inbox: the list, the unread count, reading and deleting their own messages. Another member's message
 * id answers MESSAGE_NOT_FOUND and changes nothing (every statement names the member). Each change pushes the new
 * unread count on the member's `inbox` topic once it has committed (each is one statement: committed on return).
 */
export function createMessagesService(deps: { db: Database; push: InboxPush }) {
  const { db, push } = deps;

  return {
    async list(memberId: bigint, body: { page: number; size: number }, lang: Lang): Promise<MessageList> {
      const { rows, total } = await messagesRepository.page(db, memberId, (body.page - 1) * body.size, body.size);
      return { list: rows.map((row) => messageView(row, lang)), total, page: body.page, size: body.size };
    },

    unread(memberId: bigint): Promise<number> {
      return messagesRepository.unread(db, memberId);
    },

    /** Opening a message marks it read. */
    async detail(memberId: bigint, id: string, lang: Lang): Promise<MessageDetail> {
      const messageId = BigInt(id);
      const { found, changed } = await messagesRepository.markRead(db, memberId, messageId);
      if (!found) throw new AppError('MESSAGE_NOT_FOUND');
      if (changed) push.changed([memberId]);
      const row = await messagesRepository.one(db, memberId, messageId);
      if (!row) throw new AppError('MESSAGE_NOT_FOUND');
      return { message: messageView(row, lang), unread: await messagesRepository.unread(db, memberId) };
    },

    async update(
      memberId: bigint,
      body: { id: string; action: MessageUpdateBody['action'] },
    ): Promise<{ unread: number }> {
      const messageId = BigInt(body.id);
      if (body.action === 'read') {
        const { found, changed } = await messagesRepository.markRead(db, memberId, messageId);
        if (!found) throw new AppError('MESSAGE_NOT_FOUND');
        if (changed) push.changed([memberId]);
      } else {
        const { found, wasUnread } = await messagesRepository.remove(db, memberId, messageId);
        if (!found) throw new AppError('MESSAGE_NOT_FOUND');
        if (wasUnread) push.changed([memberId]);
      }
      return { unread: await messagesRepository.unread(db, memberId) };
    },

    async readAll(memberId: bigint): Promise<{ unread: number }> {
      if ((await messagesRepository.markAllRead(db, memberId)) > 0) push.changed([memberId]);
      return { unread: await messagesRepository.unread(db, memberId) };
    },
  };
}

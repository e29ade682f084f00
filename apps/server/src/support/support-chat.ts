import type { ConversationView, DeskChange, SupportChange } from '@jinb/contract';
import type { Database, Executor } from '../db/database';
import type { ChatPublisher } from '../realtime/realtime-port';
import { AppError } from '../shared/app-error';
import { type ConversationRow, type MessageRow, type NewMessage, supportRepository } from './support.repository';
import { conversationView, messageView, partyOf } from './support-views';

export type SupportChat = ReturnType<typeof createSupportChat>;

/**
 * The one way a message enters a conversation, for members, guests, the bot and agents alike: under the
 * conversation's row lock, a message whose `clientId` is stored already is answered as it is (a resend stores
 * nothing), otherwise the next seq is taken and the row inserted in one statement. Published only after the
 * transaction commits (persist first, then deliver): on the party's `support` topic and on `desk`.
 */
export function createSupportChat(deps: {
  db: Database;
  publisher: ChatPublisher;
  /** Whether an image URL names a file we stored (`/uploads/<name>`): a chat image is only ever one of ours. */
  uploaded: (url: string) => Promise<boolean>;
}) {
  const { db, publisher } = deps;

  function toParty(conversation: ConversationRow, change: SupportChange): void {
    const party = partyOf(conversation);
    if (party.kind === 'member') publisher.publishToMember(party.id, 'support', change);
    else publisher.publishToGuest(party.id, 'support', change);
  }

  const toDesk = (change: DeskChange) => publisher.publishToOperators('desk', change);

  /** A stored message, out to both sides. */
  function published(conversation: ConversationRow, message: MessageRow): void {
    const change = { type: 'message', message: messageView(message) } as const;
    toParty(conversation, change);
    toDesk(change);
  }

  return {
    /**
     * Writes the messages in order into the conversation (locked first; `write` may be a function of it, for notes
     * in its language). `before` runs under the lock and may refuse (a closed conversation, an agent who does not
     * have it). A first message whose clientId exists answers the stored messages from it on, and nothing is
     * written.
     */
    async post(
      conversationId: bigint,
      write: readonly NewMessage[] | ((conversation: ConversationRow) => NewMessage[]),
      before?: (conversation: ConversationRow, tx: Executor) => Promise<void> | void,
    ): Promise<{ conversation: ConversationRow; stored: MessageRow[]; fresh: boolean }> {
      if (Array.isArray(write)) {
        for (const message of write as readonly NewMessage[])
          if (message.image !== null && !(await deps.uploaded(message.image))) throw new AppError('BAD_REQUEST');
      }
      const result = await db.transaction(async (tx) => {
        const conversation = await supportRepository.lock(tx, conversationId);
        if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
        const messages = typeof write === 'function' ? write(conversation) : write;
        const first = messages[0];
        if (first?.clientId) {
          const existing = await supportRepository.messageByClientId(tx, conversationId, first.clientId);
          if (existing) {
            const stored = [existing];
            for (let index = 1; index < messages.length; index++) {
              const next = await supportRepository.messageBySeq(tx, conversationId, existing.seq + index);
              if (next) stored.push(next);
            }
            return { conversation, stored, fresh: false };
          }
        }
        if (conversation.status === 'closed') throw new AppError('CONVERSATION_CLOSED');
        await before?.(conversation, tx);
        const stored: MessageRow[] = [];
        for (const message of messages) stored.push(await supportRepository.append(tx, conversationId, message));
        return { conversation, stored, fresh: true };
      });
      if (result.fresh) for (const message of result.stored) published(result.conversation, message);
      return result;
    },

    /** The conversation's state changed (taken, transferred, closed, queued): the member's view and the desk's row. */
    statusChanged(conversation: ConversationRow): void {
      const view: ConversationView = conversationView(conversation);
      toParty(conversation, { type: 'status', conversation: view });
      toDesk({ type: 'status', conversation: view });
      toDesk({
        type: 'queue',
        conversationId: view.id,
        status: view.status,
        operatorId: conversation.operatorId?.toString() ?? null,
      });
    },

    typing(conversation: ConversationRow, from: 'member' | 'agent'): void {
      const change = { type: 'typing', conversationId: conversation.id.toString(), from } as const;
      if (from === 'member') toDesk(change);
      else toParty(conversation, change);
    },

    seen(conversation: ConversationRow, by: 'member' | 'agent'): void {
      const change = {
        type: 'seen',
        conversationId: conversation.id.toString(),
        by,
        seq: by === 'member' ? conversation.memberSeenSeq : conversation.agentSeenSeq,
      } as const;
      toParty(conversation, change);
      toDesk(change);
    },
  };
}

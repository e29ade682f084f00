import type { AdminMessageSendView, LocalizedTexts, MessageAudience, OperatorRole } from '@jinb/contract';
import { rolesOf } from '@jinb/contract';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import type { InboxPush } from './inbox-push';
import { type Audience, messagesRepository, type SendRow } from './messages.repository';

/** Who may send and withdraw messages, and read what was sent. */
export const MESSAGE_SENDERS: readonly OperatorRole[] = rolesOf('marketing');

function sendView(row: SendRow): AdminMessageSendView {
  return {
    id: row.id.toString(),
    title: row.title,
    content: row.content,
    i18n: row.i18n as Record<string, Record<string, string>>,
    to: row.audience,
    recipients: row.recipients,
    reads: row.reads,
    operatorId: row.operatorId.toString(),
    createdAt: row.createdAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

function toAudience(audience: MessageAudience): Audience {
  return audience.kind === 'members' ? { kind: 'members', ids: audience.ids.map(BigInt) } : audience;
}

export type MessagesAdmin = ReturnType<typeof createMessagesAdmin>;

/**
 * Operators' messages: a send is one row of texts plus one narrow inbox row per recipient, written by a single
 * INSERT ... SELECT over the audience, with its audit row, in one transaction. The recipients' unread counts are
 * pushed after the commit, a slice at a time (inbox-push.ts), so a send to everyone answers at once.
 */
export function createMessagesAdmin(deps: { db: Database; ledger: LedgerService; push: InboxPush }) {
  const { db, ledger, push } = deps;

  async function one(id: bigint): Promise<AdminMessageSendView> {
    const [row] = await messagesRepository.sends(db, 1, id);
    if (!row) throw new AppError('MESSAGE_NOT_FOUND');
    return sendView(row);
  }

  return {
    async send(
      actor: OperatorActor,
      body: {
        title: string;
        content: string;
        to: { text: string; audience: MessageAudience };
        i18n: LocalizedTexts<'title' | 'content'>;
      },
    ): Promise<AdminMessageSendView> {
      assertRole(actor, MESSAGE_SENDERS);
      const id = await ledger.transaction(async (tx) => {
        const sendId = await messagesRepository.insertSend(tx, {
          title: body.title,
          content: body.content,
          i18n: body.i18n,
          audience: body.to.text.length > 2_000 ? `${body.to.text.slice(0, 2_000)}…` : body.to.text,
          operatorId: actor.id,
        });
        // Operator messages are marketing: members who took a time-out or excluded themselves are left out.
        const recipients = await messagesRepository.deliver(tx, sendId, toAudience(body.to.audience), new Date());
        if (recipients.length === 0) throw new AppError('MESSAGE_AUDIENCE_EMPTY');
        await auditIn(tx, actor, 'message.send', `message_send:${sendId}`, {
          title: body.title,
          to: body.to.text.slice(0, 500),
          recipients: recipients.length,
        });
        ledger.afterCommit(tx, () => push.changed(recipients));
        return sendId;
      });
      return one(id);
    },

    async list(actor: OperatorActor): Promise<AdminMessageSendView[]> {
      assertRole(actor, MESSAGE_SENDERS);
      return (await messagesRepository.sends(db, 200)).map(sendView);
    },

    /** Takes the send out of every inbox (read or not); the unread counts that drop are pushed. */
    async withdraw(actor: OperatorActor, id: string): Promise<AdminMessageSendView> {
      assertRole(actor, MESSAGE_SENDERS);
      const sendId = BigInt(id);
      await ledger.transaction(async (tx) => {
        const { found, unreadOf } = await messagesRepository.withdrawSend(tx, sendId);
        if (!found) throw new AppError('MESSAGE_NOT_FOUND');
        await auditIn(tx, actor, 'message.withdraw', `message_send:${sendId}`, { unreadRemoved: unreadOf.length });
        ledger.afterCommit(tx, () => push.changed(unreadOf));
      });
      return one(sendId);
    },
  };
}

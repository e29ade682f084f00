import {
  type CannedReply,
  type ChatMessage,
  type ChatSendBody,
  type DeskAgent,
  type DeskConversation,
  type DeskConversationDetail,
  type DeskLeftMessage,
  type DeskMemberContext,
  type DeskQueue,
  formatOrderNo,
  type OperatorRole,
  rolesOf,
  type SupportSettings,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database, Executor } from '../db/database';
import type { SystemMessages } from '../messages/system-messages';
import { AppError } from '../shared/app-error';
import { type ConversationRow, type LeftMessageRow, supportRepository } from './support.repository';
import { PRESENCE_FRESH_S } from './support.service';
import type { SupportChat } from './support-chat';
import { agentName, deskView, messageView, note } from './support-views';

/** Who answers chat: operators with the support role, and admins. */
export const SUPPORT_DESK: readonly OperatorRole[] = rolesOf('support');
/** Who changes the desk's settings (on/off, hours). */
export const SUPPORT_SETTINGS: readonly OperatorRole[] = rolesOf('admin');

/** What the desk reads about the member beside a conversation, through the modules that own it. */
export type MemberContextReader = {
  member(memberId: bigint): Promise<{ account: string; nickname: string; vipLevel: number; createdAt: Date } | null>;
  balance(memberId: bigint): Promise<bigint>;
  deposits(memberId: bigint): Promise<Array<{ id: string; amount: string; status: string; createdAt: string }>>;
  withdrawals(memberId: bigint): Promise<Array<{ id: string; amount: string; status: string; createdAt: string }>>;
};

export type SupportDesk = ReturnType<typeof createSupportDesk>;

/** The agents' side: the queue, conversations, canned replies, settings, left messages. Role checked on every call. */
export function createSupportDesk(deps: {
  db: Database;
  chat: SupportChat;
  context: MemberContextReader;
  messages: SystemMessages;
  timeZone: string;
}) {
  const { db, chat } = deps;

  async function row(id: bigint): Promise<DeskConversation> {
    const found = await supportRepository.deskRow(db, id);
    if (!found) throw new AppError('CONVERSATION_NOT_FOUND');
    return deskView(found);
  }

  async function memberContext(memberId: bigint): Promise<DeskMemberContext | null> {
    const [member, balance, deposits, withdrawals] = await Promise.all([
      deps.context.member(memberId),
      deps.context.balance(memberId),
      deps.context.deposits(memberId),
      deps.context.withdrawals(memberId),
    ]);
    if (!member) return null;
    const money =
      (kind: 'deposit' | 'withdrawal') =>
      (entry: { id: string; amount: string; status: string; createdAt: string }) => ({
        ...entry,
        orderNo: formatOrderNo(kind, entry.id, entry.createdAt, deps.timeZone),
      });
    return {
      memberId: memberId.toString(),
      account: member.account,
      nickname: member.nickname,
      vipLevel: member.vipLevel,
      balance: formatAmount(balance),
      registeredAt: member.createdAt.toISOString(),
      deposits: deposits.slice(0, 5).map(money('deposit')),
      withdrawals: withdrawals.slice(0, 5).map(money('withdrawal')),
    };
  }

  /** An agent may write in a conversation they have; a waiting one they take first (as `take` would). */
  function mayWrite(actor: OperatorActor, conversation: ConversationRow): void {
    if (conversation.status === 'closed') throw new AppError('CONVERSATION_CLOSED');
    if (conversation.status === 'open' && conversation.operatorId !== actor.id)
      throw new AppError('CONVERSATION_TAKEN');
  }

  /** Support agents act on their own conversations; admins on anyone's. */
  function mayManage(actor: OperatorActor, conversation: ConversationRow): void {
    if (conversation.status === 'closed') throw new AppError('CONVERSATION_CLOSED');
    if (actor.role !== 'admin' && conversation.status === 'open' && conversation.operatorId !== actor.id)
      throw new AppError('CONVERSATION_TAKEN');
  }

  const system = (text: string) =>
    ({ author: 'system', operatorId: null, kind: 'text', text, image: null, clientId: null, article: null }) as const;

  async function leftView(found: LeftMessageRow): Promise<DeskLeftMessage> {
    return {
      id: found.id.toString(),
      memberId: found.memberId.toString(),
      account: found.account,
      content: found.content,
      contact: found.contact,
      reply: found.reply,
      repliedBy: found.repliedBy?.toString() ?? null,
      repliedAt: found.repliedAt?.toISOString() ?? null,
      createdAt: found.createdAt.toISOString(),
    };
  }

  return {
    async queue(actor: OperatorActor): Promise<DeskQueue> {
      assertRole(actor, SUPPORT_DESK);
      const { waiting, mine } = await supportRepository.deskQueue(db, actor.id);
      return { waiting: waiting.map(deskView), mine: mine.map(deskView) };
    },

    async detail(
      actor: OperatorActor,
      id: bigint,
      page: { before?: number; limit: number },
    ): Promise<DeskConversationDetail> {
      assertRole(actor, SUPPORT_DESK);
      const conversation = await row(id);
      const messages = await supportRepository.messages(db, id, page);
      const memberId = conversation.party.startsWith('member:') ? BigInt(conversation.party.slice(7)) : null;
      return {
        conversation,
        messages: messages.rows.map(messageView),
        more: messages.more,
        member: memberId === null ? null : await memberContext(memberId),
      };
    },

    /** Of two agents taking at once exactly one wins; the other is told CONVERSATION_TAKEN. Audited. */
    async take(actor: OperatorActor, id: bigint): Promise<DeskConversation> {
      assertRole(actor, SUPPORT_DESK);
      const taken = (locked: ConversationRow) => [system(note('taken', locked.lang, agentName(actor.id)))];
      const { conversation } = await chat
        .post(id, taken, async (locked, tx) => {
          if (locked.status === 'open') throw new AppError('CONVERSATION_TAKEN');
          if (!(await supportRepository.take(tx, id, actor.id))) throw new AppError('CONVERSATION_TAKEN');
          await auditIn(tx, actor, 'support.take', `conversation:${id}`);
        })
        .catch(async (error: unknown) => {
          // Taking one's own conversation again is no error: the desk may double-click.
          if (error instanceof AppError && error.code === 'CONVERSATION_TAKEN') {
            const found = await supportRepository.byId(db, id);
            if (found?.status === 'open' && found.operatorId === actor.id) return { conversation: found };
          }
          throw error;
        });
      const now = await supportRepository.byId(db, conversation.id);
      if (now) chat.statusChanged(now);
      return row(id);
    },

    async send(actor: OperatorActor, id: bigint, body: ChatSendBody): Promise<ChatMessage> {
      assertRole(actor, SUPPORT_DESK);
      let took = false;
      const { conversation, stored } = await chat.post(
        id,
        [
          {
            author: 'agent',
            operatorId: actor.id,
            kind: body.image ? 'image' : 'text',
            text: body.image ? '' : (body.text ?? ''),
            image: body.image ?? null,
            clientId: body.clientId,
            article: null,
          },
        ],
        async (locked, tx) => {
          mayWrite(actor, locked);
          if (locked.status === 'waiting') {
            if (!(await supportRepository.take(tx, id, actor.id))) throw new AppError('CONVERSATION_TAKEN');
            await auditIn(tx, actor, 'support.take', `conversation:${id}`);
            took = true;
          }
        },
      );
      if (took) {
        const now = await supportRepository.byId(db, conversation.id);
        if (now) chat.statusChanged(now);
      }
      const [message] = stored;
      if (!message) throw new Error('a posted message is missing');
      return messageView(message);
    },

    async seen(actor: OperatorActor, id: bigint, seq: number): Promise<DeskConversation> {
      assertRole(actor, SUPPORT_DESK);
      const before = await supportRepository.byId(db, id);
      if (!before) throw new AppError('CONVERSATION_NOT_FOUND');
      const updated = await supportRepository.agentSeen(db, id, seq);
      if (updated && updated.agentSeenSeq !== before.agentSeenSeq) chat.seen(updated, 'agent');
      return row(id);
    },

    async typing(actor: OperatorActor, id: bigint): Promise<void> {
      assertRole(actor, SUPPORT_DESK);
      const conversation = await supportRepository.byId(db, id);
      if (conversation?.status === 'open' && conversation.operatorId === actor.id) chat.typing(conversation, 'agent');
    },

    /** To another agent (support or admin, active); SUPPORT_AGENT_UNAVAILABLE for anyone else. Audited. */
    async transfer(actor: OperatorActor, id: bigint, operatorId: bigint): Promise<DeskConversation> {
      assertRole(actor, SUPPORT_DESK);
      const target = await supportRepository.agent(db, operatorId);
      if (!target) throw new AppError('SUPPORT_AGENT_UNAVAILABLE');
      const moved = (locked: ConversationRow) => [system(note('transferred', locked.lang, agentName(operatorId)))];
      const { conversation } = await chat.post(id, moved, async (locked, tx) => {
        mayManage(actor, locked);
        if (locked.status === 'waiting') {
          if (!(await supportRepository.take(tx, id, operatorId))) throw new AppError('CONVERSATION_TAKEN');
        } else await supportRepository.assign(tx, id, operatorId);
        await auditIn(tx, actor, 'support.transfer', `conversation:${id}`, {
          from: locked.operatorId?.toString() ?? null,
          to: operatorId.toString(),
        });
      });
      const now = await supportRepository.byId(db, conversation.id);
      if (now) chat.statusChanged(now);
      return row(id);
    },

    /** Ends it: the member is told (`status`) and may rate it once. Audited. */
    async close(actor: OperatorActor, id: bigint): Promise<DeskConversation> {
      assertRole(actor, SUPPORT_DESK);
      const ended = (locked: ConversationRow) => [system(note('closed', locked.lang))];
      const { conversation } = await chat.post(id, ended, async (locked, tx) => {
        mayManage(actor, locked);
        await supportRepository.close(tx, id);
        await auditIn(tx, actor, 'support.close', `conversation:${id}`);
      });
      const now = await supportRepository.byId(db, conversation.id);
      if (now) chat.statusChanged(now);
      return row(id);
    },

    async canned(actor: OperatorActor): Promise<CannedReply[]> {
      assertRole(actor, SUPPORT_DESK);
      return supportRepository.canned(db);
    },

    async saveCanned(
      actor: OperatorActor,
      replies: ReadonlyArray<{ title: string; text: string }>,
    ): Promise<CannedReply[]> {
      assertRole(actor, SUPPORT_DESK);
      await db.transaction(async (tx) => {
        await supportRepository.replaceCanned(tx, replies);
        await auditIn(tx, actor, 'support.canned', 'support', { count: replies.length });
      });
      return supportRepository.canned(db);
    },

    async settings(actor: OperatorActor): Promise<SupportSettings> {
      assertRole(actor, SUPPORT_DESK);
      const found = await supportRepository.settings(db);
      return { desk: found.desk, hours: { open: found.openAt, close: found.closeAt }, timeZone: deps.timeZone };
    },

    async saveSettings(
      actor: OperatorActor,
      value: { desk: boolean; hours: { open: string; close: string } },
    ): Promise<SupportSettings> {
      assertRole(actor, SUPPORT_SETTINGS);
      await db.transaction(async (tx) => {
        await supportRepository.saveSettings(tx, {
          desk: value.desk,
          openAt: value.hours.open,
          closeAt: value.hours.close,
        });
        await auditIn(tx, actor, 'support.settings', 'support', value);
      });
      return { desk: value.desk, hours: value.hours, timeZone: deps.timeZone };
    },

    async agents(actor: OperatorActor): Promise<DeskAgent[]> {
      assertRole(actor, SUPPORT_DESK);
      return (await supportRepository.agents(db, PRESENCE_FRESH_S)).map((agent) => ({
        ...agent,
        name: agentName(BigInt(agent.id)),
      }));
    },

    async leftMessages(actor: OperatorActor, status: 'pending' | 'replied' | undefined): Promise<DeskLeftMessage[]> {
      assertRole(actor, SUPPORT_DESK);
      return Promise.all((await supportRepository.leftMessages(db, status)).map(leftView));
    },

    /**
     * The reply, the member's inbox message (template support_reply, one per left message) and the audit row in
     * one transaction; the unread count is pushed after it commits. Replied once: a second reply changes nothing
     * and answers the message with its first reply.
     */
    async reply(actor: OperatorActor, id: bigint, reply: string): Promise<DeskLeftMessage> {
      assertRole(actor, SUPPORT_DESK);
      const { found, members } = await db.transaction(async (tx: Executor) => {
        const answered = await supportRepository.reply(tx, id, reply, actor.id);
        if (!answered) {
          // Replied already (two agents at once): it keeps the first reply, and the member has one message.
          const exists = await supportRepository.leftMessage(tx, id);
          if (!exists) throw new AppError('NOT_FOUND');
          return { found: exists, members: [] };
        }
        const members = await deps.messages.writeIn(tx, [
          {
            memberId: answered.memberId,
            template: 'support_reply',
            params: { question: answered.content.slice(0, 60), reply },
            ref: `support_left:${answered.id}`,
          },
        ]);
        await auditIn(tx, actor, 'support.reply', `left_message:${id}`);
        return { found: answered, members };
      });
      deps.messages.changed(members);
      return leftView(found);
    },
  };
}

import type { ChatMessage, ConversationView, DeskConversation, Lang, LeftMessage } from '@jinb/contract';
import { traditional } from '../shared/localize';
import type { ConversationRow, DeskRow, LeftMessageRow, MessageRow, Party } from './support.repository';

/** What members read as an agent's name: never the operator's account (客服001 for operator 1). */
export function agentName(operatorId: bigint): string {
  return `客服${String(operatorId).padStart(3, '0')}`;
}

export function partyOf(row: Pick<ConversationRow, 'memberId' | 'guestId'>): Party {
  if (row.memberId !== null) return { kind: 'member', id: row.memberId };
  if (row.guestId !== null) return { kind: 'guest', id: row.guestId };
  throw new Error('a conversation without a member or guest');
}

export function conversationView(row: ConversationRow): ConversationView {
  return {
    id: row.id.toString(),
    status: row.status,
    agentName: row.operatorId === null ? null : agentName(row.operatorId),
    lastSeq: row.lastSeq,
    agentSeenSeq: row.agentSeenSeq,
    memberSeenSeq: row.memberSeenSeq,
    queued: row.queuedAt !== null,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export function deskView(row: DeskRow): DeskConversation {
  const party = partyOf(row);
  return {
    ...conversationView(row),
    party: `${party.kind}:${party.id}`,
    account: row.account,
    operatorId: row.operatorId?.toString() ?? null,
    lastText: row.lastText,
    lastAt: row.lastAt.toISOString(),
    unread: row.unread,
    queuedAt: row.queuedAt?.toISOString() ?? null,
    comment: row.comment,
  };
}

export function messageView(row: MessageRow): ChatMessage {
  return {
    id: row.id.toString(),
    conversationId: row.conversationId.toString(),
    seq: row.seq,
    from: row.author,
    agentName: row.operatorId === null ? null : agentName(row.operatorId),
    kind: row.kind,
    text: row.text,
    image: row.image,
    clientId: row.clientId,
    article: row.article,
    createdAt: row.createdAt.toISOString(),
  };
}

export function leftMessageView(row: LeftMessageRow): LeftMessage {
  return {
    id: row.id.toString(),
    content: row.content,
    contact: row.contact,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The notes the chat writes itself (author `system`), in the conversation's language. */
const NOTES = {
  taken: (name: string) => `${name} 为您服务`,
  transferred: (name: string) => `会话已转接给 ${name}`,
  closed: () => '本次会话已结束，感谢您的咨询，欢迎为本次服务评分',
} as const;

export function note<K extends keyof typeof NOTES>(key: K, lang: Lang, ...args: Parameters<(typeof NOTES)[K]>) {
  const text = (NOTES[key] as (...values: string[]) => string)(...(args as string[]));
  return lang === 'zh-HK' ? traditional(text) : text;
}

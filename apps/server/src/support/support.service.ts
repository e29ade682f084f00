import type {
  ChatMessage,
  ChatSendBody,
  ConversationView,
  Lang,
  LeaveMessageBody,
  LeftMessage,
  SupportGuest,
  SupportMessages,
  SupportQuickAnswer,
  SupportState,
} from '@jinb/contract';
import type { Database } from '../db/database';
import type { HelpLookup } from '../help/help-lookup';
import { AppError } from '../shared/app-error';
import type { LimitRule, Limits } from '../shared/limits';
import type { GuestTokens } from './guest-token';
import { withinHours } from './service-hours';
import { type ConversationRow, type Party, supportRepository } from './support.repository';
import type { SupportChat } from './support-chat';
import { conversationView, leftMessageView, messageView } from './support-views';

/** A member or guest writes at most this many chat messages (quick questions included) a minute. */
export const SEND_LIMIT: LimitRule = { name: 'support-send', points: 30, durationS: 60 };
/** Guest identities per address an hour: a device id is free to make up, the rows are not. */
export const GUEST_LIMIT: LimitRule = { name: 'support-guest', points: 20, durationS: 3600 };
/** Messages left outside service hours per member an hour. */
export const LEAVE_LIMIT: LimitRule = { name: 'support-leave', points: 5, durationS: 3600 };
/** An agent counts as online while a desk socket of theirs refreshed its row within this many seconds. */
export const PRESENCE_FRESH_S = 45;

export type SupportService = ReturnType<typeof createSupportService>;

/** The member's (or guest's) side of the chat. Every call takes the party first and reaches only its own. */
export function createSupportService(deps: {
  db: Database;
  chat: SupportChat;
  help: HelpLookup;
  limits: Limits;
  guests: GuestTokens;
  timeZone: string;
}) {
  const { db, chat } = deps;
  const partyKey = (party: Party) => `${party.kind}:${party.id}`;

  /** The conversation a call without an id is about: the live one, else the newest. */
  async function current(party: Party): Promise<ConversationRow | undefined> {
    return (await supportRepository.live(db, party)) ?? (await supportRepository.latest(db, party));
  }

  async function own(party: Party, id: bigint | undefined): Promise<ConversationRow | undefined> {
    if (id === undefined) return current(party);
    const found = await supportRepository.ofParty(db, party, id);
    if (!found) throw new AppError('CONVERSATION_NOT_FOUND');
    return found;
  }

  const service = {
    async guest(deviceId: string, ip: string): Promise<SupportGuest> {
      await deps.limits.consume(GUEST_LIMIT, ip);
      const guestId = await supportRepository.guestFor(db, deviceId);
      const { token, expiresAt } = deps.guests.issue(guestId);
      return { token, expiresAt: expiresAt.toISOString() };
    },

    async state(party: Party, lang: Lang): Promise<SupportState> {
      const [live, settings, online, quickQuestions] = await Promise.all([
        supportRepository.live(db, party),
        supportRepository.settings(db),
        supportRepository.anyAgentOnline(db, PRESENCE_FRESH_S),
        deps.help.quickQuestions(lang),
      ]);
      let conversation: ConversationRow | undefined = live;
      if (!conversation) {
        // A closed conversation stays on screen until it is rated, so the member can rate it.
        const latest = await supportRepository.latest(db, party);
        if (latest && latest.status === 'closed' && latest.rating === null) conversation = latest;
      }
      const hours = { open: settings.openAt, close: settings.closeAt };
      const inHours = withinHours(hours, new Date(), deps.timeZone);
      return {
        conversation: conversation ? conversationView(conversation) : null,
        onDuty: settings.desk && online && inHours,
        inHours,
        hours,
        timeZone: deps.timeZone,
        quickQuestions,
      };
    },

    async messages(
      party: Party,
      query: { conversation?: string; after?: number; before?: number; limit: number },
    ): Promise<SupportMessages> {
      const conversation = await own(party, query.conversation === undefined ? undefined : BigInt(query.conversation));
      if (!conversation) return { conversation: null, messages: [], more: false };
      const page = await supportRepository.messages(db, conversation.id, query);
      return { conversation: conversationView(conversation), messages: page.rows.map(messageView), more: page.more };
    },

    /**
     * A message of the member's: into the live conversation (opened if there is none), which goes into the agents'
     * queue (a message of one's own asks for a human). The same clientId again answers the stored message.
     */
    async send(party: Party, body: ChatSendBody, lang: Lang): Promise<ChatMessage> {
      await deps.limits.consume(SEND_LIMIT, partyKey(party));
      const open = await supportRepository.openFor(db, party, lang);
      let queued = false;
      const { conversation, stored } = await chat.post(
        open.id,
        [
          {
            author: 'member',
            operatorId: null,
            kind: body.image ? 'image' : 'text',
            text: body.image ? '' : (body.text ?? ''),
            image: body.image ?? null,
            clientId: body.clientId,
            article: null,
          },
        ],
        async (locked, tx) => {
          queued = await supportRepository.queue(tx, locked.id);
        },
      );
      if (queued) {
        const now = await supportRepository.byId(db, conversation.id);
        if (now) chat.statusChanged(now);
      }
      const [message] = stored;
      if (!message) throw new Error('a posted message is missing');
      return messageView(message);
    },

    /** A quick question: the question and the help centre's answer (a `bot` message), stored together at once. */
    async quick(party: Party, body: { articleId: number; clientId: string }, lang: Lang): Promise<SupportQuickAnswer> {
      await deps.limits.consume(SEND_LIMIT, partyKey(party));
      const answer = await deps.help.answer(body.articleId, lang);
      if (!answer) throw new AppError('HELP_ARTICLE_NOT_FOUND');
      const open = await supportRepository.openFor(db, party, lang);
      const { stored } = await chat.post(open.id, [
        {
          author: 'member',
          operatorId: null,
          kind: 'text',
          text: answer.title,
          image: null,
          clientId: body.clientId,
          article: null,
        },
        {
          author: 'bot',
          operatorId: null,
          kind: 'text',
          text: answer.text,
          image: null,
          clientId: null,
          article: { id: answer.id, title: answer.title, slug: answer.slug },
        },
      ]);
      const [question, reply] = stored;
      if (!question || !reply) throw new Error('a quick answer is missing');
      return { question: messageView(question), answer: messageView(reply) };
    },

    /** The member has read up to `seq` of their live (or newest) conversation. */
    async seen(party: Party, seq: number): Promise<ConversationView> {
      const conversation = await current(party);
      if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
      const updated = await supportRepository.memberSeen(db, conversation.id, seq);
      if (!updated) throw new AppError('CONVERSATION_NOT_FOUND');
      if (updated.memberSeenSeq !== conversation.memberSeenSeq) chat.seen(updated, 'member');
      return conversationView(updated);
    },

    /** The member is typing in their live conversation (not stored; the caller throttles). */
    async typing(party: Party): Promise<void> {
      const conversation = await supportRepository.live(db, party);
      if (conversation) chat.typing(conversation, 'member');
    },

    /** A closed conversation of theirs, once, 1-5. */
    async rate(party: Party, body: { conversation: string; score: number; comment: string }) {
      const id = BigInt(body.conversation);
      const updated = await supportRepository.rate(db, party, id, body.score, body.comment);
      if (updated) {
        chat.statusChanged(updated);
        return conversationView(updated);
      }
      const found = await supportRepository.ofParty(db, party, id);
      if (!found) throw new AppError('CONVERSATION_NOT_FOUND');
      // Still open, or rated already: nothing to change.
      throw new AppError(found.status === 'closed' ? 'CONVERSATION_RATED' : 'BAD_REQUEST');
    },

    async leave(memberId: bigint, body: Required<LeaveMessageBody>): Promise<LeftMessage> {
      await deps.limits.consume(LEAVE_LIMIT, String(memberId));
      return leftMessageView(await supportRepository.leave(db, memberId, body.content, body.contact));
    },

    async left(memberId: bigint): Promise<LeftMessage[]> {
      return (await supportRepository.leftOf(db, memberId)).map(leftMessageView);
    },

    /** Who a socket or request is: a guest token's guest, or null. */
    guestOf(token: string): bigint | null {
      return token ? deps.guests.verify(token) : null;
    },
  };
  return service;
}

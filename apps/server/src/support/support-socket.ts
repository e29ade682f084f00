import { type ChatSendBody, chatSendBody } from '@jinb/contract';
import type { ChatHandler, SocketIdentity } from '../realtime/realtime-hub';
import { AppError } from '../shared/app-error';
import type { Party } from './support.repository';
import type { SupportService } from './support.service';
import type { SupportDesk } from './support-desk.service';
import type { SupportPresence } from './support-presence';

/** A side's typing goes out at most this often per conversation (the frames themselves are not stored). */
export const TYPING_EVERY_MS = 2_000;

/**
 * The chat frames of `/ws` (realtime-hub.ts hands them here): `say` is the same use case as `supportSend` (members,
 * guests) or `adminSupportSend` (agents, naming the `conversation`), `seen` the same as the seen calls, `typing`
 * published without storing, throttled per sender and conversation. A frame's body is checked with the same schema
 * as the HTTP call's, so a socket can send nothing the API would refuse.
 */
export function createChatHandler(deps: {
  members: SupportService;
  desk: SupportDesk;
  /** The operator's role, read again (the socket only knows who they are). */
  operator(id: bigint): Promise<{ id: bigint; account: string; role: string } | undefined>;
  presence: SupportPresence;
}): ChatHandler {
  const lastTyping = new Map<string, number>();

  function partyOf(who: SocketIdentity): Party | null {
    return who.kind === 'member' || who.kind === 'guest' ? { kind: who.kind, id: who.id } : null;
  }

  async function actorOf(who: SocketIdentity, ip: string) {
    if (who.kind !== 'operator') throw new AppError('FORBIDDEN');
    const found = await deps.operator(who.id);
    if (!found) throw new AppError('FORBIDDEN');
    return { id: found.id, account: found.account, role: found.role as 'support' | 'admin', ip };
  }

  function conversationOf(value: string | undefined): bigint {
    if (!value || !/^\d{1,18}$/.test(value)) throw new AppError('CONVERSATION_NOT_FOUND');
    return BigInt(value);
  }

  function throttled(key: string): boolean {
    const now = Date.now();
    if (now - (lastTyping.get(key) ?? 0) < TYPING_EVERY_MS) return true;
    lastTyping.set(key, now);
    if (lastTyping.size > 10_000) {
      for (const [old, at] of lastTyping) if (now - at >= TYPING_EVERY_MS) lastTyping.delete(old);
    }
    return false;
  }

  return {
    async say(who, frame, ip, lang) {
      const parsed = chatSendBody.safeParse({ clientId: frame.clientId, text: frame.text, image: frame.image });
      if (!parsed.success) throw new AppError('BAD_REQUEST');
      const body: ChatSendBody = parsed.data;
      const party = partyOf(who);
      if (party) return deps.members.send(party, body, lang);
      return deps.desk.send(await actorOf(who, ip), conversationOf(frame.conversation), body);
    },

    typing(who, frame) {
      const party = partyOf(who);
      const key = `${who.kind}:${who.id}:${frame.conversation ?? ''}`;
      if (throttled(key)) return;
      if (party) {
        void deps.members.typing(party);
        return;
      }
      if (!frame.conversation || !/^\d{1,18}$/.test(frame.conversation)) return;
      const conversation = BigInt(frame.conversation);
      void actorOf(who, '').then((actor) => deps.desk.typing(actor, conversation));
    },

    async seen(who, frame) {
      const party = partyOf(who);
      if (party) {
        await deps.members.seen(party, frame.seq);
        return;
      }
      await deps.desk.seen(await actorOf(who, ''), conversationOf(frame.conversation), frame.seq);
    },

    deskPresence(operatorId, online) {
      deps.presence.changed(operatorId, online);
    },
  };
}

import { GUEST_TOKEN_HEADER, SESSION_EXPIRED_BODY } from '@jinb/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { fail, ok } from '../http/envelope';
import { currentMember, loadMember, operatorActor, requireMember, requireOperator } from '../http/request-context';
import type { Party } from './support.repository';
import { SUPPORT_DESK } from './support-desk.service';

/** Where agents answer chat: the console's chat seat. */
export const CONSOLE_CHAT_SEAT = '/console/support/chat';

const parties = new WeakMap<FastifyRequest, Party>();

/**
 * The chat's member calls take a signed-in member (the session token `t`, as every member call) or a chat guest
 * (the `x-guest-token` header from supportGuest). Neither: the site's usual `token` answer. A guest token that is
 * forged or expired: 401 SESSION_EXPIRED with a message (the site asks supportGuest for a new one).
 */
function requireParty(container: Container) {
  const load = loadMember(container);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await load(request, reply);
    if (request.member) {
      parties.set(request, { kind: 'member', id: request.member.memberId });
      return;
    }
    const guestToken = request.headers[GUEST_TOKEN_HEADER];
    if (typeof guestToken === 'string' && guestToken) {
      const guestId = container.support.members.guestOf(guestToken);
      if (guestId !== null) {
        parties.set(request, { kind: 'guest', id: guestId });
        return;
      }
      return reply.code(401).send(fail('SESSION_EXPIRED', request.client.lang));
    }
    return reply.code(401).send(SESSION_EXPIRED_BODY);
  };
}

function partyOf(request: FastifyRequest): Party {
  const party = parties.get(request);
  if (!party) throw new Error('requireParty must run before this handler');
  return party;
}

/** The member's (or guest's) chat calls. */
export function supportRoutes(container: Container): FastifyPluginAsyncZod {
  const { members } = container.support;
  return async (app) => {
    const chat = { tags: ['support'], preHandler: requireParty(container) };
    const member = { tags: ['support'], preHandler: requireMember(container) };

    // Site: /app/customer for a visitor: a guest identity from the device id (a token for the calls below and /ws).
    route(app, 'supportGuest', { tags: ['support'] }, async (request) =>
      ok(await members.guest(request.body.deviceId, request.ip)),
    );

    // Site: /app/customer opens with it: the live conversation, whether agents answer now, the quick questions.
    route(app, 'supportConversation', chat, async (request) =>
      ok(await members.state(partyOf(request), request.client.lang)),
    );

    // Site: the history (fixed name), and what a reconnecting socket missed (`after` its last seq).
    route(app, 'supportMessages', chat, async (request) => ok(await members.messages(partyOf(request), request.query)));

    // Site: sends a message when the socket is away (the socket's `say` does the same).
    route(app, 'supportSend', chat, async (request) =>
      ok(await members.send(partyOf(request), request.body, request.client.lang)),
    );

    // Site: a quick question (常见问题) answered at once.
    route(app, 'supportQuick', chat, async (request) =>
      ok(await members.quick(partyOf(request), request.body, request.client.lang)),
    );

    // Site: read marks (the socket's `seen` does the same).
    route(app, 'supportSeen', chat, async (request) => ok(await members.seen(partyOf(request), request.body.seq)));

    // Site: the rating after an agent closed the conversation.
    route(app, 'supportRate', chat, async (request) => ok(await members.rate(partyOf(request), request.body)));

    // Site: /tutorial/leaveMsg, a message left outside service hours; and the member's left messages with replies.
    route(app, 'supportLeaveMessage', member, async (request) =>
      ok(await members.leave(currentMember(request).memberId, request.body)),
    );
    route(app, 'supportLeftMessages', member, async (request) =>
      ok(await members.left(currentMember(request).memberId)),
    );
  };
}

/** The agents' calls (support and admin; the service checks the role again), and the old desk page's redirect. */
export function supportDeskRoutes(container: Container): FastifyPluginAsyncZod {
  const { desk } = container.support;
  return async (app) => {
    const agents = { tags: ['support-desk'], preHandler: requireOperator(container, SUPPORT_DESK) };
    const id = (request: { params: { id: string } }) => BigInt(request.params.id);

    // Desk: the queue and the agent's own conversations.
    route(app, 'adminSupportQueue', agents, async (request) => ok(await desk.queue(operatorActor(request))));
    // Desk: one conversation, its messages and the member beside it.
    route(app, 'adminSupportConversation', agents, async (request) =>
      ok(await desk.detail(operatorActor(request), id(request), request.query)),
    );
    route(app, 'adminSupportTake', agents, async (request) => ok(await desk.take(operatorActor(request), id(request))));
    route(app, 'adminSupportSend', agents, async (request) =>
      ok(await desk.send(operatorActor(request), id(request), request.body)),
    );
    route(app, 'adminSupportSeen', agents, async (request) =>
      ok(await desk.seen(operatorActor(request), id(request), request.body.seq)),
    );
    route(app, 'adminSupportTransfer', agents, async (request) =>
      ok(await desk.transfer(operatorActor(request), id(request), BigInt(request.body.operatorId))),
    );
    route(app, 'adminSupportClose', agents, async (request) =>
      ok(await desk.close(operatorActor(request), id(request))),
    );
    route(app, 'adminSupportCanned', agents, async (request) => ok(await desk.canned(operatorActor(request))));
    route(app, 'adminSupportCannedSave', agents, async (request) =>
      ok(await desk.saveCanned(operatorActor(request), request.body.replies)),
    );
    route(app, 'adminSupportSettings', agents, async (request) => ok(await desk.settings(operatorActor(request))));
    // Console: the desk on or off and the service hours (admins).
    route(app, 'adminSupportSettingsSave', agents, async (request) =>
      ok(await desk.saveSettings(operatorActor(request), request.body)),
    );
    route(app, 'adminSupportLeftMessages', agents, async (request) =>
      ok(await desk.leftMessages(operatorActor(request), request.query.status)),
    );
    route(app, 'adminSupportLeftMessageReply', agents, async (request) =>
      ok(await desk.reply(operatorActor(request), id(request), request.body.reply)),
    );
    route(app, 'adminSupportAgents', agents, async (request) => ok(await desk.agents(operatorActor(request))));

    // The standalone desk page (issue 25) became the console's chat seat (issue 27): old bookmarks land there.
    for (const url of ['/support/desk', '/support/desk/', '/support/desk/*'])
      app.get(url, { schema: { hide: true } }, async (_request, reply) => reply.redirect(CONSOLE_CHAT_SEAT, 301));
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';

/** The member's inbox (spec: message/list, message/num, message/update; ours: detail, read-all). */
export function messagesRoutes(container: Container): FastifyPluginAsyncZod {
  const { inbox } = container.messages;
  return async (app) => {
    const member = { tags: ['messages'], preHandler: requireMember(container) };

    // Site: /user/message, the list (pages of `size`, newest first).
    route(app, 'messageList', member, async (request) =>
      ok(await inbox.list(currentMember(request).memberId, request.body, request.client.lang)),
    );

    // Site: the unread badge on 我的 and the tab bar (also pushed on the `inbox` topic).
    route(app, 'messageNum', member, async (request) =>
      ok({ count: await inbox.unread(currentMember(request).memberId) }),
    );

    // Site: /user/message, mark one read or delete it (swipe, after a confirmation).
    route(app, 'messageUpdate', member, async (request) =>
      ok(await inbox.update(currentMember(request).memberId, request.body)),
    );

    // Site: /user/message/detail?id=, which marks the message read.
    route(app, 'messageDetail', member, async (request) =>
      ok(await inbox.detail(currentMember(request).memberId, request.query.id, request.client.lang)),
    );

    // Site: /user/message, 全部已读.
    route(app, 'messageReadAll', member, async (request) => ok(await inbox.readAll(currentMember(request).memberId)));
  };
}

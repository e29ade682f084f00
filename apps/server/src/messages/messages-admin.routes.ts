import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { MESSAGE_SENDERS } from './messages-admin.service';

/** Operators' messages (the service checks the role again). */
export function messagesAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container.messages;
  return async (app) => {
    const senders = { tags: ['admin'], preHandler: requireOperator(container, MESSAGE_SENDERS) };

    // Console: sends a message to `all`, `level:<n>` or `members:<id,...>`; answers it with its recipient count.
    route(app, 'adminMessageSend', senders, async (request) =>
      ok(await admin.send(operatorActor(request), request.body)),
    );

    // Console: the messages sent, newest first, with recipients and reads.
    route(app, 'adminMessages', senders, async (request) => ok(await admin.list(operatorActor(request))));

    // Console: takes a message back out of every inbox.
    route(app, 'adminMessageWithdraw', senders, async (request) =>
      ok(await admin.withdraw(operatorActor(request), request.params.id)),
    );
  };
}

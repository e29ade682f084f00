import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentOperator, requireOperator } from '../http/request-context';

export function memberAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { members } = container;
  return async (app) => {
    // Support operators answer the "my real name is wrong" requests the site sends to customer service.
    const staff = requireOperator(container, ['admin', 'support']);

    // Console: member detail, "correct real name" (with the reason the member gave).
    route(app, 'adminMemberRealName', { tags: ['admin'], preHandler: staff }, async (request) =>
      ok(await members.correctRealName(currentOperator(request), request.ip, BigInt(request.params.id), request.body)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';

export function protectionAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container.protection;
  return async (app) => {
    // Every role that may look a member up may see their protection; nobody may change it.
    const look = { tags: ['admin'], preHandler: requireOperator(container) };

    // Console: a member's limits, the exclusion in force and every one they took.
    route(app, 'adminMemberProtection', look, async (request) =>
      ok(await admin.view(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: lifting an exclusion early. Always refused (EXCLUSION_LOCKED), and the attempt is audited.
    route(app, 'adminMemberExclusionLift', look, async (request) =>
      ok(await admin.lift(operatorActor(request), BigInt(request.params.id))),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';

export function securityRoutes(container: Container): FastifyPluginAsyncZod {
  const { history, stepUp } = container.security;
  return async (app) => {
    const member = { tags: ['security'], preHandler: requireMember(container) };

    // Site: /setting/loginHistory, the member's recent sign-ins.
    route(app, 'loginHistory', member, async (request) =>
      ok(await history.list(currentMember(request), request.query, request.client.lang)),
    );

    // Site: the step-up dialog, 短信验证's send button.
    route(app, 'stepUpSms', member, async (request) =>
      ok(await stepUp.sendSms(currentMember(request), request.client)),
    );

    // Site: the step-up dialog, submit; the guarded call is then retried.
    route(app, 'stepUp', member, async (request) =>
      ok(await stepUp.verify(currentMember(request), request.client, request.body)),
    );
  };
}

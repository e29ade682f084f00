import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { bearerToken, currentOperator, operatorActor, requireOperator } from '../http/request-context';

export function adminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container;
  return async (app) => {
    const operator = requireOperator(container);

    // Console: operator sign-in; the token goes back as `Authorization: Bearer <token>`.
    route(app, 'adminLogin', { tags: ['admin'] }, async (request) =>
      ok(await admin.login(request.client, request.body)),
    );

    // Console: who am I.
    route(app, 'adminMe', { tags: ['admin'], preHandler: operator }, async (request) =>
      ok(await admin.me(currentOperator(request))),
    );

    // Console: sign out of this session.
    route(app, 'adminLogout', { tags: ['admin'], preHandler: operator }, async (request) =>
      ok(await admin.revokeSessions(currentOperator(request), bearerToken(request), request.ip, 'this')),
    );

    // Console: sign out everywhere (every session of this operator, on every process).
    route(app, 'adminRevokeAllSessions', { tags: ['admin'], preHandler: operator }, async (request) =>
      ok(await admin.revokeSessions(currentOperator(request), bearerToken(request), request.ip, 'all')),
    );

    // Console (admins): sign another operator out everywhere.
    route(
      app,
      'adminRevokeOperatorSessions',
      { tags: ['admin'], preHandler: requireOperator(container, ['admin']) },
      async (request) => ok(await admin.revokeOperatorSessions(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: find members by account prefix.
    route(app, 'adminMembers', { tags: ['admin'], preHandler: operator }, async (request) =>
      ok(await admin.findMembers(currentOperator(request), request.query.account, request.ip)),
    );

    // Console: the dev outbox (demo mode only), for support staff walking a member through a flow.
    if (container.config.mode === 'demo') {
      route(app, 'adminOutbox', { tags: ['admin'], preHandler: operator }, async (request) =>
        ok(await admin.outbox(request.query.to)),
      );
    }

    // Console: visits per day and top pages, from our own page-view table.
    route(app, 'adminPageViews', { tags: ['admin'], preHandler: operator }, async (request) =>
      ok(await container.analytics.summary(new Date(Date.now() - request.query.days * 86_400_000))),
    );
  };
}

import { adminLoginBody, api, operatorSession, outboxItem, outboxQuery, userInfo } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { bearerToken, currentOperator, operatorActor, requireOperator } from '../http/request-context';

export function adminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container;
  return async (app) => {
    const operator = requireOperator(container);

    // Console: operator sign-in; the token goes back as `Authorization: Bearer <token>`.
    app.post(
      api.adminLogin,
      { schema: { tags: ['admin'], body: adminLoginBody, response: { 200: okSchema(operatorSession) } } },
      async (request) => ok(await admin.login(request.client, request.body)),
    );

    // Console: who am I.
    app.get(
      api.adminMe,
      {
        schema: {
          tags: ['admin'],
          response: { 200: okSchema(z.object({ id: z.string(), account: z.string(), role: z.string() })) },
        },
        preHandler: operator,
      },
      async (request) => {
        const me = currentOperator(request);
        return ok({ id: me.id.toString(), account: me.account, role: me.role });
      },
    );

    // Console: sign out of this session.
    app.post(
      api.adminLogout,
      {
        schema: { tags: ['admin'], response: { 200: okSchema(z.object({ ended: z.number() })) } },
        preHandler: operator,
      },
      async (request) =>
        ok(await admin.revokeSessions(currentOperator(request), bearerToken(request), request.ip, 'this')),
    );

    // Console: sign out everywhere (every session of this operator, on every process).
    app.post(
      api.adminRevokeAllSessions,
      {
        schema: { tags: ['admin'], response: { 200: okSchema(z.object({ ended: z.number() })) } },
        preHandler: operator,
      },
      async (request) =>
        ok(await admin.revokeSessions(currentOperator(request), bearerToken(request), request.ip, 'all')),
    );

    // Console (admins): sign another operator out everywhere.
    app.post(
      api.adminRevokeOperatorSessions,
      {
        schema: {
          tags: ['admin'],
          params: z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'NOT_FOUND' }) }),
          response: { 200: okSchema(z.object({ ended: z.number() })) },
        },
        preHandler: requireOperator(container, ['admin']),
      },
      async (request) => ok(await admin.revokeOperatorSessions(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: find members by account prefix.
    app.get(
      api.adminMembers,
      {
        schema: {
          tags: ['admin'],
          querystring: z.object({ account: z.string().trim().max(32).default('') }),
          response: { 200: okSchema(z.array(userInfo.extend({ status: z.string(), balance: z.string() }))) },
        },
        preHandler: operator,
      },
      async (request) => ok(await admin.findMembers(currentOperator(request), request.query.account, request.ip)),
    );

    // Console: the dev outbox (demo mode only), for support staff walking a member through a flow.
    if (container.config.mode === 'demo') {
      app.get(
        api.adminOutbox,
        {
          schema: { tags: ['admin'], querystring: outboxQuery, response: { 200: okSchema(z.array(outboxItem)) } },
          preHandler: operator,
        },
        async (request) => ok(await admin.outbox(request.query.to)),
      );
    }

    // Console: visits per day and top pages, from our own page-view table.
    app.get(
      api.adminPageViews,
      {
        schema: {
          tags: ['admin'],
          querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(7) }),
          response: {
            200: okSchema(
              z.object({
                days: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
                topPaths: z.array(z.object({ path: z.string(), views: z.number() })),
              }),
            ),
          },
        },
        preHandler: operator,
      },
      async (request) => ok(await container.analytics.summary(new Date(Date.now() - request.query.days * 86_400_000))),
    );
  };
}

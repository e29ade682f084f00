import { protectionApi, statementQuery } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';

export function protectionRoutes(container: Container): FastifyPluginAsyncZod {
  const { limits, exclusions, session, statements } = container.protection;
  return async (app) => {
    const member = { tags: ['protection'], preHandler: requireMember(container) };

    // Site: 设置 → 负责任博彩, the limits page: what is in force, what waits, what the periods used.
    route(app, 'memberLimits', member, async (request) => ok(await limits.view(currentMember(request).memberId)));

    // Site: the limits page's save; stricter applies now, looser waits 24 hours.
    route(app, 'memberLimitsUpdate', member, async (request) =>
      ok(await limits.update(currentMember(request).memberId, request.body)),
    );

    // Site: 确认生效 on a raise or removal whose 24 hours have passed.
    route(app, 'memberLimitsConfirm', member, async (request) =>
      ok(await limits.confirm(currentMember(request).memberId, request.body.key)),
    );

    // Site: 撤销 on a raise or removal still waiting.
    route(app, 'memberLimitsCancel', member, async (request) =>
      ok(await limits.cancel(currentMember(request).memberId, request.body.key)),
    );

    // Site: the time-out and self-exclusion page; ends every session of the member.
    route(app, 'memberExclusion', member, async (request) =>
      ok(await exclusions.exclude(currentMember(request), request.client, request.body)),
    );

    // Site: the reality check's reminder (also in the withdrawal-only session: protection/withdraw-only.ts).
    route(app, 'memberSession', member, async (request) => ok(await session.summary(currentMember(request))));

    // Site: the statement page.
    route(app, 'memberStatement', member, async (request) =>
      ok(await statements.statement(currentMember(request).memberId, request.query.months)),
    );

    // Site: the statement page's export. A file, not the envelope, so not in the endpoint table's JSON calls.
    app.get(
      protectionApi.memberStatementCsv,
      {
        schema: { tags: ['protection'], querystring: statementQuery, produces: ['text/csv'] },
        preHandler: requireMember(container),
      },
      async (request, reply) => {
        const months = request.query.months;
        const csv = await statements.csv(currentMember(request).memberId, months, request.client.lang);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="statement-${months}m.csv"`)
          .type('text/csv; charset=utf-8')
          .send(csv);
      },
    );
  };
}

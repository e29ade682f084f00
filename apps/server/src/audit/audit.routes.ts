import { rolesOf } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { createAuditService } from './audit.service';

/** The console's audit log (issue 27): admins search what every operator did. */
export function auditRoutes(container: Container): FastifyPluginAsyncZod {
  const audit = createAuditService({ db: container.db, timeZone: container.config.timeZone });
  return async (app) => {
    const admins = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('admin')) };

    // Console: 审计日志, the search form and the table with each row's before and after.
    route(app, 'adminAuditLog', admins, async (request) =>
      ok(await audit.search(operatorActor(request), request.query)),
    );
  };
}

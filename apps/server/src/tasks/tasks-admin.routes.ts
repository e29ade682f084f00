import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { TASK_MANAGERS, TASK_VIEWERS } from './tasks-admin.service';

/** The operators' task configuration (the service checks the role again). */
export function tasksAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container.tasks;
  return async (app) => {
    const look = { tags: ['admin'], preHandler: requireOperator(container, TASK_VIEWERS) };
    const manage = { tags: ['admin'], preHandler: requireOperator(container, TASK_MANAGERS) };

    // Console: every task template, the chests and the sign-in rewards.
    route(app, 'adminTasks', look, async (request) => ok(await admin.list(operatorActor(request))));

    // Console: a new task template.
    route(app, 'adminTaskCreate', manage, async (request) =>
      ok(await admin.create(operatorActor(request), request.body)),
    );

    // Console: changes a template (or switches it off).
    route(app, 'adminTask', manage, async (request) =>
      ok(await admin.update(operatorActor(request), BigInt(request.params.id), request.body)),
    );

    // Console: the chests, replaced as a whole.
    route(app, 'adminTaskChests', manage, async (request) =>
      ok(await admin.chests(operatorActor(request), request.body)),
    );

    // Console: the sign-in reward of each streak day.
    route(app, 'adminTaskSignin', manage, async (request) =>
      ok(await admin.signin(operatorActor(request), request.body)),
    );
  };
}

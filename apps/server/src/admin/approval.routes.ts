import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';

export function approvalRoutes(container: Container): FastifyPluginAsyncZod {
  const { approvals } = container;
  return async (app) => {
    // Anyone on the desk may see what waits; the action's own roles decide who may approve it (checked in the service).
    const guard = requireOperator(container);

    // Console: requests for a second operator (adjustments above the threshold), paged and filtered on the server.
    route(app, 'adminApprovals', { tags: ['admin'], preHandler: guard }, async (request) =>
      ok(await approvals.list(request.query)),
    );

    // Console: approve, which carries the request out at once; never by the operator who asked.
    route(app, 'adminApprovalApprove', { tags: ['admin'], preHandler: guard }, async (request) =>
      ok(await approvals.approve(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: reject, with a reason the requester will read.
    route(app, 'adminApprovalReject', { tags: ['admin'], preHandler: guard }, async (request) =>
      ok(await approvals.reject(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );
  };
}

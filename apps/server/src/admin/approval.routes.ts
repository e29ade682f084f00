import { api, approvalView, requiredReasonBody } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'NOT_FOUND' }) });
const listQuery = z.object({
  status: z.enum(['', 'pending', 'approved', 'rejected']).default('pending'),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

export function approvalRoutes(container: Container): FastifyPluginAsyncZod {
  const { approvals } = container;
  return async (app) => {
    // Anyone on the desk may see what waits; the action's own roles decide who may approve it (checked in the service).
    const guard = requireOperator(container);

    // Console: requests waiting for a second operator (adjustments above the threshold), newest first.
    app.get(
      api.adminApprovals,
      {
        schema: { tags: ['admin'], querystring: listQuery, response: { 200: okSchema(z.array(approvalView)) } },
        preHandler: guard,
      },
      async (request) =>
        ok(await approvals.list(request.query.status, request.query.before ? BigInt(request.query.before) : undefined)),
    );

    // Console: approve, which carries the request out at once; never by the operator who asked.
    app.post(
      api.adminApprovalApprove,
      { schema: { tags: ['admin'], params: idParams, response: { 200: okSchema(approvalView) } }, preHandler: guard },
      async (request) => ok(await approvals.approve(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: reject, with a reason the requester will read.
    app.post(
      api.adminApprovalReject,
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: requiredReasonBody,
          response: { 200: okSchema(approvalView) },
        },
        preHandler: guard,
      },
      async (request) =>
        ok(await approvals.reject(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );
  };
}

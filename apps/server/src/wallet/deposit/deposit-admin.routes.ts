import { depositPaymentView, requiredReasonBody, walletApi } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MONEY_DESK } from '../../admin/operator-actor';
import type { Container } from '../../container';
import { ok, okSchema } from '../../http/envelope';
import { operatorActor, requireOperator } from '../../http/request-context';

const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'NOT_FOUND' }) });
const statusQuery = z.object({ status: z.enum(['', 'matched', 'unmatched', 'assigned', 'dismissed']).default('') });
const assignBody = z.object({ orderId: z.coerce.number().int().positive({ error: 'NOT_FOUND' }) });

export function depositAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { deposits } = container.wallet;
  return async (app) => {
    const guard = requireOperator(container);
    const money = requireOperator(container, MONEY_DESK);

    // Console: payments seen on the chain or a bank statement; `unmatched` ones wait for an operator.
    app.get(
      walletApi.adminDepositPayments,
      {
        schema: { tags: ['admin'], querystring: statusQuery, response: { 200: okSchema(z.array(depositPaymentView)) } },
        preHandler: guard,
      },
      async (request) => ok(await deposits.payments(request.query.status)),
    );

    // Console: credit a queued payment to a member's order (once).
    app.post(
      walletApi.adminDepositPaymentAssign,
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: assignBody,
          response: { 200: okSchema(depositPaymentView) },
        },
        preHandler: money,
      },
      async (request) =>
        ok(
          await deposits.assignPayment(operatorActor(request), BigInt(request.params.id), BigInt(request.body.orderId)),
        ),
    );

    // Console: close a queued payment without crediting anyone, with a reason.
    app.post(
      walletApi.adminDepositPaymentDismiss,
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: requiredReasonBody,
          response: { 200: okSchema(depositPaymentView) },
        },
        preHandler: money,
      },
      async (request) =>
        ok(await deposits.dismissPayment(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );
  };
}

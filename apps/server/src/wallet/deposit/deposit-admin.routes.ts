import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MONEY_DESK } from '../../admin/operator-actor';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { operatorActor, requireOperator } from '../../http/request-context';

export function depositAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { deposits, desk } = container.wallet;
  return async (app) => {
    const guard = requireOperator(container);
    const money = requireOperator(container, MONEY_DESK);

    // Console: payments seen on the chain or a bank statement, paged on the server; `unmatched` ones wait for an operator.
    route(app, 'adminDepositPayments', { tags: ['admin'], preHandler: guard }, async (request) =>
      ok(await desk.payments(request.query)),
    );

    // Console: credit a queued payment to a member's order (once).
    route(app, 'adminDepositPaymentAssign', { tags: ['admin'], preHandler: money }, async (request) =>
      ok(await deposits.assignPayment(operatorActor(request), BigInt(request.params.id), BigInt(request.body.orderId))),
    );

    // Console: close a queued payment without crediting anyone, with a reason.
    route(app, 'adminDepositPaymentDismiss', { tags: ['admin'], preHandler: money }, async (request) =>
      ok(await deposits.dismissPayment(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );
  };
}

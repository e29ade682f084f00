import { HEADER } from '@jinb/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { idempotencyKey } from '../../http/idempotency-key';
import { currentMember, operatorActor, requireMember, requireOperator } from '../../http/request-context';
import { AppError } from '../../shared/app-error';
import { CASHOUT_VIEWERS } from './cashout.service';

/** As placement: a retried cash out without its key could not be told from a second (partial) one. */
function cashoutKey(request: FastifyRequest): string {
  if (request.headers[HEADER.idempotencyKey] === undefined) throw new AppError('BAD_REQUEST');
  return idempotencyKey(request);
}

export function cashoutRoutes(container: Container): FastifyPluginAsyncZod {
  const { cashout } = container.sports;
  return async (app) => {
    const member = { tags: ['sports'], preHandler: requireMember(container) };
    const look = { tags: ['admin'], preHandler: requireOperator(container, CASHOUT_VIEWERS) };
    const memberId = (request: FastifyRequest) => currentMember(request).memberId;

    // Site: an open bet's cash-out button (its amount, or why there is none now); later quotes come pushed.
    route(app, 'sportsCashoutQuote', member, async (request) =>
      ok(await cashout.quote(memberId(request), BigInt(request.query.id))),
    );

    // Site: the member accepts the quote, for the whole stake or a part; a double tap pays once.
    route(app, 'sportsCashout', member, async (request) =>
      ok(await cashout.accept(memberId(request), cashoutKey(request), request.body)),
    );

    // Console: an event's cash-out totals (the service checks the role again).
    route(app, 'adminSportsEventCashouts', look, async (request) =>
      ok(await cashout.eventTotals(operatorActor(request), BigInt(request.params.id))),
    );
  };
}

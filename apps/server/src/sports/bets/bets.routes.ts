import { HEADER } from '@jinb/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { idempotencyKey } from '../../http/idempotency-key';
import { currentMember, currentOperator, requireMember, requireOperator } from '../../http/request-context';
import { AppError } from '../../shared/app-error';

/**
 * A bet moves money, and a retried bet without its key would be a second bet: unlike the wallet's calls, which make
 * up a key when none came, placement refuses a request without one.
 */
function betKey(request: FastifyRequest): string {
  if (request.headers[HEADER.idempotencyKey] === undefined) throw new AppError('BAD_REQUEST');
  return idempotencyKey(request);
}

export function betsRoutes(container: Container): FastifyPluginAsyncZod {
  const { bets } = container.sports;
  return async (app) => {
    const member = { tags: ['sports'], preHandler: requireMember(container) };
    const look = { tags: ['admin'], preHandler: requireOperator(container) };
    const memberId = (request: FastifyRequest) => currentMember(request).memberId;

    // Site: the bet slip, "place bet". Takes the stake at once; a double tap with the same key places one bet.
    route(app, 'placeBet', member, async (request) => {
      try {
        const placed = await bets.place(memberId(request), betKey(request), request.body, currentMember(request));
        container.metrics.betPlaced();
        return ok(placed);
      } catch (error) {
        container.metrics.betRefused(error instanceof AppError ? error.code : 'ERROR');
        throw error;
      }
    });

    // Site: /user/bettingRecord, the open and settled tabs with their totals.
    route(app, 'bets', member, async (request) => ok(await bets.list(memberId(request), request.query)));

    // Site: the betting record's detail page (every leg, every line and its arithmetic).
    route(app, 'betDetail', member, async (request) =>
      ok(await bets.detail(memberId(request), BigInt(request.query.id))),
    );

    // Site: the bet slip (limits, quick stakes, the member's odds format and odds policy).
    route(app, 'sportsConfig', member, async (request) => ok(await bets.config(memberId(request))));

    // Site: the sports pages' odds format switch and the slip's odds-change policy; both stick to the member.
    route(app, 'sportsPreferences', member, async (request) =>
      ok(await bets.savePreferences(memberId(request), request.body)),
    );

    // Console: a member's bets (open by default), for the risk desk and support.
    route(app, 'adminSportsMemberBets', look, async (request) => {
      // Looking is recorded too: support staff reading a member's bets should leave a trace.
      await container.admin.audit(
        currentOperator(request),
        'sports.bets.view',
        request.ip,
        `member:${request.params.id}`,
      );
      return ok((await bets.list(BigInt(request.params.id), request.query)).list);
    });
  };
}

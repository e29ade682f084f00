import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { CASINO_MANAGERS, CASINO_VIEWERS } from './casino-admin.service';

/** The operators' house tables (the service checks the role again). */
export function casinoAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container.casino;
  return async (app) => {
    const look = { tags: ['admin'], preHandler: requireOperator(container, CASINO_VIEWERS) };
    const manage = { tags: ['admin'], preHandler: requireOperator(container, CASINO_MANAGERS) };

    // Console: every table with its round now and today's takings.
    route(app, 'adminCasinoTables', look, async (request) => ok(await admin.tables(operatorActor(request))));

    // Console: opens a table (its next round opens within seconds).
    route(app, 'adminCasinoTableOpen', manage, async (request) =>
      ok(await admin.open(operatorActor(request), request.params.code)),
    );

    // Console: closes a table; the round under way finishes, no other opens.
    route(app, 'adminCasinoTableClose', manage, async (request) =>
      ok(await admin.close(operatorActor(request), request.params.code)),
    );

    // Console: a table's limits per spot and its betting window.
    route(app, 'adminCasinoTableLimits', manage, async (request) =>
      ok(await admin.limits(operatorActor(request), request.params.code, request.body)),
    );

    // Console: a table's rounds, newest first, with their takings.
    route(app, 'adminCasinoTableRounds', look, async (request) =>
      ok(await admin.rounds(operatorActor(request), request.params.code, request.query)),
    );

    // Console: profit per table over a range.
    route(app, 'adminCasinoProfit', look, async (request) =>
      ok(await admin.profit(operatorActor(request), request.query)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { operatorActor, requireOperator } from '../../http/request-context';
import { SPORTS_TRADERS } from '../book/sports-settings';

/** The operator's sportsbook: the manual feed, trading (suspend, resume, prices), results, risk and the book's rules. */
export function sportsAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { sports } = container;
  return async (app) => {
    // Any operator may look; trading, results and the rules are the admin's.
    const look = { tags: ['admin'], preHandler: requireOperator(container) };
    const trade = { tags: ['admin'], preHandler: requireOperator(container, SPORTS_TRADERS) };

    route(app, 'adminSportsSettings', look, async () => ok(await sports.settings.raw()));

    route(app, 'adminSaveSportsSettings', trade, async (request) =>
      ok(await sports.settings.save(operatorActor(request), request.body)),
    );
  };
}

import { rolesOf } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { operatorActor, requireOperator } from '../../http/request-context';
import { SPORTS_TRADERS } from '../sports-settings';

/** The operator's sportsbook: the manual feed, trading (suspend, resume, prices), results, risk and the book's rules. */
export function sportsAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { sports } = container;
  const { trading, desk, tables } = sports;
  return async (app) => {
    // Any operator may look; trading, results and the rules are the trading desk's (the services check it again).
    const look = { tags: ['admin'], preHandler: requireOperator(container) };
    const trade = { tags: ['admin'], preHandler: requireOperator(container, SPORTS_TRADERS) };
    const id = (request: { params: { id: string } }) => BigInt(request.params.id);
    const deskTables = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('trading')) };

    // Console: the trading desk's event table (sport, competition, status, start day; paged and sorted).
    route(app, 'adminTradingEvents', deskTables, async (request) => ok(await tables.events(request.query)));

    // Console: the competitions for the event table's filter.
    route(app, 'adminTradingCompetitions', deskTables, async (request) => ok(await tables.competitions(request.query)));

    // Console: the bets on an event (the event page's bets tab), paged, by status.
    route(app, 'adminTradingEventBets', deskTables, async (request) =>
      ok(await tables.eventBets(id(request), request.query)),
    );

    // Console: events by status and sport, each with every market.
    route(app, 'adminSportsEvents', look, async (request) => ok(await desk.events(request.query)));

    // Console: the manual feed creates an event with its markets and prices.
    route(app, 'adminSportsCreateEvent', trade, async (request) =>
      ok(await trading.createEvent(operatorActor(request), request.body)),
    );

    route(app, 'adminSportsEvent', look, async (request) => ok(await desk.event(id(request))));

    route(app, 'adminSportsAddMarkets', trade, async (request) =>
      ok(await trading.addMarkets(operatorActor(request), id(request), request.body.markets)),
    );

    route(app, 'adminSportsEventSuspend', trade, async (request) =>
      ok(await trading.suspendEvent(operatorActor(request), id(request))),
    );

    route(app, 'adminSportsEventResume', trade, async (request) =>
      ok(await trading.resumeEvent(operatorActor(request), id(request))),
    );

    // Console: the manual feed in play (the kick-off, the score and the clock; a goal suspends the markets).
    route(app, 'adminSportsEventLive', trade, async (request) =>
      ok(await trading.live(operatorActor(request), id(request), request.body)),
    );

    // Console: the result (posting again corrects it and resettles the bets).
    route(app, 'adminSportsEventResult', trade, async (request) =>
      ok(await trading.result(operatorActor(request), id(request), request.body)),
    );

    route(app, 'adminSportsEventCancel', trade, async (request) =>
      ok(await trading.cancel(operatorActor(request), id(request), request.body.reason)),
    );

    // Console: the risk desk, what the house pays on each outcome from the open bets.
    route(app, 'adminSportsLiability', look, async (request) => ok(await desk.liability(id(request))));

    route(app, 'adminSportsMarketSuspend', trade, async (request) =>
      ok(await trading.suspendMarket(operatorActor(request), id(request))),
    );

    route(app, 'adminSportsMarketResume', trade, async (request) =>
      ok(await trading.resumeMarket(operatorActor(request), id(request))),
    );

    route(app, 'adminSportsMarketVoid', trade, async (request) =>
      ok(await trading.voidMarket(operatorActor(request), id(request), request.body.reason)),
    );

    route(app, 'adminSportsMarketPrices', trade, async (request) =>
      ok(await trading.setPrices(operatorActor(request), id(request), request.body.selections)),
    );

    // Console: the book's limits, turnover odds, margin and quick stakes.
    route(app, 'adminSportsSettings', look, async () => ok(await sports.settings.raw()));

    route(app, 'adminSaveSportsSettings', trade, async (request) =>
      ok(await sports.settings.save(operatorActor(request), request.body)),
    );
  };
}

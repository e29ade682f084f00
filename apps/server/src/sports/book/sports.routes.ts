import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';

/**
 * The sportsbook's catalogue: open to guests (anyone may look at the prices; placing a bet signs in). Not cached by
 * the browser or a proxy: a price seen late only costs the member an ODDS_CHANGED refusal, but a screen that lags
 * the book by a cache period would show it on every bet.
 */
export function sportsRoutes(container: Container): FastifyPluginAsyncZod {
  const { catalogue } = container.sports;
  return async (app) => {
    const options = { tags: ['sports'] };

    // Sports home (/sports): the sport tabs with each list's count and the competitions to filter by.
    route(app, 'sportsMenu', options, async () => ok(await catalogue.menu()));

    // Sports home lists 滚球 / 今日 / 早盘, by sport and competition, and its search.
    route(app, 'sportsEvents', options, async (request) => ok(await catalogue.events(request.query)));

    // Event page: every market of the event, grouped by period and type.
    route(app, 'sportsEvent', options, async (request) => ok(await catalogue.event(BigInt(request.params.id))));
  };
}

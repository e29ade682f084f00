import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { sendPrepared } from '../../http/cached-reply';
import { route } from '../../http/endpoint-route';

/**
 * The sportsbook's catalogue: open to guests (anyone may look at the prices; placing a bet signs in). Every answer
 * comes from the shared catalogue cache, built once per change of the book (catalogue-cache.ts), compressed and with
 * an ETag; browsers may keep it but must ask again each time (a price seen late costs the member an ODDS_CHANGED
 * refusal), and asking again about an unchanged page is a 304.
 */
export function sportsRoutes(container: Container): FastifyPluginAsyncZod {
  const { pages } = container.sports.catalogue;
  return async (app) => {
    const options = { tags: ['sports'] };

    // Sports home (/sports): the sport tabs with each list's count and the competitions to filter by.
    route(app, 'sportsMenu', options, async (request, reply) => sendPrepared(request, reply, await pages.menu()));

    // Sports home lists 滚球 / 今日 / 早盘, by sport and competition, and its search, a page at a time.
    route(app, 'sportsEvents', options, async (request, reply) =>
      sendPrepared(request, reply, await pages.events(request.query)),
    );

    // Event page: every market of the event, grouped by period and type.
    route(app, 'sportsEvent', options, async (request, reply) =>
      sendPrepared(request, reply, await pages.event(BigInt(request.params.id))),
    );
  };
}

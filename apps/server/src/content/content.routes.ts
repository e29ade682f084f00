import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { loadMember } from '../http/request-context';

const PUBLIC_CACHE = 'public, max-age=30';

/** A public answer a browser may keep: for 30 s, and per `lang` header (the by variant reads traditional texts). */
function publicCache(reply: FastifyReply) {
  reply.header('cache-control', PUBLIC_CACHE);
  reply.header('vary', 'lang');
}

export function contentRoutes(container: Container): FastifyPluginAsyncZod {
  const { content } = container;
  return async (app) => {
    // Site: customer-service entry points (客服 tab, 我的). Cached 60 s by the site.
    route(app, 'preInfo', { tags: ['content'], preHandler: loadMember(container) }, async (request) => {
      const links = await content.supportLinks();
      const info = request.member ? await container.members.info(request.member) : null;
      return ok({
        customer_service: links.customerService,
        username: info?.account ?? '',
        isLogin: Boolean(info),
        whatsAppUrl: links.whatsApp,
        site: container.config.site.name,
        timeZone: container.config.timeZone,
        supportDesk: await container.support.deskOn(),
      });
    });

    // Site: the home page's game catalogue, limited to the variant's show ids.
    route(app, 'gameList', { tags: ['content'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await content.gameList(request.query.show, request.client.lang));
    });

    // Site: banners and announcements on the home page.
    route(app, 'homeContent', { tags: ['content'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await content.home(request.client.lang));
    });

    // Site: /activity/list.
    route(app, 'promoList', { tags: ['content'] }, async (request) =>
      ok(await content.promoList(request.query.page, request.query.size, request.client.lang)),
    );

    // Site: a promotion's detail on /activity/list.
    route(app, 'promoDetail', { tags: ['content'] }, async (request) =>
      ok(await content.promoDetail(request.query.id, request.client.lang)),
    );

    // Site: /find, one category's news (or every category's).
    route(app, 'newsList', { tags: ['content'] }, async (request) =>
      ok(await content.newsList(request.query, request.client.lang)),
    );

    // Site: /find/newsDetail.
    route(app, 'newsDetail', { tags: ['content'] }, async (request) =>
      ok(await content.newsDetail(request.query.id, request.client.lang)),
    );

    // Site: the tabs of /find.
    route(app, 'newsCategories', { tags: ['content'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await content.newsCategories(request.client.lang));
    });

    // Site: /app/sponsor.
    route(app, 'sponsors', { tags: ['content'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await content.sponsors(request.client.lang));
    });

    // Site: configuration dictionaries (010 = banks for withdrawal cards; see the README for every id).
    route(app, 'tree', { tags: ['content'] }, async (request) =>
      ok(await content.tree(request.query.id, request.client.lang)),
    );
  };
}

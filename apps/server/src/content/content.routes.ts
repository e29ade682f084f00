import {
  api,
  gameGroup,
  homeContent,
  idQuery,
  newsDetail,
  newsSummary,
  page,
  pageQuery,
  preInfo,
  promoDetail,
  promoSummary,
  showQuery,
  treeNode,
} from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { loadMember } from '../http/request-context';

const PUBLIC_CACHE = 'public, max-age=30';

export function contentRoutes(container: Container): FastifyPluginAsyncZod {
  const { content } = container;
  return async (app) => {
    // Site: customer-service entry points (客服 tab, 我的). Cached 60 s by the site.
    app.get(
      api.preInfo,
      { schema: { tags: ['content'], response: { 200: okSchema(preInfo) } }, preHandler: loadMember(container) },
      async (request) => {
        const links = await content.supportLinks();
        const info = request.member ? await container.members.info(request.member) : null;
        return ok({
          customer_service: links.customerService,
          username: info?.account ?? '',
          isLogin: Boolean(info),
          whatsAppUrl: links.whatsApp,
          site: container.config.site.name,
          timeZone: container.config.timeZone,
        });
      },
    );

    // Site: the home page's game catalogue, limited to the variant's show ids.
    app.get(
      api.gameList,
      { schema: { tags: ['content'], querystring: showQuery, response: { 200: okSchema(z.array(gameGroup)) } } },
      async (request, reply) => {
        reply.header('cache-control', PUBLIC_CACHE);
        return ok(await content.gameList(request.query.show));
      },
    );

    // Site: banners and announcements on the home page.
    app.get(
      api.homeContent,
      { schema: { tags: ['content'], response: { 200: okSchema(homeContent) } } },
      async (_request, reply) => {
        reply.header('cache-control', PUBLIC_CACHE);
        return ok(await content.home());
      },
    );

    // Site: /activity/list.
    app.get(
      api.promoList,
      { schema: { tags: ['content'], querystring: pageQuery, response: { 200: okSchema(page(promoSummary)) } } },
      async (request) => ok(await content.promoList(request.query.page, request.query.size)),
    );

    // Site: a promotion's detail on /activity/list.
    app.get(
      api.promoDetail,
      { schema: { tags: ['content'], querystring: idQuery, response: { 200: okSchema(promoDetail) } } },
      async (request) => ok(await content.promoDetail(request.query.id)),
    );

    // Site: /find.
    app.get(
      api.newsList,
      { schema: { tags: ['content'], querystring: pageQuery, response: { 200: okSchema(page(newsSummary)) } } },
      async (request) => ok(await content.newsList(request.query.page, request.query.size)),
    );

    // Site: /find/newsDetail.
    app.get(
      api.newsDetail,
      { schema: { tags: ['content'], querystring: idQuery, response: { 200: okSchema(newsDetail) } } },
      async (request) => ok(await content.newsDetail(request.query.id)),
    );

    // Site: configuration dictionaries (010 = banks for withdrawal cards; see the README for every id).
    app.get(
      api.tree,
      {
        schema: {
          tags: ['content'],
          querystring: z.object({ id: z.string().regex(/^\d{3,12}$/, { error: 'NOT_FOUND' }) }),
          response: { 200: okSchema(z.array(treeNode)) },
        },
      },
      async (request) => ok(await content.tree(request.query.id)),
    );
  };
}

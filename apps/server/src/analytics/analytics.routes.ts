import { analyticsConfig, api, HEADER, pageViewBody } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { loadMember } from '../http/request-context';
import type { LimitRule } from '../shared/limits';

/** The site reports one view per route change; more than this from one address is a script inflating the counts. */
const PAGE_VIEW_LIMIT: LimitRule = { name: 'page-view', points: 300, durationS: 60 };

export function analyticsRoutes(container: Container): FastifyPluginAsyncZod {
  return async (app) => {
    // Site: on start, which analytics scripts and beacons to load.
    app.get(
      api.analyticsConfig,
      { schema: { tags: ['analytics'], response: { 200: okSchema(analyticsConfig) } } },
      async () => ok(await container.content.analyticsConfig()),
    );

    // Site: a page view on start and on every route change; the `vid` header gives the visitor id.
    app.post(
      api.pageView,
      {
        schema: { tags: ['analytics'], body: pageViewBody, response: { 200: okSchema(z.boolean()) } },
        preHandler: loadMember(container),
      },
      async (request, reply) => {
        await container.limits.consume(PAGE_VIEW_LIMIT, request.ip);
        await container.analytics.recordPageView({
          path: request.body.path,
          referrer: request.body.referrer,
          deviceNo: request.client.deviceNo,
          memberId: request.member?.memberId ?? null,
        });
        if (request.client.deviceNo)
          reply.header(HEADER.visitorId, container.analytics.visitorId(request.client.deviceNo));
        return ok(true);
      },
    );
  };
}

import { HEADER } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { loadMember } from '../http/request-context';
import type { LimitRule } from '../shared/limits';

/** The site reports one view per route change; more than this from one address is a script inflating the counts. */
const PAGE_VIEW_LIMIT: LimitRule = { name: 'page-view', points: 300, durationS: 60 };

export function analyticsRoutes(container: Container): FastifyPluginAsyncZod {
  return async (app) => {
    // Site: on start, which analytics scripts and beacons to load.
    route(app, 'analyticsConfig', { tags: ['analytics'] }, async () => ok(await container.content.analyticsConfig()));

    // Site: a page view on start and on every route change; the `vid` header gives the visitor id.
    route(app, 'pageView', { tags: ['analytics'], preHandler: loadMember(container) }, async (request, reply) => {
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
    });
  };
}

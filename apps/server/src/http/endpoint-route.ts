import { ENDPOINT_ACCESS, type Ok, OPEN_ADMIN_CALLS, rolesOf } from '@jinb/contract';
import {
  type Answer,
  type Endpoint,
  type EndpointName,
  endpoints,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@jinb/contract/endpoints';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from './envelope';
import { operatorAccessGuard } from './request-context';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The request as the handler of endpoint N sees it: params, query and body parsed by the table's schemas. */
export type EndpointRequest<N extends EndpointName> = FastifyRequest<{
  Params: ParsedParams<N>;
  Querystring: ParsedQuery<N>;
  Body: ParsedBody<N>;
}>;

/**
 * A handler answers with the envelope around what the table says the call answers, or with the reply it already
 * sent (bytes prepared ahead, such as the catalogue's cached pages: http/cached-reply.ts).
 */
export type EndpointHandler<N extends EndpointName> = (
  request: EndpointRequest<N>,
  reply: FastifyReply,
) => Promise<Ok<Answer<N>> | FastifyReply>;

/** What a route adds to its table entry: the document's tags and the hooks (who may call, limits). */
export type EndpointRouteOptions = Pick<RouteShorthandOptions, 'preHandler' | 'onRequest' | 'config' | 'bodyLimit'> & {
  tags: string[];
};

/**
 * Registers the route of one endpoint of the contract's table (packages/contract/src/endpoints.ts): its method,
 * path, request schemas and response schema all come from the entry, so the route and the site's call cannot
 * disagree and every route has a response schema for its 200.
 *
 * Every operator call (`/api/admin/...`, but the sign-in) gets the role check of its line in ENDPOINT_ACCESS first,
 * before the route's own hooks: a route that forgets its guard is still guarded, and a call without a line is not
 * registered at all (the server does not start).
 */
export function route<N extends EndpointName>(
  app: App,
  name: N,
  options: EndpointRouteOptions,
  handler: EndpointHandler<N>,
): void {
  const entry: Endpoint = endpoints[name];
  const { tags, ...hooks } = options;
  if (entry.path.startsWith('/api/admin/') && !(OPEN_ADMIN_CALLS as readonly string[]).includes(name)) {
    const group = Object.hasOwn(ENDPOINT_ACCESS, name) ? ENDPOINT_ACCESS[name] : undefined;
    if (!group) throw new Error(`${name}: an operator call without a line in ENDPOINT_ACCESS`);
    if (!app.hasDecorator('loadOperator')) throw new Error(`${name}: the app has no loadOperator (app.ts)`);
    const own = hooks.preHandler ? (Array.isArray(hooks.preHandler) ? hooks.preHandler : [hooks.preHandler]) : [];
    hooks.preHandler = [operatorAccessGuard(name, rolesOf(group)), ...own];
  }
  app.route({
    method: entry.method,
    url: entry.path,
    schema: {
      tags: [...tags],
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: okSchema(entry.response) },
    },
    ...hooks,
    // The request's types come from the entry (EndpointRequest), which Fastify cannot see through the generic name.
    handler: handler as never,
  });
}

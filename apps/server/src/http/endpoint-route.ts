import { ENDPOINT_ACCESS, type Ok, OPEN_ADMIN_CALLS, paths, rolesOf } from '@jinb/contract';
import {
  type Answer,
  type Endpoint,
  type EndpointName,
  endpoints,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@jinb/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
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
 * Operator calls get their role check from guardOperatorCalls (below), whichever way they are registered.
 */
export function route<N extends EndpointName>(
  app: App,
  name: N,
  options: EndpointRouteOptions,
  handler: EndpointHandler<N>,
): void {
  const entry: Endpoint = endpoints[name];
  const { tags, ...hooks } = options;
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

/** Every operator call's name by `METHOD path`: its endpoint's method, or GET for a path outside the table (a CSV). */
function operatorCallNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const [name, path] of Object.entries(paths)) {
    if (!path.startsWith('/api/admin/')) continue;
    const entry = (endpoints as Record<string, Endpoint | undefined>)[name];
    names.set(`${entry?.method ?? 'GET'} ${path}`, name);
  }
  return names;
}

/**
 * The role matrix, enforced in one place: every route under `/api/admin/` (registered by route() or by hand), but
 * the sign-in, gets the role check of its call's line in ENDPOINT_ACCESS as its first onRequest hook: before the
 * route's own hooks and before its input is read or validated. A route that forgets its guard is still guarded, and
 * an operator route that names no call of `paths` is not registered at all (the server does not start).
 */
export function guardOperatorCalls(app: FastifyInstance): void {
  const names = operatorCallNames();
  app.addHook('onRoute', (options) => {
    if (!options.url?.startsWith('/api/admin/')) return;
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const method = methods.includes('HEAD') && methods.length === 1 ? 'GET' : methods[0];
    const name = names.get(`${method} ${options.url}`);
    if (!name) throw new Error(`${method} ${options.url}: an operator route that is no call of paths.ts`);
    if ((OPEN_ADMIN_CALLS as readonly string[]).includes(name)) return;
    const group = Object.hasOwn(ENDPOINT_ACCESS, name) ? ENDPOINT_ACCESS[name] : undefined;
    if (!group) throw new Error(`${name}: an operator call without a line in ENDPOINT_ACCESS`);
    const own = options.onRequest ? (Array.isArray(options.onRequest) ? options.onRequest : [options.onRequest]) : [];
    options.onRequest = [operatorAccessGuard(name, rolesOf(group)), ...own];
  });
}

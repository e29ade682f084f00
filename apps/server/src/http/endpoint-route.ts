import type { Ok } from '@jinb/contract';
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

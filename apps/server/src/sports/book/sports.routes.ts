import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';

// PLACEHOLDER (issue 9 in progress): replaced by the helper that owns this file.
export function sportsRoutes(_container: Container): FastifyPluginAsyncZod {
  return async () => {};
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../container';
import { currentMember } from '../http/request-context';

/**
 * The preHandler of a guarded change, after requireMember: refuses with STEP_UP_REQUIRED (403) unless this session
 * stepped up within the last 5 minutes. It runs before the handler, so nothing the request carries (an SMS code, a
 * withdraw password) is checked or used up by a refused call: the site retries the same call after the step-up.
 */
export function requireStepUp(container: Container) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await container.security.stepUp.assert(currentMember(request));
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container';

// PLACEHOLDER (issue 9 in progress): the book helper replaces this file (feed runner, settlement sweep).
export function startSportsJobs(_container: Container, _log: FastifyBaseLogger): { stop(): Promise<void> } {
  return { async stop() {} };
}

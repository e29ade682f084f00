import { randomUUID } from 'node:crypto';
import { HEADER } from '@jinb/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error';

/**
 * The Idempotency-Key of a money-moving request. The site sends one per user action, so a double tap or a retry after
 * a timeout finds the first result; a request without one gets a fresh key (it is then never a duplicate).
 */
export function idempotencyKey(request: FastifyRequest): string {
  const header = request.headers[HEADER.idempotencyKey];
  if (header === undefined) return randomUUID();
  if (typeof header !== 'string' || !/^[A-Za-z0-9_.:-]{8,100}$/.test(header)) throw new AppError('BAD_REQUEST');
  return header;
}

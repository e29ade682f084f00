import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error';

/** True when any string in `value` (nested objects and arrays included) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole statement, which surfaced as a 500 from any route that
 * saves what it was sent. No field of ours can legitimately hold it, so every request carrying one in its query,
 * path parameters or body is refused before validation or any handler runs.
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new AppError('BAD_REQUEST');
    }
  });
}

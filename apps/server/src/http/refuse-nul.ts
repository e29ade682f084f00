import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error';

/** With the u flag a surrogate matches only when unpaired: text no UTF-8 client can send, only a JSON escape. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** True when any string or key in `value` (nested objects and arrays included) holds U+0000 or a lone surrogate. */
export function containsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsUnstorable(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key) || containsUnstorable(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text, nor a lone surrogate (`"\udfff"` in a JSON body) in jsonb, and fails the
 * whole statement: a 500 from any route that saves or audits what it was sent. No field of ours can legitimately
 * hold either, so every request carrying one in its query, path parameters or body is refused before validation or
 * any handler runs.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsUnstorable(request.query) || containsUnstorable(request.params) || containsUnstorable(request.body)) {
      throw new AppError('BAD_REQUEST');
    }
  });
}

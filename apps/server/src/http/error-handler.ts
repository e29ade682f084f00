import { type ErrorCode, isErrorCode, toLang } from '@jinb/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError, isDatabaseDown, isTimeoutError } from '../db/database';
import { AppError } from '../shared/app-error';
import { fail } from './envelope';

const FASTIFY_CODES: Record<string, { code: ErrorCode; status: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'BAD_REQUEST', status: 415 },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_FILE', status: 415 },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', status: 400 },
};

/**
 * Every failure becomes the envelope with the member's message in their language and a stable code. Validation
 * issues carry an error code as their message (see packages/contract); anything unexpected is logged and answered
 * with a generic message, never the internal one.
 */
export function installErrorHandler(app: FastifyInstance, hooks: { onDatabaseError?: () => void } = {}) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.client?.lang ?? toLang(request.headers.lang);
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      const body = fail(error.code, lang, error.params);
      return reply.code(error.httpStatus).send(error.detail === undefined ? body : { ...body, detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]?.message;
      return reply.code(400).send(fail(isErrorCode(first) ? first : 'VALIDATION', lang));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send(fail(known.code, lang));
    if (error.statusCode === 429) return reply.code(429).send(fail('TOO_MANY_REQUESTS', lang));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(fail('BAD_REQUEST', lang));
    }
    // The database is unreachable or too slow: a clear "try again" instead of a generic failure. While it is known
    // down every request fails this way; the breaker logs the outage once instead.
    if (isConnectionError(error) || isTimeoutError(error)) {
      hooks.onDatabaseError?.();
      if (!isDatabaseDown(error)) request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(fail('SERVICE_UNAVAILABLE', lang));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail('INTERNAL', lang));
  });
}

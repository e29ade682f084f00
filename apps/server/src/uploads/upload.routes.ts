import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { requireMember } from '../http/request-context';
import { AppError } from '../shared/app-error';
import type { LimitRule } from '../shared/limits';

/** Avatars and feedback screenshots: a member needs a handful an hour, not a disk's worth. */
const UPLOAD_LIMIT: LimitRule = { name: 'upload', points: 20, durationS: 3600 };

/**
 * The uploaded file's bytes. Everything that goes wrong while the multipart body is read (a missing or bad boundary,
 * a truncated part, a broken header) is the client's malformed request, answered 400 instead of the parser's
 * exception surfacing as a 500; the size and count limits keep their own answers.
 */
async function readOneFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw new AppError('UNSUPPORTED_FILE');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', { cause: error });
    }
    throw new AppError('BAD_REQUEST', { cause: error });
  }
}

export function uploadRoutes(container: Container): FastifyPluginAsyncZod {
  return async (app) => {
    // Site: avatar upload on /personalInfo (and feedback screenshots later). One image per request.
    route(app, 'upload', { tags: ['member'], preHandler: requireMember(container) }, async (request) => {
      await container.limits.consume(UPLOAD_LIMIT, String(request.member?.memberId));
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_FILE');
      return ok(await container.uploads.saveImage(await readOneFile(request, container.uploads.maxBytes)));
    });
  };
}

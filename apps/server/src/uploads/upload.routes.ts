import { api, uploadResult } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { requireMember } from '../http/request-context';
import { AppError } from '../shared/app-error';
import type { LimitRule } from '../shared/limits';

/** Avatars and feedback screenshots: a member needs a handful an hour, not a disk's worth. */
const UPLOAD_LIMIT: LimitRule = { name: 'upload', points: 20, durationS: 3600 };

export function uploadRoutes(container: Container): FastifyPluginAsyncZod {
  return async (app) => {
    // Site: avatar upload on /personalInfo (and feedback screenshots later). One image per request.
    app.post(
      api.upload,
      {
        schema: { tags: ['member'], consumes: ['multipart/form-data'], response: { 200: okSchema(uploadResult) } },
        preHandler: requireMember(container),
      },
      async (request) => {
        await container.limits.consume(UPLOAD_LIMIT, String(request.member?.memberId));
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_FILE');
        const file = await request.file({ limits: { fileSize: container.uploads.maxBytes, files: 1 } });
        if (!file) throw new AppError('UNSUPPORTED_FILE');
        const bytes = await file.toBuffer();
        if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
        return ok(await container.uploads.saveImage(bytes));
      },
    );
  };
}

import { ASSET_VERSION } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../shared/app-error';
import { createArtworkFiles } from './artwork/artwork.files';

const CURRENT_VERSION = ASSET_VERSION.slice('v='.length);

/**
 * Site: the demo artwork (game tiles, group icons, banners, promotion covers, news pictures) that the seeded rows
 * point at. One URL per picture: WebP for browsers whose Accept names it (spec section 9: "WebP images are used when
 * supported"), PNG for the rest, so the early home script and the app can both use the address the API gives.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = createArtworkFiles();
  app.get(
    '/media/art/:name',
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) }),
        querystring: z.object({ v: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!files.has(name)) throw new AppError('NOT_FOUND');
      const format = /image\/webp/i.test(request.headers.accept ?? '') ? 'webp' : 'png';
      const body = await files.read(name, format);
      // The current version's URL never changes its picture; any other is answered, but only kept for a day.
      const cacheControl =
        request.query.v === CURRENT_VERSION ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
      return reply.header('vary', 'accept').header('cache-control', cacheControl).type(`image/${format}`).send(body);
    },
  );
};

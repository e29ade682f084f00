import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannerSvg, iconSvg } from './demo-media';

/** Site: images of the seeded demo content (banners, promotions, news and game icons). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/demo/:kind',
    {
      schema: {
        hide: true,
        params: z.object({ kind: z.enum(['banner', 'icon']) }),
        querystring: z.object({ t: z.string().max(40).default(''), s: z.string().max(60).default('') }),
      },
    },
    async (request, reply) => {
      const { t, s } = request.query;
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
      return request.params.kind === 'banner' ? bannerSvg(t, s) : iconSvg(t);
    },
  );
};

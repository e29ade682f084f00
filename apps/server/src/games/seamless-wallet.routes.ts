import {
  SEAMLESS_ACTIONS,
  SEAMLESS_WALLET_PATH,
  type SeamlessAction,
  seamlessRequest,
  seamlessResponse,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
} from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';

/** A vendor's wallet call is a few hundred bytes. */
const BODY_LIMIT = 16 * 1024;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The seamless wallet API the vendors call (packages/contract/src/vendor-api.ts), outside the site's envelope: its
 * answers are the protocol's `{ code, balance }`. The signature covers the raw body, so this plugin keeps JSON bodies
 * as the bytes that came (its own parser, encapsulated here) and parses them only once the signature holds.
 */
export function seamlessWalletRoutes(container: Container): FastifyPluginAsyncZod {
  const { games } = container;
  return async (app) => {
    app.removeContentTypeParser(['application/json']);
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    app.route({
      method: 'POST',
      url: SEAMLESS_WALLET_PATH,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['vendor'],
        summary: "A seamless vendor's signed wallet call (balance, bet, win, rollback)",
        params: z.object({ platform: z.string(), action: z.string() }),
        response: { 200: seamlessResponse, 400: seamlessResponse, 401: seamlessResponse, 404: seamlessResponse },
      },
      handler: async (request, reply) => {
        const { platform, action } = request.params;
        const vendor = games.vendors.seamless(platform);
        if (!vendor || !(SEAMLESS_ACTIONS as readonly string[]).includes(action))
          return reply.code(404).send({ code: 'BAD_REQUEST' });
        const raw = typeof request.body === 'string' ? request.body : '';
        const signed = vendor.verify(
          {
            timestamp: header(request.headers[VENDOR_TIMESTAMP_HEADER]),
            signature: header(request.headers[VENDOR_SIGNATURE_HEADER]),
          },
          raw,
        );
        if (!signed) return reply.code(401).send({ code: 'SIGNATURE_INVALID' });
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return reply.code(400).send({ code: 'BAD_REQUEST' });
        }
        const parsed = seamlessRequest.safeParse(json);
        if (!parsed.success) return reply.code(400).send({ code: 'BAD_REQUEST' });
        return games.seamless.call(platform, action as SeamlessAction, parsed.data);
      },
    });
  };
}

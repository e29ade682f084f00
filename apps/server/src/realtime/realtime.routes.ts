import websocket from '@fastify/websocket';
import { REALTIME_PATH, toLang } from '@jinb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RealtimeHub } from './realtime-hub';

/**
 * A browser page may open the socket only from the site's own origin or one of CORS_ORIGINS: the socket carries
 * the member's balance and bets, and browsers send cookies and tokens along for any page that asks. A request
 * without an Origin is no browser's (an app, a test, a bench client); it still needs a token for member topics.
 * Same origin is judged by host: behind a TLS-terminating proxy the page says https while we hear http.
 */
export function originAllowed(request: FastifyRequest, corsOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** `/ws`: refusals happen before the upgrade (plain HTTP answers); after it the hub owns the socket. */
export async function installRealtime(app: FastifyInstance, hub: RealtimeHub, corsOrigins: readonly string[]) {
  await app.register(websocket, {
    options: {
      maxPayload: hub.limits.maxFrameBytes,
      // Compression costs memory per socket and CPU per frame; the frames are small JSON.
      perMessageDeflate: false,
      clientTracking: false,
    },
    preClose: async () => hub.closeSockets(),
  });
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request, corsOrigins)) return reply.code(403).send();
        const refusal = hub.admits(request.ip);
        if (refusal) return reply.code(refusal.status).header('retry-after', '5').send();
      },
    },
    (socket, request) => {
      const query = request.query as { t?: unknown; lang?: unknown };
      const token = query.t;
      hub.accept(socket, request.ip, typeof token === 'string' && token ? token : undefined, toLang(query.lang));
    },
  );
}

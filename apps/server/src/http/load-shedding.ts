import underPressure from '@fastify/under-pressure';
import { toLang } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { fail } from './envelope';

export type LoadLimits = { maxInFlight: number; maxEventLoopDelayMs: number; retryAfterS: number };

const HEALTH_PATH = '/api/health';

function shed(request: FastifyRequest, reply: FastifyReply, retryAfterS: number) {
  return reply
    .code(503)
    .header('retry-after', String(retryAfterS))
    .send(fail('SERVICE_UNAVAILABLE', toLang(request.headers.lang)));
}

/**
 * Refuses work the process cannot take on in time with a fast 503 and Retry-After, instead of queueing it until
 * every request is slow: too many requests already in flight, or an event loop lagging behind. Health checks are
 * exempt so a load balancer still sees the process alive. Call on the root instance, before the routes.
 */
export async function installLoadShedding(app: FastifyInstance, db: Database, limits: LoadLimits) {
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === HEALTH_PATH) return;
    if (limits.maxInFlight > 0 && inFlight >= limits.maxInFlight) return shed(request, reply, limits.retryAfterS);
    inFlight++;
    // Counted down once however the request ends (answered, aborted by the client, or failed).
    let counted = true;
    const release = () => {
      if (counted) inFlight--;
      counted = false;
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });

  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      retryAfter: limits.retryAfterS,
      exposeStatusRoute: false,
      // A returned body is sent by the plugin; nothing returned lets the request through.
      pressureHandler: (request, reply) => {
        if (request.url === HEALTH_PATH) return;
        reply.code(503).header('retry-after', String(limits.retryAfterS));
        return fail('SERVICE_UNAVAILABLE', toLang(request.headers.lang)) as never;
      },
    });
  }

  // Load balancer / orchestrator probe: alive and able to reach the database.
  app.get(HEALTH_PATH, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return reply.send({ status: true, data: 'ok' });
    } catch {
      return reply.code(503).send(fail('SERVICE_UNAVAILABLE', 'zh-CN'));
    }
  });
}

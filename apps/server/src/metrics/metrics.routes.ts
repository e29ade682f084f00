import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends it as a bearer token (Prometheus). Without it: anyone
 * in demo mode; in production only a direct connection from this machine, never one relayed by a proxy (nginx on the
 * same machine connects from loopback too, so a forwarded header means the request came from outside).
 */
export function metricsAccess(options: { token: string | undefined; mode: 'demo' | 'production' }) {
  const allowed = (request: FastifyRequest): boolean => {
    if (options.token) {
      const header = request.headers.authorization ?? '';
      return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), options.token);
    }
    if (options.mode === 'demo') return true;
    const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers['x-real-ip'] !== undefined;
    return !relayed && LOOPBACK.has(request.socket.remoteAddress ?? '');
  };
  return Object.assign(allowed, { wantsToken: Boolean(options.token) });
}

/**
 * Times every answer by its route pattern (never the raw URL: ids would make a series per member) and serves the
 * registry at /metrics. A request no route matched is counted as `unmatched`.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, allowed: ReturnType<typeof metricsAccess>) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH) metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) return reply.code(allowed.wantsToken ? 401 : 404).send();
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}

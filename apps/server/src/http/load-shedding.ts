import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Lang, toLang } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { Database } from '../db/database';
import { fail } from './envelope';

export type LoadLimits = {
  /** A hard cap on requests in flight; 0 switches it off. */
  maxInFlight: number;
  /**
   * The time admitted requests should take (median): past it the gate admits only what the last second's pace
   * finishes within it (Little's law: in flight = rate x time); 0 switches it off.
   */
  latencyTargetMs: number;
  /** Shed while a timer fires this much later than asked (the event loop is behind); 0 switches it off. */
  maxEventLoopDelayMs: number;
  retryAfterS: number;
};

const HEALTH_PATH = '/api/health';
const METRICS_PATH = '/metrics';
/** Always admitted, however slow things got: a few requests keep every database connection busy. */
const MIN_CAPACITY = 8;
/**
 * Where the capacity starts, and the most a burst on a quiet process gets in at once: each admitted request runs
 * its first synchronous part (routing, hooks, the query's dispatch) before the loop reaches the next socket, so
 * 1,000 admitted at once kept the rest waiting half a second for their 503. 64 lets a quiet process take 50
 * connections at once (the benchmarks' load) and clears them in 0.25-0.4 s within a burst of 2,000.
 */
const INITIAL_CAPACITY = 64;
const TICK_MS = 100;
/** The pace is counted over the last WINDOW_TICKS ticks: one second when the loop keeps up. */
const WINDOW_TICKS = 10;
/** Fewer finished requests say too little about latency; they are pooled with the next ticks' (up to a second). */
const MIN_SAMPLES = 10;

/** The health check and /metrics: an overloaded process is exactly when the balancer and Prometheus must see it. */
function isHealthCheck(url: string | undefined): boolean {
  return url === HEALTH_PATH || url === METRICS_PATH || (url?.startsWith(`${HEALTH_PATH}?`) ?? false);
}

/**
 * The site's and the console's built files (hashed names under /assets/, /console/assets/): a file from disk with no database behind it. Refusing one
 * under load left a page half loaded ("加载失败" until the member reloads, seen in a browser journey), so they
 * pass the in-flight gate; a lagging event loop still sheds them like anything else.
 */
function isSiteAsset(url: string | undefined): boolean {
  return (url?.startsWith('/assets/') || url?.startsWith('/console/assets/')) ?? false;
}

/** The latency target on the embedded database: the gate sheds there only when answers take longer than this. */
export const EMBEDDED_LATENCY_TARGET_MS = 2_000;

/**
 * The limits the gate works with on each database. The embedded one (PGlite) answers one statement at a time, on
 * this event loop: a long loop delay there measures database work requests are waiting for, not overload (after a
 * burst every request would be refused until the next sample), and a page's dozen calls queue behind each other, so
 * on a busy machine their median passes 250 ms with nothing wrong (members saw 服务暂时不可用 on a page that would
 * have loaded in under a second). There the delay is not watched and the target is at least 2 s; the in-flight cap
 * and the pace still hold.
 */
export function gateLimitsFor(database: 'pglite' | 'postgres', limits: LoadLimits): LoadLimits {
  if (database === 'postgres') return limits;
  const latencyTargetMs = limits.latencyTargetMs > 0 ? Math.max(limits.latencyTargetMs, EMBEDDED_LATENCY_TARGET_MS) : 0;
  return { ...limits, maxEventLoopDelayMs: 0, latencyTargetMs };
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

export type LoadGate = ReturnType<typeof createLoadGate>;

/**
 * Refuses work the process cannot finish in time with a 503 and Retry-After, in front of Fastify: on Node's raw
 * `request` event, before routing, hooks, body parsing or any object of ours is made for the request.
 *
 * Why there and why adaptive: under 2,000 connections every shed answer competes for the one event loop with the
 * admitted work, and each loop turn brings each database connection at most one result. A shed that ran the
 * Fastify pipeline made each turn long, and a fixed cap of 1,000 in flight then queued admitted work for seconds
 * (503s after 2.6 s at p99, admitted answers after up to 2.9 s; issue 20). Here a shed costs a header parse and one
 * write, and the number admitted follows what the process actually finishes (checked every 100 ms): when the
 * median request finished lately took longer than `latencyTargetMs`, the capacity drops to what the last second's
 * pace finishes within that time (and by a tenth at least); while they finish within it and the capacity is what
 * turns requests away, it grows by a tenth per tick, never past twice what that pace finishes and never past
 * `maxInFlight`. An overloaded process keeps a queue it clears in about the target, whatever the machine or the
 * route mix, and a busy one grows into what it can do within a few seconds.
 *
 * Health checks pass untouched and uncounted, so a load balancer still sees the process alive.
 */
export function createLoadGate(limits: LoadLimits, options: { corsOrigins?: readonly string[] } = {}) {
  const maxCapacity = limits.maxInFlight > 0 ? limits.maxInFlight : Number.POSITIVE_INFINITY;
  let capacity = Math.min(maxCapacity, INITIAL_CAPACITY);
  let inFlight = 0;
  // Requests finished per tick over the last WINDOW_TICKS ticks, as a ring, and when each tick began: the pace is
  // what finished over the real time the ring covers, since on a loop this busy ticks come late.
  const finished = new Array<number>(WINDOW_TICKS).fill(0);
  const tickStarted = new Array<number>(WINDOW_TICKS).fill(performance.now());
  let slot = 0;
  let finishedInWindow = 0;
  // How long each request finished since the last adjustment took (ms), and since when they were collected.
  let latencies: number[] = [];
  let collectingSince = performance.now();
  // Whether the capacity turned a request away since the last adjustment.
  let bound = false;
  let lastTick = performance.now();
  // Until when everything is shed because a timer came too late (the loop was behind).
  let laggingUntil = 0;
  let due = performance.now() + TICK_MS;
  const counts = { admitted: 0, shed: 0 };

  function finishedPerSecond(now: number): number {
    const oldest = tickStarted[(slot + 1) % WINDOW_TICKS]!;
    return (finishedInWindow * 1000) / Math.max(now - oldest, TICK_MS);
  }

  function adapt(now: number) {
    if (limits.latencyTargetMs <= 0) return;
    if (latencies.length < MIN_SAMPLES && now - collectingSince < 1000) return;
    // Little's law: what the pace of the last ticks clears within the target.
    const byPace = (finishedPerSecond(now) * limits.latencyTargetMs) / 1000;
    if (latencies.length > 0 && median(latencies) > limits.latencyTargetMs) {
      capacity = Math.max(MIN_CAPACITY, Math.min(capacity * 0.9, byPace));
    } else if (bound) {
      // Never past twice what the pace clears: bursts answered in time grew it from 98 to 222 in a second, and the
      // flood that came next had 223 requests queued for 1.5 s before the capacity came down.
      capacity = Math.min(maxCapacity, Math.max(capacity, Math.min(capacity * 1.1 + 1, byPace * 2)));
    }
    latencies = [];
    collectingSince = now;
    bound = false;
  }

  function tick(now: number) {
    lastTick = now;
    adapt(now);
    slot = (slot + 1) % WINDOW_TICKS;
    finishedInWindow -= finished[slot]!;
    finished[slot] = 0;
    tickStarted[slot] = now;
  }

  const ticker = setInterval(() => {
    const now = performance.now();
    // Late by this much, the loop was behind: shed for one tick. Only for one: a long poll phase (see refuse) makes a
    // timer just as late while every request in it was answered in time.
    if (limits.maxEventLoopDelayMs > 0 && now - due > limits.maxEventLoopDelayMs) laggingUntil = now + TICK_MS;
    due = now + TICK_MS;
    if (now - lastTick >= TICK_MS) tick(now);
  }, TICK_MS);
  ticker.unref();

  // The answer is the same bytes every time: built once per language.
  const bodies = new Map<Lang, Buffer>();
  function bodyFor(lang: Lang): Buffer {
    let body = bodies.get(lang);
    if (!body) {
      body = Buffer.from(JSON.stringify(fail('SERVICE_UNAVAILABLE', lang)));
      bodies.set(lang, body);
    }
    return body;
  }
  const corsOrigins = new Set(options.corsOrigins ?? []);

  function shed(request: IncomingMessage, response: ServerResponse) {
    counts.shed++;
    const body = bodyFor(toLang(request.headers.lang));
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      'retry-after': String(limits.retryAfterS),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // A JSON answer needs nothing from any origin; every response carries a policy.
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    };
    // A site on another configured origin must be able to read the message too.
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      headers['access-control-allow-origin'] = origin;
      headers.vary = 'Origin';
    }
    response.writeHead(503, headers);
    response.end(body);
  }

  /** True when the request was answered here; false when it goes on to Fastify. */
  function refuse(request: IncomingMessage, response: ServerResponse): boolean {
    if (isHealthCheck(request.url)) return false;
    const now = performance.now();
    // Requests move the adaptation's clock too: behind a flood of sockets libuv polls up to 48 x 1,024 events before
    // it runs timers again, and the ticker was seen waiting 4.5 s while the flood went on.
    if (now - lastTick >= TICK_MS) tick(now);
    const lagging = now < laggingUntil;
    if (!lagging && isSiteAsset(request.url)) return false;
    if (lagging || inFlight >= capacity) {
      if (!lagging) bound = true;
      shed(request, response);
      return true;
    }
    inFlight++;
    counts.admitted++;
    const arrived = now;
    // 'close' comes once however the request ends: answered, aborted by the client, or failed.
    response.once('close', () => {
      inFlight--;
      finished[slot]!++;
      finishedInWindow++;
      latencies.push(performance.now() - arrived);
    });
    return false;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make, with the gate in front of its handler. It may be
   * called once per address the server listens on; the gate is shared.
   */
  const serverFactory: FastifyServerFactory = (handler, serverOptions) => {
    const settings = serverOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!refuse(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket && settings.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** What the gate sees now, for logs and tests. */
    state: () => ({
      inFlight,
      capacity,
      finishedPerSecond: finishedPerSecond(performance.now()),
      lagging: performance.now() < laggingUntil,
      ...counts,
    }),
    close: () => clearInterval(ticker),
  };
}

/** Load balancer / orchestrator probe: alive and able to reach the database. Never shed (see the gate). */
export function installHealthRoute(app: FastifyInstance, db: Database) {
  app.get(HEALTH_PATH, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return reply.send({ status: true, data: 'ok' });
    } catch {
      return reply.code(503).send(fail('SERVICE_UNAVAILABLE', 'zh-CN'));
    }
  });
}

import pg from 'pg';
import { DatabaseDownError, isConnectionError } from './connection-errors';

type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };

export type BreakerTimings = {
  /** Requests have waited this long and nothing came back from the database: time to ask whether it is there. */
  silentAfterMs: number;
  /** A probe (a new connection and `select 1`) that has not answered within this has failed. */
  probeTimeoutMs: number;
  /** While the database is down, a probe this often; the first that succeeds closes the breaker. */
  probeEveryMs: number;
};

/**
 * Worst case from the moment the database goes silent to a 503 for everything waiting on it: silence noticed after
 * 2 s (checked every 250 ms), plus a 2 s probe: about 4.3 s, within the 10 s the issue allows whatever the number of
 * requests waiting or DB_STATEMENT_TIMEOUT_MS (the client-side query timeout is longer than it), and before the
 * pool's own 5 s connect and wait timeouts would fail each waiting request on its own (each logged as an error).
 */
export const DEFAULT_BREAKER_TIMINGS: BreakerTimings = {
  silentAfterMs: 2_000,
  probeTimeoutMs: 2_000,
  probeEveryMs: 1_000,
};
const WATCH_EVERY_MS = 250;

type Waiter = { settled: boolean; reject: (error: Error) => void };
type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: pg.PoolClient['release']) => void;

/** The socket under a pg client: destroying it fails whatever the client is waiting for, at once, with `error`. */
function destroyConnection(client: pg.Client, error?: Error) {
  (client as unknown as { connection: { stream: { destroy(error?: Error): void } } }).connection.stream.destroy(error);
}

/** PostgreSQL itself answered (a refusal with a SQLSTATE that is not about the connection): it is there. */
function answeredByServer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !isConnectionError(error);
}

/**
 * A pg pool with a circuit breaker. Without one, a database that stops answering (packets dropped, no reset) leaves
 * every query waiting out its own timeout and every request behind it waiting for a pool connection, wave after
 * wave: 30 concurrent balance reads answered 503 only after up to 17 s (issue 20).
 *
 * - **Closed** (normal): queries go through. A watchdog notices when requests have been waiting on the database and
 *   nothing has come back from it for `silentAfterMs`; a failed connection attempt or a connection error on an idle
 *   connection counts too. Any of these starts a probe on a connection of its own.
 * - **Open**: when the probe fails, the breaker opens: every request waiting for a pool connection fails at once
 *   with DatabaseDownError (class 08, so a 503), every pool connection is destroyed so the queries on them fail now
 *   rather than at their timeouts, and every later query fails at once without touching the network.
 * - A probe every `probeEveryMs` while open; the first that succeeds closes the breaker, and the pool opens fresh
 *   connections on demand. Opening and closing are logged once each.
 *
 * The breaker never opens on slowness alone: a probe that reaches the server closes the question, whatever the
 * queries in flight are doing.
 */
export function createGuardedPool(
  config: pg.PoolConfig,
  options: { timings?: Partial<BreakerTimings>; log?: Log } = {},
) {
  const timings = { ...DEFAULT_BREAKER_TIMINGS, ...options.timings };
  const clients = new Set<pg.Client>();
  let lastHeard = performance.now();
  const heard = () => {
    lastHeard = performance.now();
  };

  class WatchedClient extends pg.Client {
    constructor(clientConfig?: string | pg.ClientConfig) {
      super(clientConfig);
      clients.add(this);
      // Every finished query (and a finished connection set-up) is a sign of life, whichever request it was for.
      (this as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', heard);
      this.once('end', () => clients.delete(this));
    }
  }
  const pool = new pg.Pool({ ...config, Client: WatchedClient });

  let down = false;
  let downSince = 0;
  let probing = false;
  let ended = false;
  let waitingSince: number | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  const waiters = new Set<Waiter>();

  async function probe(): Promise<boolean> {
    const client = new pg.Client({
      ...config,
      connectionTimeoutMillis: timings.probeTimeoutMs,
      query_timeout: timings.probeTimeoutMs,
    });
    client.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    const attempt = (async () => {
      await client.connect();
      await client.query('select 1');
    })();
    attempt.catch(() => {});
    try {
      // Belt and braces: the driver's own timeouts do not cover every step of a connection set-up.
      await Promise.race([
        attempt,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('probe timed out')), timings.probeTimeoutMs + 100);
        }),
      ]);
      client.end().catch(() => {});
      return true;
    } catch (error) {
      destroyConnection(client);
      return answeredByServer(error);
    } finally {
      clearTimeout(timer);
    }
  }

  function suspect() {
    if (down || probing || ended) return;
    probing = true;
    void probe().then((reachable) => {
      probing = false;
      if (reachable) heard();
      else open();
    });
  }

  function open() {
    if (down || ended) return;
    down = true;
    downSince = Date.now();
    waitingSince = undefined;
    options.log?.warn(
      { waiting: waiters.size, connections: clients.size },
      'database unreachable: requests that need it answer 503 at once until a probe reaches it again',
    );
    for (const waiter of waiters) {
      if (waiter.settled) continue;
      waiter.settled = true;
      waiter.reject(new DatabaseDownError());
    }
    waiters.clear();
    // Their queries fail with the breaker's error, so the error handler knows the outage is already logged.
    for (const client of clients) destroyConnection(client, new DatabaseDownError());
    scheduleProbe();
  }

  function scheduleProbe() {
    probeTimer = setTimeout(async () => {
      if (ended) return;
      if (!(await probe())) return scheduleProbe();
      if (ended) return;
      down = false;
      heard();
      options.log?.info({ downForMs: Date.now() - downSince }, 'database reachable again');
    }, timings.probeEveryMs);
    probeTimer.unref();
  }

  const watchdog = setInterval(() => {
    if (down || probing) return;
    const busy = pool.totalCount > pool.idleCount || pool.waitingCount > 0 || waiters.size > 0;
    if (!busy) {
      waitingSince = undefined;
      return;
    }
    const now = performance.now();
    waitingSince ??= now;
    if (now - Math.max(lastHeard, waitingSince) > timings.silentAfterMs) suspect();
  }, WATCH_EVERY_MS);
  watchdog.unref();

  // A connection that died while idle (a restart, a failover) may be the first sign.
  pool.on('error', () => suspect());

  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  function acquire(): Promise<pg.PoolClient> {
    if (down) return Promise.reject(new DatabaseDownError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { settled: false, reject };
      waiters.add(waiter);
      connect().then(
        (client) => {
          waiters.delete(waiter);
          // The breaker already answered this request; the connection goes straight back.
          if (waiter.settled) return client.release();
          waiter.settled = true;
          resolve(client);
        },
        (error: Error) => {
          waiters.delete(waiter);
          if (isConnectionError(error)) suspect();
          if (waiter.settled) return;
          waiter.settled = true;
          reject(error);
        },
      );
    });
  }
  // pg-pool's own query() calls this.connect(callback), drizzle's transactions connect(): both pass the breaker.
  (pool as unknown as { connect: unknown }).connect = (callback?: ConnectCallback) => {
    const acquired = acquire();
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  };

  return {
    pool,
    /** Whether the breaker is open: the database is known to be unreachable. */
    isDown: () => down,
    async end() {
      ended = true;
      clearInterval(watchdog);
      clearTimeout(probeTimer);
      await pool.end();
    },
  };
}

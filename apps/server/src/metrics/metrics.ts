import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, DatabaseHandle } from '../db/database';
import { resultRows } from '../db/result-rows';

type Log = { error(object: object, message: string): void };

/**
 * Latency buckets in seconds: the API's budget is p99 under 200 ms (issue 28's alert), so the buckets are dense
 * around it; a few wide ones above show how far past it a bad minute went.
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2.5, 5, 10];

export type MetricsDeps = {
  database: DatabaseHandle;
  /** Whether Redis answers now; undefined when the deployment runs without it. */
  redisReady: () => boolean | undefined;
  realtime: () => { sockets: number; delivered: number };
  withdrawSlaMinutes: number;
  /** The ledger check (wallet-admin.service.ts): run on a timer, never on a scrape. */
  ledgerCheck: () => Promise<{ ok: boolean }>;
  log: Log;
};

/**
 * What an operator watches a process by (issue 28): one registry per process, read by Prometheus at /metrics.
 *
 * Counters move where the work happens (a request answered, a bet placed or refused); the figures that are a state
 * of the whole platform (settlement lag, the withdrawal queue, leases) are read from the database when Prometheus
 * scrapes, so every node reports the same truth and a restarted node needs no warm-up. The ledger check scans every
 * entry, so it runs on its own timer and the scrape reports its last result.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const { db } = deps.database;

  const httpRequests = new Counter({
    name: 'jinb_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'jinb_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const dbErrors = new Counter({
    name: 'jinb_db_errors_total',
    help: 'Requests that failed because the database was unreachable or timed out',
    registers: [registry],
  });
  const betsPlaced = new Counter({
    name: 'jinb_bets_placed_total',
    help: 'Sports bets accepted (including in-play bets held for their delay)',
    registers: [registry],
  });
  const betsRefused = new Counter({
    name: 'jinb_bets_refused_total',
    help: 'Sports bets refused, by the refusal code the member saw',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  const pool = deps.database.pool;
  new Gauge({
    name: 'jinb_db_up',
    help: '1 while the database answers (the pool breaker is closed), 0 while it is known to be unreachable',
    registers: [registry],
    collect() {
      this.set(pool ? (pool.down() ? 0 : 1) : 1);
    },
  });
  new Gauge({
    name: 'jinb_db_pool_waiting',
    help: 'Queries waiting for a pool connection (always 0 on the embedded database)',
    registers: [registry],
    collect() {
      this.set(pool?.waiting() ?? 0);
    },
  });
  new Gauge({
    name: 'jinb_db_pool_connections',
    help: 'Open pool connections, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'idle' }, pool.idle());
      this.set({ state: 'busy' }, pool.total() - pool.idle());
    },
  });
  // Absent (not 0) without Redis: a deployment without it is not one whose Redis is down.
  if (deps.redisReady() !== undefined)
    new Gauge({
      name: 'jinb_redis_up',
      help: '1 while Redis answers, 0 while it does not',
      registers: [registry],
      collect() {
        this.set(deps.redisReady() ? 1 : 0);
      },
    });
  new Gauge({
    name: 'jinb_ws_sockets_open',
    help: 'Realtime sockets open on this process',
    registers: [registry],
    collect() {
      this.set(deps.realtime().sockets);
    },
  });
  // A counter read from the hub's own count at scrape time, so the hub need not know about metrics.
  new Counter({
    name: 'jinb_ws_messages_sent_total',
    help: 'Realtime frames delivered to sockets by this process',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.realtime().delivered);
    },
  });
  new Gauge({
    name: 'jinb_withdraw_sla_seconds',
    help: 'How long a withdrawal may wait for an operator (WITHDRAW_SLA_MINUTES)',
    registers: [registry],
    collect() {
      this.set(deps.withdrawSlaMinutes * 60);
    },
  });

  // Database-derived gauges: read at scrape time; a failed read leaves the gauge out of that scrape rather than
  // reporting a false zero (an alert on "absent" catches a database that stays away).
  const fromDatabase = <T>(name: string, read: (db: Database) => Promise<T>, apply: (value: T) => void) =>
    async function collect() {
      try {
        apply(await read(db));
      } catch (error) {
        deps.log.error({ err: error, metric: name }, 'metric read failed');
      }
    };

  const settlementLag = new Gauge({
    name: 'jinb_settlement_lag_seconds',
    help: 'Age of the oldest bet whose every leg is decided but which is not settled yet (0 when none)',
    registers: [registry],
    collect: fromDatabase('settlement_lag', readSettlementLag, (seconds) => settlementLag.set(seconds)),
  });
  const withdrawalsPending = new Gauge({
    name: 'jinb_withdrawals_pending',
    help: 'Withdrawals waiting for an operator (unhandled or accepted, not yet paid or refused)',
    registers: [registry],
    collect: fromDatabase('withdrawals', readWithdrawalQueue, (queue) => {
      withdrawalsPending.set(queue.count);
      withdrawalOldest.set(queue.oldestSeconds);
    }),
  });
  const withdrawalOldest = new Gauge({
    name: 'jinb_withdrawal_oldest_pending_seconds',
    help: 'Age of the oldest withdrawal waiting for an operator (0 when none)',
    registers: [registry],
  });
  const leaseHeld = new Gauge({
    name: 'jinb_job_lease_held',
    // Labelled `lease`, not `job`: Prometheus's own target label is `job`. Read from the database, so every node
    // reports the same value for a lease; aggregate with max.
    help: 'Per background job lease: 1 while some process holds it, 0 once it ran out with no taker',
    labelNames: ['lease'] as const,
    registers: [registry],
    collect: fromDatabase('leases', readLeases, (leases) => {
      leaseHeld.reset();
      for (const lease of leases) leaseHeld.set({ lease: lease.lease }, lease.held ? 1 : 0);
    }),
  });

  const ledgerOk = new Gauge({
    name: 'jinb_ledger_check_ok',
    help: '1 when the last ledger check balanced (every transfer, account and the sum of all balances), else 0',
    registers: [registry],
  });
  const ledgerCheckedAt = new Gauge({
    name: 'jinb_ledger_check_timestamp_seconds',
    help: 'When the last ledger check finished (Unix time)',
    registers: [registry],
  });
  let ledgerTimer: NodeJS.Timeout | undefined;
  let ledgerRun: Promise<void> | undefined;
  async function checkLedger(): Promise<void> {
    try {
      const check = await deps.ledgerCheck();
      ledgerOk.set(check.ok ? 1 : 0);
      ledgerCheckedAt.set(Date.now() / 1000);
    } catch (error) {
      deps.log.error({ err: error }, 'ledger check for metrics failed');
    }
  }

  return {
    registry,
    contentType: registry.contentType,

    /** Node's own figures (event-loop delay, heap, GC): once per process, not per test container. */
    collectProcessMetrics(): void {
      collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    },

    /** Runs the ledger check now and then every `everyMs` (0: only now). */
    startLedgerChecks(everyMs: number): void {
      ledgerRun = checkLedger();
      if (everyMs > 0) {
        ledgerTimer = setInterval(() => {
          ledgerRun = checkLedger();
        }, everyMs);
        ledgerTimer.unref();
      }
    },

    request(route: string, method: string, status: number, seconds: number): void {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method }, seconds);
    },
    databaseError(): void {
      dbErrors.inc();
    },
    betPlaced(): void {
      betsPlaced.inc();
    },
    betRefused(reason: string): void {
      betsRefused.inc({ reason });
    },

    render(): Promise<string> {
      return registry.metrics();
    },

    async close(): Promise<void> {
      clearInterval(ledgerTimer);
      await ledgerRun;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

async function readSettlementLag(db: Database): Promise<number> {
  // Flagged bets are few (a partial index serves `needs_settlement`); a bet's "decided" time is the latest change of
  // its legs' events, which a later edit of the event can only move forward: the lag is never over-reported.
  const [row] = resultRows<{ seconds: number | null }>(
    await db.execute(sql`
      select extract(epoch from now() - min(decided_at))::float8 as seconds
      from (
        select max(e.updated_at) as decided_at
        from sports_bets b
        join sports_bet_legs l on l.bet_id = b.id
        join sports_selections s on s.id = l.selection_id
        join sports_events e on e.id = l.event_id
        where b.needs_settlement and b.status in ('open', 'settled')
        group by b.id
        having bool_and(s.outcome is not null)
      ) decided`),
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}

async function readWithdrawalQueue(db: Database): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = resultRows<{ count: number; seconds: number | null }>(
    await db.execute(sql`
      select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as seconds
      from withdrawals where status in ('unhandled', 'accepted')`),
  );
  return { count: Number(row?.count ?? 0), oldestSeconds: Math.max(0, Number(row?.seconds ?? 0)) };
}

async function readLeases(db: Database): Promise<{ lease: string; held: boolean }[]> {
  return resultRows<{ lease: string; held: boolean }>(
    await db.execute(sql`
      select key as lease, coalesce((value->>'until')::timestamptz > now(), false) as held
      from settings where key like 'sports.feed:%' or key like 'games.lease:%'
      union all
      select 'casino.dealer:' || table_code, until > now() from casino_dealer_leases`),
  );
}

import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../../apps/server/src/db/database';
import { onCleanup } from './lifecycle';
import { percentile } from './stats';

export const CONNECTIONS = 50;

export type Measured = { requestsPerSecond: number; p99Ms: number; requests: number };

/** What autocannon's per-request hooks see (bench/types/autocannon.d.ts declares only the options others use). */
type RequestShape = { method: string; path: string; headers: Record<string, string>; body?: string };
type HookedOptions = {
  url: string;
  connections: number;
  duration: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  requests: Array<{
    method: string;
    path: string;
    setupRequest: (request: RequestShape) => RequestShape;
    onResponse: (status: number, body: string) => void;
  }>;
};
const hooked = autocannon as unknown as (options: HookedOptions) => Promise<Result>;

/** Refusals the business rules may give under load that are not failures of the server (counted, not fatal). */
const EXPECTED_REFUSALS = new Set(['INSUFFICIENT_FUNDS', 'DAILY_COUNT_LIMIT', 'DAILY_AMOUNT_LIMIT']);

export type LoadOutcome = Measured & {
  non2xx: number;
  errors: number;
  refusals: Record<string, number>;
  unexpected: Record<string, number>;
};

/**
 * autocannon with a request built per call: `next(sequence)` picks the member, body and idempotency key, so every
 * request is a new movement (a repeated key would be answered from the first result and measure nothing).
 */
export async function loadWith(options: {
  baseUrl: string;
  path: string;
  seconds: number;
  /** A warm-up that must reach every member: this many requests, however long they take (`seconds` is ignored). */
  requests?: number;
  /** The body's type: the wallet's calls take forms, JSON calls (a bet) `application/json`. */
  contentType?: string;
  next: (sequence: number) => { headers: Record<string, string>; body: string };
}): Promise<LoadOutcome> {
  let sequence = 0;
  const refusals: Record<string, number> = {};
  const unexpected: Record<string, number> = {};
  const result = await hooked({
    url: options.baseUrl,
    connections: CONNECTIONS,
    duration: options.seconds,
    ...(options.requests ? { amount: options.requests } : {}),
    requests: [
      {
        method: 'POST',
        path: options.path,
        setupRequest: (request) => {
          const { headers, body } = options.next(sequence++);
          return {
            ...request,
            headers: {
              ...request.headers,
              ...headers,
              'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
            },
            body,
          };
        },
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) return;
          let code = `HTTP ${status}`;
          try {
            code = (JSON.parse(body) as { code?: string }).code ?? code;
          } catch {
            // Not the envelope: keep the status.
          }
          const into = EXPECTED_REFUSALS.has(code) ? refusals : unexpected;
          into[code] = (into[code] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    refusals,
    unexpected,
  };
}

/** A bound on the baseline's own loop, whatever the clock does. */
const MAX_BASELINE_OPERATIONS = 20_000_000;

/**
 * Runs `operation` with CONNECTIONS in flight for `seconds` (each call gets the next sequence number) and measures
 * throughput and p99 latency. At most `maxOperations` are started.
 */
export async function timedPool(
  seconds: number,
  operation: (sequence: number) => Promise<unknown>,
  maxOperations = Number.POSITIVE_INFINITY,
): Promise<Measured> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && next < maxOperations) {
      const sequence = next++;
      const begin = performance.now();
      await operation(sequence);
      durations.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: durations.length / elapsed,
    p99Ms: percentile(durations, 99),
    requests: durations.length,
  };
}

/**
 * The baseline: `UPDATE wallet_accounts SET balance = balance + 1 WHERE id = $1`, one statement per operation, with
 * CONNECTIONS operations in flight for `seconds`, over the given account ids in turn.
 */
export function rawUpdates(
  run: (accountId: bigint) => Promise<unknown>,
  accountIds: bigint[],
  seconds: number,
): Promise<Measured> {
  return timedPool(seconds, (sequence) => run(accountIds[sequence % accountIds.length]!), MAX_BASELINE_OPERATIONS);
}

/** The statement runner for the target: a `pg` pool of CONNECTIONS, or the one PGlite connection in this process. */
export function rawUpdateRunner(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
): { run: (accountId: bigint) => Promise<unknown>; close: () => Promise<void> } {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
    let ended = false;
    const close = async () => {
      if (ended) return;
      ended = true;
      await pool.end();
    };
    onCleanup(close);
    return {
      run: (accountId) =>
        pool.query('UPDATE wallet_accounts SET balance = balance + 1 WHERE id = $1', [accountId.toString()]),
      close,
    };
  }
  return {
    run: (accountId) =>
      handle.db.execute(sql`UPDATE wallet_accounts SET balance = balance + 1 WHERE id = ${accountId}`),
    close: async () => {},
  };
}

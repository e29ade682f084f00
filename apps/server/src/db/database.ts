import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { guardNestedStatements } from './pglite-guard';
import { type BreakerTimings, createGuardedPool } from './pool-breaker';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction they are called inside. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The pool's state for /metrics (PostgreSQL only: PGlite has no pool). */
  pool?: { waiting(): number; total(): number; idle(): number; down(): boolean };
};

export type PoolOptions = {
  poolSize?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  idleTimeoutMs?: number;
};

export { isConnectionError, isDatabaseDown, isTimeoutError } from './connection-errors';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      pool?: PoolOptions;
      /** Where the circuit breaker says the database went and came back (pool-breaker.ts). */
      log?: Log;
      breaker?: Partial<BreakerTimings>;
    }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; log?: { error(object: object, message: string): void } };

/**
 * Opens the database and brings its schema up to date. PGlite and PostgreSQL run the same migrations
 * and the same queries; PGlite is one connection, so its transactions run one at a time.
 */
/** Any fixed number: the advisory lock that makes nodes starting together migrate one after the other. */
const MIGRATION_LOCK = 7_345_001;

/**
 * Nodes started together on an empty database would each run the migrations at once (drizzle takes no lock): the
 * first takes a session advisory lock, the others wait for it and then find nothing left to apply.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  // On the lock's own connection: a pool of one would otherwise wait for itself.
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(holder, { schema }) as never, { migrationsFolder });
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    holder.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const limits = { poolSize: options.poolSize, ...options.pool };
    const guarded = createGuardedPool(
      {
        connectionString: options.url,
        max: limits.poolSize ?? 20,
        // A silent network cut otherwise leaves a request waiting for the kernel's TCP timeout (minutes).
        connectionTimeoutMillis: limits.connectTimeoutMs ?? 5_000,
        statement_timeout: limits.statementTimeoutMs ?? 15_000,
        // Client-side bound too: statement_timeout cannot fire when the server is unreachable. The breaker fails such
        // queries sooner (pool-breaker.ts); this is the bound for a single connection that stops answering.
        query_timeout: (limits.statementTimeoutMs ?? 15_000) + 2_000,
        idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs ?? 30_000,
        idleTimeoutMillis: limits.idleTimeoutMs ?? 30_000,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      },
      { log: options.log, timings: options.breaker },
    );
    const { pool } = guarded;
    // An idle connection the server drops (restart, failover, a dropped test database) must not crash the process:
    // the pool discards it and the next query opens a fresh one.
    pool.on('error', () => {});
    // A connection that dies while checked out emits 'error' on the client, where the pool has no listener; without
    // one the process crashes. The query in flight already fails with the same error, so nothing is lost here.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    await migrateUnderLock(pool);
    return {
      db,
      kind: 'postgres',
      close: () => guarded.end(),
      pool: {
        waiting: () => pool.waitingCount,
        total: () => pool.totalCount,
        idle: () => pool.idleCount,
        down: guarded.isDown,
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = guardNestedStatements(await PGlite.create(options.dataDir), { log: options.log });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

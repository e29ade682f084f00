import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { resultRows } from '../../apps/server/src/db/result-rows';

/**
 * The money benchmark's baseline: a raw single-statement balance UPDATE behind the same kind of route as the real
 * server's (its own process, Fastify, a form-encoded POST, the envelope back, the server's pool size), so the ratio
 * compares what the ledger adds, not what HTTP costs. Env: PORT, and DATABASE_URL (with DB_POOL_SIZE) or DATA_DIR.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');
const UPDATE = 'UPDATE wallet_accounts SET balance = balance + 1 WHERE id = $1 RETURNING balance::text AS balance';

let run: (accountId: string) => Promise<string | undefined>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DB_POOL_SIZE ?? 20),
  });
  run = async (accountId) => (await pool.query<{ balance: string }>(UPDATE, [accountId])).rows[0]?.balance;
  close = () => pool.end();
} else {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATABASE_URL or DATA_DIR is required');
  const handle = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  run = async (accountId) =>
    resultRows<{ balance: string }>(
      await handle.db.execute(
        sql`UPDATE wallet_accounts SET balance = balance + 1 WHERE id = ${accountId}::bigint RETURNING balance::text AS balance`,
      ),
    )[0]?.balance;
  close = () => handle.close();
}

const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(String(body)))),
);
app.get('/ready', async () => ({ status: true, data: {} }));
app.post<{ Body: { account?: string } }>('/raw', async (request, reply) => {
  const account = request.body.account;
  if (!account || !/^\d+$/.test(account)) return reply.code(400).send({ status: false, data: 'account' });
  return { status: true, data: { balance: await run(account) } };
});

const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

await app.listen({ port, host: '127.0.0.1' });

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scratchDatabase } from '../test/live-server';
import { openDatabase } from './database';
import { resultRows } from './result-rows';

describe.skipIf(!process.env.TEST_DATABASE_URL)('nodes starting together on an empty PostgreSQL database', () => {
  it('migrate one after the other: every node starts and the schema is applied once', async () => {
    const database = await scratchDatabase('jinb_migrate');
    const nodes = await Promise.allSettled(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 })),
    );
    try {
      expect(nodes.map((node) => (node.status === 'rejected' ? String(node.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const first = nodes[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>;
      const [applied] = resultRows<{ count: number }>(
        await first.value.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
      );
      const [distinct] = resultRows<{ count: number }>(
        await first.value.db.execute(sql`select count(distinct hash)::int as count from drizzle.__drizzle_migrations`),
      );
      expect(applied?.count).toBe(distinct?.count);
    } finally {
      for (const node of nodes) if (node.status === 'fulfilled') await node.value.close();
      await database.drop();
    }
  });
});

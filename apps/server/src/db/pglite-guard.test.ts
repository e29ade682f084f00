import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardNestedStatements, NestedStatementError } from './pglite-guard';

describe('the PGlite guard', () => {
  const errors: Array<{ object: object; message: string }> = [];
  let client: PGlite;
  beforeAll(async () => {
    client = guardNestedStatements(await PGlite.create(), {
      log: { error: (object, message) => errors.push({ object, message }) },
      slowAfterMs: 100,
    });
    await client.exec('create table t (n int)');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('refuses a statement on the outer handle from inside a transaction, which would otherwise wait for ever', async () => {
    const attempt = client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await client.query('select count(*) from t');
    });
    await expect(attempt).rejects.toBeInstanceOf(NestedStatementError);
    // The transaction rolled back and the handle still answers.
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n).toBe(0);
  });

  it('refuses a transaction opened inside another, however deep in the awaits', async () => {
    const deeper = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return client.transaction((inner) => inner.query('select 1'));
    };
    await expect(client.transaction(async () => deeper())).rejects.toBeInstanceOf(NestedStatementError);
  });

  it('lets through work the transaction started without waiting for, once it has committed', async () => {
    let later: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (2)');
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => client.query('select count(*) from t'));
    });
    await expect(later).resolves.toBeDefined();
    await client.exec('delete from t');
  });

  it('names a transaction that stays open long enough to hold every other statement up', async () => {
    errors.length = 0;
    await client.transaction(async (tx) => {
      await tx.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 250));
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/open \d+ ms/);
    expect(JSON.stringify(errors[0]?.object)).toContain('pglite-guard.test.ts');
    // A quick one says nothing.
    await client.transaction((tx) => tx.query('select 1'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(errors).toHaveLength(1);
  });
});

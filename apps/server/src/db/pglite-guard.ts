import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite is one connection: its `query`, `exec` and `transaction` all wait for the transaction under way. A statement
 * sent on the outer handle from inside a transaction's callback (a repository given `db` instead of `tx`, a cached
 * read that refreshes itself, a nested `db.transaction`) therefore waits for a transaction that waits for it: the
 * whole process stops answering, for good, with nothing in any log. On PostgreSQL the same code takes a second
 * connection and works, so only PGlite ever shows it, and only on the path that reaches it.
 *
 * The guard turns that silent hang into an error at the statement that would have waited, with its stack. It
 * remembers which transaction callbacks are running (AsyncLocalStorage follows their awaits) and refuses an outer
 * statement issued from one still open. Work the callback starts without awaiting, and that runs after the commit,
 * is let through: by then the transaction is no longer open.
 *
 * A transaction that stays open for other reasons (awaiting a network call, a timer) stops every other statement
 * just the same; the watchdog names it, with the stack that opened it, once it has been open `slowAfterMs`.
 */
export class NestedStatementError extends Error {
  constructor() {
    super(
      'a statement on the database handle from inside one of its own transactions: PGlite would wait for it forever (pass the transaction instead)',
    );
    this.name = 'NestedStatementError';
  }
}

type Scope = { open: boolean };
type Log = { error(object: object, message: string): void };

export function guardNestedStatements(client: PGlite, options: { log?: Log; slowAfterMs?: number } = {}): PGlite {
  const slowAfterMs = options.slowAfterMs ?? 20_000;
  const scopes = new AsyncLocalStorage<Scope>();
  const refuseInsideOpenTransaction = () => {
    if (scopes.getStore()?.open) throw new NestedStatementError();
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => {
    refuseInsideOpenTransaction();
    return query(...args);
  }) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => {
    refuseInsideOpenTransaction();
    return exec(...args);
  }) as typeof client.exec;
  client.transaction = (<T>(callback: Parameters<typeof transaction<T>>[0]) => {
    refuseInsideOpenTransaction();
    // Where it was opened, formatted only if the watchdog fires.
    const opened = new Error('transaction opened here');
    return transaction<T>(async (tx) => {
      const scope: Scope = { open: true };
      const started = Date.now();
      const watchdog = setTimeout(() => {
        const message = `a PGlite transaction has been open ${Date.now() - started} ms; every other statement waits for it`;
        options.log?.error({ stack: opened.stack }, message);
      }, slowAfterMs);
      watchdog.unref();
      try {
        return await scopes.run(scope, () => callback(tx));
      } finally {
        scope.open = false;
        clearTimeout(watchdog);
      }
    });
  }) as typeof client.transaction;
  return client;
}

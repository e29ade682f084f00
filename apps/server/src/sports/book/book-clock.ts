import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

export type BookClock = ReturnType<typeof createBookClock>;

/**
 * The book's clock (migration 0014): a number that moves at the commit of every transaction that changed what
 * members read of the book. Every catalogue answer asks it first, so a page built before a price moved is never
 * served after: the answer's own read sees the move. Readers share reads: a request joins the next read to start
 * (never one already under way, which may have begun before the change the request must see), so however many
 * requests arrive, at most one read is running and one waiting per process.
 */
export function createBookClock(db: Executor) {
  let running: Promise<bigint> | undefined;
  let waiting: Promise<bigint> | undefined;

  async function read(): Promise<bigint> {
    const [row] = resultRows<{ version: string }>(
      await db.execute(sql`select version::text as version from sports_book_clock where id = 1`),
    );
    return BigInt(row?.version ?? '0');
  }

  function start(): Promise<bigint> {
    const reading = read();
    running = reading;
    const clear = () => {
      if (running === reading) running = undefined;
    };
    reading.then(clear, clear);
    return reading;
  }

  return {
    /** The clock now: a read that started after this call. */
    now(): Promise<bigint> {
      if (!running) return start();
      waiting ??= running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          waiting = undefined;
          return start();
        });
      return waiting;
    },
  };
}

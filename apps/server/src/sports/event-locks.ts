import { sql } from 'drizzle-orm';
import { bigintArray } from '../db/array-params';
import type { Executor } from '../db/database';

/**
 * The first step of the book's lock order (migration 0014): an advisory lock per event, held to the end of the
 * caller's transaction, all of a transaction's events at once in key order. Exclusive for every change of an event,
 * its markets or prices (trading, results, the feeds); shared for the bets placed on it, which the placement
 * statement takes itself. A change waits only for the bets already inside their statement, and bets that arrive
 * while it waits queue behind it, so trading is never starved by a stream of bets.
 */
export async function lockEvents(db: Executor, eventIds: readonly bigint[], shared = false): Promise<void> {
  if (eventIds.length === 0) return;
  await db.execute(sql`select sports_lock_events(${bigintArray(eventIds)}::bigint[], ${shared})`);
}

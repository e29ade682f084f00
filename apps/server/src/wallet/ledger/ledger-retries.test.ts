import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createLedgerService } from './ledger.service';

/** What the ledger runs again: lost races and connections, never a request that only waited for a pool connection. */
describe('ledger retries', () => {
  const ledger = createLedgerService({} as Database);

  it('runs a use case again after a deadlock or a connection lost under it', async () => {
    for (const error of [
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      new Error('Connection terminated unexpectedly'),
    ]) {
      let attempts = 0;
      const answer = await ledger.statement(async () => {
        attempts++;
        if (attempts === 1) throw error;
        return 'done';
      });
      expect(answer).toBe('done');
      expect(attempts).toBe(2);
    }
  });

  it('answers at once when no pool connection came free in time, rather than waiting in the queue again', async () => {
    let attempts = 0;
    await expect(
      ledger.statement(async () => {
        attempts++;
        throw new Error('timeout exceeded when trying to connect');
      }),
    ).rejects.toThrow('timeout exceeded');
    expect(attempts).toBe(1);
  });
});

import type { BalanceChange } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { RealtimePublisher } from './realtime-port';

/** Members read per query; a settlement run moving thousands of wallets reads them in slices. */
const READ_SLICE = 500;

/**
 * The `balance` topic: the ledger says which members' main wallets moved once each commit is done
 * (`ledger.onMainMoved`), and this reads those balances and publishes them. Members are gathered for `delayMs`, so
 * a burst of postings costs one query, and a member with several postings in it gets one push with the latest
 * balance. One read at a time, so a later push of this process never carries an older balance than an earlier one;
 * across processes the account's version tells the site which is newer.
 */
export function createBalancePush(deps: {
  read: (memberIds: readonly bigint[]) => Promise<Map<bigint, { balance: bigint; version: bigint }>>;
  publisher: RealtimePublisher;
  logger: { warn(object: object, message: string): void };
  delayMs?: number;
}) {
  const delayMs = deps.delayMs ?? 20;
  const due = new Set<bigint>();
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let closed = false;

  function schedule() {
    if (timer || reading || closed || due.size === 0) return;
    timer = setTimeout(flush, delayMs);
    timer.unref();
  }

  async function flush() {
    timer = undefined;
    reading = true;
    try {
      while (due.size > 0 && !closed) {
        const slice = [...due].slice(0, READ_SLICE);
        for (const memberId of slice) due.delete(memberId);
        const balances = await deps.read(slice);
        // The account's version orders pushes read by different processes: the site keeps the highest it has seen.
        for (const [memberId, { balance, version }] of balances)
          deps.publisher.publishToMember(memberId, 'balance', {
            balance: formatAmount(balance),
            version: version.toString(),
          } satisfies BalanceChange);
      }
    } catch (error) {
      // The database is the truth: a missed push is a balance the site reads on its next poll or reload.
      deps.logger.warn({ err: error }, 'realtime: balance push skipped');
    } finally {
      reading = false;
      schedule();
    }
  }

  return {
    moved(memberIds: readonly bigint[]): void {
      if (closed) return;
      for (const memberId of memberIds) due.add(memberId);
      schedule();
    },
    close(): void {
      closed = true;
      clearTimeout(timer);
    },
  };
}

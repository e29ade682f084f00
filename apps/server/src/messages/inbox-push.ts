import type { InboxChange } from '@jinb/contract';
import type { RealtimePublisher } from '../realtime/realtime-port';

/** Members read per query, and published per turn of the event loop. */
const SLICE = 1_000;
/** Publications per turn of the event loop. */
const PUBLISH_TURN = 100;

export type InboxPush = ReturnType<typeof createInboxPush>;

/**
 * The `inbox` topic: after a commit that changed members' unread counts, read those counts and publish
 * `{ unread }` to each. Members are gathered for `delayMs` (a burst of changes costs one query per slice), and a
 * broadcast to 100,000 members is read and published a slice at a time, each slice on a later turn of the event loop
 * and after the publisher has had time to hand the previous one on, so the request that sent it returns at once and
 * other requests keep being served while the pushes go out. One read at a time, so a later push of this process
 * never carries an older count; the count is the state, so a push that is lost is mended by the next one or by
 * `message/num`.
 */
export function createInboxPush(deps: {
  read: (memberIds: readonly bigint[]) => Promise<Map<bigint, number>>;
  publisher: RealtimePublisher;
  logger: { warn(object: object, message: string): void };
  delayMs?: number;
  /** Pause between slices: the topic log (Redis) takes publications at its own pace; at most ~10,000 wait. */
  sliceGapMs?: number;
}) {
  const delayMs = deps.delayMs ?? 20;
  const sliceGapMs = deps.sliceGapMs ?? 5;
  const due = new Set<bigint>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let pushed = 0;

  function schedule() {
    if (timer || running || closed || due.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = flush().finally(() => {
        running = undefined;
        schedule();
      });
    }, delayMs);
    timer.unref();
  }

  async function flush() {
    try {
      while (due.size > 0 && !closed) {
        const slice: bigint[] = [];
        for (const memberId of due) {
          slice.push(memberId);
          if (slice.length === SLICE) break;
        }
        for (const memberId of slice) due.delete(memberId);
        const counts = await deps.read(slice);
        let inTurn = 0;
        for (const [memberId, unread] of counts) {
          deps.publisher.publishToMember(memberId, 'inbox', { unread } satisfies InboxChange);
          pushed += 1;
          // A hundred publications a turn: requests waiting on the event loop go first between them.
          if (++inTurn % PUBLISH_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        if (due.size > 0) await new Promise((resolve) => setTimeout(resolve, sliceGapMs));
      }
    } catch (error) {
      // The database is the truth: a missed push is a count the site reads on its next poll or page.
      deps.logger.warn({ err: error }, 'realtime: inbox push skipped');
    }
  }

  return {
    /** These members' unread counts changed in a transaction that has committed. Never throws, never waits. */
    changed(memberIds: Iterable<bigint>): void {
      if (closed) return;
      for (const memberId of memberIds) due.add(memberId);
      schedule();
    },
    /** Resolves once every count asked for so far has been published (tests and the bench). */
    async settled(): Promise<void> {
      while (!closed && (due.size > 0 || timer || running)) {
        await (running ?? new Promise((resolve) => setTimeout(resolve, delayMs)));
      }
    },
    /** How many pushes went out since start (the bench). */
    get pushed() {
      return pushed;
    },
    close(): void {
      closed = true;
      clearTimeout(timer);
    },
  };
}

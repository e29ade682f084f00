import WebSocket from 'ws';

/**
 * Many WebSocket clients in this process, each timing the publications it receives. A publication is recognised by
 * the odds it carries for the selection being moved (each change sets a price no other change in the run uses), found
 * in the raw bytes without parsing the JSON: with thousands of sockets the client's own work would otherwise be
 * what is measured.
 */
export type Fleet = {
  sockets: WebSocket[];
  /** Milliseconds from a change being sent to its receipt, one per socket and change. */
  samples: number[];
  received: number;
  reloads: number;
  close(): void;
};

export function createTimer(selectionId: string) {
  const sentAt = new Map<string, number>();
  const marker = Buffer.from(`"id":"${selectionId}","odds":"`);
  return {
    sentAt,
    /** The odds text of the change in `frame`, or undefined. */
    oddsIn(frame: Buffer): string | undefined {
      const at = frame.indexOf(marker);
      if (at < 0) return undefined;
      const start = at + marker.length;
      const end = frame.indexOf(34, start);
      return end < 0 ? undefined : frame.toString('latin1', start, end);
    },
  };
}

export type Timer = ReturnType<typeof createTimer>;

const RELOAD = Buffer.from('"op":"reload"');

/** Opens `count` sockets to `url` (`batch` at a time), each sending `subscribe` once open. */
export async function connectFleet(
  url: string,
  count: number,
  timer: Timer,
  options: { subscribe?: string; batch?: number; into?: Fleet } = {},
): Promise<Fleet> {
  const fleet: Fleet = options.into ?? {
    sockets: [],
    samples: [],
    received: 0,
    reloads: 0,
    close() {
      for (const socket of this.sockets) socket.terminate();
      this.sockets = [];
    },
  };
  const batch = options.batch ?? 200;
  for (let opened = 0; opened < count; opened += batch) {
    const size = Math.min(batch, count - opened);
    await Promise.all(
      Array.from(
        { length: size },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(url, { skipUTF8Validation: true, perMessageDeflate: false });
            socket.on('message', (raw: Buffer) => {
              const odds = timer.oddsIn(raw);
              if (odds !== undefined) {
                const sent = timer.sentAt.get(odds);
                if (sent !== undefined) {
                  fleet.samples.push(performance.now() - sent);
                  fleet.received++;
                }
              } else if (raw.indexOf(RELOAD) >= 0) fleet.reloads++;
            });
            socket.once('open', () => {
              if (options.subscribe) socket.send(JSON.stringify({ op: 'sub', topic: options.subscribe }));
              fleet.sockets.push(socket);
              resolve();
            });
            socket.once('error', reject);
          }),
      ),
    );
  }
  return fleet;
}

/**
 * `changes` changes at `perSecond`, each started on its own schedule (not after the previous one's answer, so a slow
 * answer does not lower the rate), with at most `maxInFlight` unanswered. Returns each change's own duration.
 */
export async function drive(
  changes: number,
  perSecond: number,
  timer: Timer,
  oddsOf: (index: number) => string,
  change: (index: number, odds: string) => Promise<void>,
  maxInFlight = 8,
): Promise<number[]> {
  const durations: number[] = [];
  const started = performance.now();
  const running = new Set<Promise<void>>();
  for (let index = 0; index < changes; index++) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (running.size >= maxInFlight) await Promise.race(running);
    const odds = oddsOf(index);
    const sent = performance.now();
    timer.sentAt.set(odds, sent);
    const call: Promise<void> = change(index, odds).then(() => {
      durations.push(performance.now() - sent);
      running.delete(call);
    });
    running.add(call);
  }
  await Promise.all(running);
  return durations;
}

/** Resolves once `predicate` holds (checked every 50 ms), or after `timeoutMs`; returns whether it held. */
export async function until(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!predicate()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

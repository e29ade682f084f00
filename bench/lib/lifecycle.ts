/**
 * Every benchmark starts processes and temporary folders; they must go away on success, on failure and on Ctrl-C,
 * so each one registers its cleanup here and `runBenchmark` runs them in reverse order whatever happens.
 */
type Cleanup = () => Promise<void> | void;

const cleanups: Cleanup[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(cleanup: Cleanup): void {
  cleanups.push(cleanup);
}

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup failed:', error);
      }
    }
  })();
  return cleaning;
}

/** Thrown for results that make the figures meaningless (errors, non-2xx answers): the run exits 1. */
export class BenchmarkInvalid extends Error {}

export function runBenchmark(main: () => Promise<void>): void {
  let interrupted = false;
  // A second signal (Ctrl-C reaches the runner and this process both) must not cut the cleanup short.
  const interrupt = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping`);
    void cleanUp().then(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  // Output piped into `head` and closed early must not kill the run before it stops what it started.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  process.on('uncaughtException', (error) => {
    console.error(error);
    void cleanUp().then(() => process.exit(1));
  });

  main()
    .then(
      () => cleanUp(),
      async (error: unknown) => {
        await cleanUp();
        console.error(error instanceof BenchmarkInvalid ? `INVALID: ${error.message}` : error);
        process.exitCode = 1;
      },
    )
    // Open sockets or timers of third-party code must not keep a finished benchmark alive.
    .finally(() => setTimeout(() => process.exit(), 200).unref());
}

import { spawn } from 'node:child_process';
import { loadSimConfig } from './sim-config';
import { createVendorSim } from './sim-server';

/**
 * `npm start` at the root: the simulated vendor service in this process and the server as a child (the command
 * given after this script), stopped together. The server's demo-mode vendors point here. In production mode
 * (APP_MODE=production) only the server runs. A simulator that cannot listen (its port taken) is reported and the
 * server runs without it: its vendors then answer launch with VENDOR_FAILED.
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: beside.ts <server command...>');
  process.exit(64);
}

let sim: ReturnType<typeof createVendorSim> | undefined;
if (process.env.APP_MODE !== 'production') {
  const config = loadSimConfig();
  const candidate = createVendorSim(config);
  try {
    await candidate.listen();
    sim = candidate;
    console.log(`vendor-sim listening on ${config.publicUrl}, calling ${config.serverUrl}`);
  } catch (error) {
    console.error(`vendor-sim not started (${(error as Error).message}); the server runs without it`);
  }
}

// Its own process group, so a Ctrl-C in the terminal reaches it once, from here: the server treats a second SIGINT
// during its graceful shutdown as "stop now".
const server = spawn(command, args, { stdio: 'inherit', detached: true });
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
server.on('exit', (code, signal) => {
  void (sim?.close() ?? Promise.resolve()).then(() => process.exit(code ?? (signal ? 1 : 0)));
});

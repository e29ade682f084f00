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

// In this process group, so whatever stops the whole group (a terminal's Ctrl-C, a test runner killing the group)
// stops the server too. A SIGINT comes from the terminal to every process of the group, the server included, and is
// not passed on (the server takes a second SIGINT during its graceful shutdown as "stop now"); a SIGTERM sent to this
// process alone (an orchestrator, `kill <pid>`; npm does not pass it on) is passed on once.
const server = spawn(command, args, { stdio: 'inherit' });
let forwarded = false;
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {
  if (forwarded) return;
  forwarded = true;
  server.kill('SIGTERM');
});
server.on('exit', (code, signal) => {
  void (sim?.close() ?? Promise.resolve()).then(() => process.exit(code ?? (signal ? 1 : 0)));
});

import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run bench`: each benchmark in a process of its own, one after the other, so none measures while another
 * loads the machine, and a crash in one still lets the others report.
 */
const BENCHMARKS = [
  'read-path.bench.ts',
  'login.bench.ts',
  'site.bench.ts',
  'console.bench.ts',
  'money.bench.ts',
  'ledger.bench.ts',
  'placement.bench.ts',
  'flood.bench.ts',
  'overload.bench.ts',
  'fanout.bench.ts',
  'in-play.bench.ts',
  'casino-rtp.bench.ts',
  'casino-bets.bench.ts',
  'seamless.bench.ts',
  'vip-payouts.bench.ts',
  'messages-broadcast.bench.ts',
  'console-members.bench.ts',
  'balancer.bench.ts',
];
const BENCH_DIR = import.meta.dirname;
/** A hung benchmark must not hold the run forever; the slowest (site, with the build and 10 Lighthouse runs) needs a few minutes. */
const TIMEOUT_MS = 30 * 60_000;

let current: ReturnType<typeof spawn> | undefined;
let stopping = false;
const forward = (signal: NodeJS.Signals) => {
  // The benchmark cleans up its own processes on the signal; the runner waits for it and starts no other.
  stopping = true;
  current?.kill(signal);
};
process.on('SIGINT', forward);
process.on('SIGTERM', forward);

function run(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, file)], { stdio: 'inherit' });
    current = child;
    const timer = setTimeout(() => {
      console.error(`${file}: no result after ${TIMEOUT_MS / 60_000} min, stopping it`);
      child.kill('SIGTERM');
    }, TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const outcomes: Array<{ file: string; code: number }> = [];
for (const file of BENCHMARKS) {
  if (stopping) break;
  console.log(`\n=== ${file} ===`);
  outcomes.push({ file, code: await run(file) });
}
if (stopping) {
  console.error('interrupted');
  process.exit(130);
}

console.log('\n=== summary ===');
for (const { file, code } of outcomes)
  console.log(`${code === 0 ? 'ran    ' : 'FAILED '} ${file}${code ? ` (exit ${code})` : ''}`);
console.log('PASS/FAIL against the targets is printed by each benchmark above; results are in bench/results/.');
process.exitCode = outcomes.some(({ code }) => code !== 0) ? 1 : 0;

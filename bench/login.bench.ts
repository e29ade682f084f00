import { hashPassword, verifyPassword } from '../apps/server/src/auth/password-hash';
import { BenchmarkInvalid, runBenchmark } from './lib/lifecycle';
import { encryptPassword, fetchPublicKey, issueCaptcha, newDevice, postLogin, siteHeaders } from './lib/member-client';
import { envNumber, fixed, machine, printTable, saveResults } from './lib/report';
import { BENCH_MEMBER, HOST, startAppServer } from './lib/server-process';
import { percentile, runPool } from './lib/stats';

/**
 * Login throughput. A login is bound by argon2id, so the baseline is argon2id verification alone with the server's
 * parameters (apps/server/src/auth/password-hash.ts) at the same concurrency: the ratio says how much the rest of
 * the login (HTTP, captcha check, RSA decryption, session insert, last-login update) costs on top.
 */
const WARMUP_LOGINS = 10;

type Measurement = { count: number; elapsedMs: number; perSecond: number; p50Ms: number; p99Ms: number };

function summarize(durationsMs: number[], elapsedMs: number): Measurement {
  return {
    count: durationsMs.length,
    elapsedMs,
    perSecond: durationsMs.length / (elapsedMs / 1000),
    p50Ms: percentile(durationsMs, 50),
    p99Ms: percentile(durationsMs, 99),
  };
}

/** A distinct client address per device, as the server sees real phones behind its proxy (see README). */
function addressOf(index: number): string {
  return `10.77.${(index >> 8) & 255}.${index & 255}`;
}

/** Baseline and logins alternate in rounds, so a neighbour's burst of CPU load hits both rather than one. */
const ROUNDS = 3;

type Samples = { durationsMs: number[]; elapsedMs: number };

function collect(into: Samples, from: Samples): void {
  into.durationsMs.push(...from.durationsMs);
  into.elapsedMs += from.elapsedMs;
}

async function measure(baseUrl: string, count: number, concurrency: number) {
  const hashed = await hashPassword(BENCH_MEMBER.password);
  const verify = async () => {
    if (!(await verifyPassword(hashed, BENCH_MEMBER.password)))
      throw new BenchmarkInvalid('argon2 verification failed');
  };

  const key = await fetchPublicKey(baseUrl);
  const total = WARMUP_LOGINS + count;
  // Everything the browser has before pressing the button is prepared outside the timed part: one captcha per
  // device (one image buys one guess) and the encrypted password.
  const attempts = Array.from({ length: total }, (_, index) => ({
    headers: siteHeaders(newDevice(), { 'x-forwarded-for': addressOf(index) }),
    password: encryptPassword(key, BENCH_MEMBER.password),
  }));
  await runPool(total, concurrency, (index) => issueCaptcha(baseUrl, attempts[index]!.headers));

  const failures: string[] = [];
  let nextAttempt = 0;
  const login = async () => {
    const attempt = attempts[nextAttempt++]!;
    const outcome = await postLogin(baseUrl, attempt.headers, BENCH_MEMBER.account, attempt.password);
    if (!outcome.ok) failures.push(`HTTP ${outcome.status} ${outcome.body}`);
  };

  await runPool(WARMUP_LOGINS, concurrency, verify);
  await runPool(WARMUP_LOGINS, concurrency, login);
  const argon2: Samples = { durationsMs: [], elapsedMs: 0 };
  const logins: Samples = { durationsMs: [], elapsedMs: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const size = Math.floor(count / ROUNDS) + (round < count % ROUNDS ? 1 : 0);
    collect(argon2, await runPool(size, concurrency, verify));
    collect(logins, await runPool(size, concurrency, login));
  }
  if (failures.length) {
    throw new BenchmarkInvalid(`${failures.length} of ${total} logins failed, e.g. ${failures[0]}`);
  }
  return {
    argon2: summarize(argon2.durationsMs, argon2.elapsedMs),
    logins: summarize(logins.durationsMs, logins.elapsedMs),
  };
}

async function main() {
  const count = envNumber('BENCH_LOGINS', 100, { min: 10, max: 2000 });
  const concurrency = envNumber('BENCH_LOGIN_CONCURRENCY', 10, { min: 1, max: 100 });
  console.log(
    `login: ${count} logins and as many argon2id verifications, ${concurrency} in flight, ${ROUNDS} alternating rounds`,
  );
  console.log(`machine: ${machine()}`);

  // The server trusts the loopback proxy hop, so each device's X-Forwarded-For is its address and per-IP limits
  // (captchas 60/min) apply per device as they would in production, not to the one loopback address.
  const server = await startAppServer({ env: { TRUST_PROXY: HOST } });
  console.log(`server: ${server.url} (pid ${server.pid}, ${server.database})`);

  const { argon2, logins } = await measure(server.url, count, concurrency);

  console.log('');
  printTable([
    ['scenario', 'per s', 'p50 ms', 'p99 ms', 'per s vs argon2', 'p99 vs argon2'],
    [
      'argon2id verify, in process (baseline)',
      fixed(argon2.perSecond),
      fixed(argon2.p50Ms),
      fixed(argon2.p99Ms),
      '100%',
      '1.00x',
    ],
    [
      `POST login over HTTP (${server.database})`,
      fixed(logins.perSecond),
      fixed(logins.p50Ms),
      fixed(logins.p99Ms),
      `${fixed((logins.perSecond / argon2.perSecond) * 100, 0)}%`,
      `${fixed(logins.p99Ms / argon2.p99Ms, 2)}x`,
    ],
  ]);
  console.log('');
  console.log(
    `logins/s: ${fixed(logins.perSecond)}, p99 ${fixed(logins.p99Ms)} ms; ` +
      `${fixed((logins.perSecond / argon2.perSecond) * 100, 0)}% of raw argon2id throughput`,
  );

  saveResults('login', { count, concurrency, database: server.database, argon2, logins });
}

runBenchmark(main);

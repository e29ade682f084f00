import { startAgentJobs } from './agent/agent-jobs';
import { buildApp } from './app';
import { startCasinoJobs } from './casino/casino-jobs';
import { ConfigError, loadConfig } from './config/config';
import { createContainer } from './container';
import { startGamesJobs } from './games/games-jobs';
import { seedHelpCentre } from './help/help-seed';
import { logRedaction } from './http/log-redaction';
import { devOutboxPath } from './notify/notifier';
import { seedDemoAccounts, seedDemoContent } from './seed/demo-seed';
import { startSportsJobs } from './sports/sports-jobs';
import { startVipPayoutJobs } from './vip/payouts/payouts-jobs';
import { startVipJobs } from './vip/vip-jobs';

/** Connections the kernel queues for us before we accept them. */
const LISTEN_BACKLOG = 4096;

async function main() {
  const config = loadConfig();
  const { default: pino } = await import('pino');
  // Production writes JSON lines for a collector; development reads better as lines (pino-pretty, in-process so no
  // extra worker thread). Redaction applies before either.
  const pretty =
    config.logFormat === 'pretty'
      ? (await import('pino-pretty')).default({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l' })
      : undefined;
  const log = pretty
    ? pino({ level: config.logLevel, ...logRedaction }, pretty)
    : pino({ level: config.logLevel, ...logRedaction });
  const container = await createContainer(config, log);
  const app = await buildApp(container, { logger: log });
  container.metrics.collectProcessMetrics();
  container.metrics.startLedgerChecks(config.ledgerCheckEveryMs);

  // The help centre's tutorials are the platform's documentation, in every mode: all of them into an empty help centre,
  // and the policy pages (terms, privacy, responsible gambling) into one that lacks them.
  await seedHelpCentre(container.db);
  if (config.mode === 'demo') {
    await seedDemoContent(container.db, config.site);
    const accounts = await seedDemoAccounts(container.db, config.demo);
    log.info(
      {
        member: `${accounts.member[0]} / ${accounts.member[1]}`,
        operator: `${accounts.operator[0]} / ${accounts.operator[1]}`,
        captcha: config.demo.captcha ?? '(random; set DEMO_CAPTCHA to fix it)',
        // Codes are redacted from the log; this is where the member's SMS codes can be read instead.
        ...(accounts.memberPhone ? { codes: devOutboxPath(accounts.memberPhone) } : {}),
      },
      'demo mode: sign in with these accounts',
    );
  }

  // Housekeeping every minute: expire unpaid deposit orders, settle venue transfers left pending by a timeout.
  // Both are idempotent, so running them in every process is safe.
  const housekeeping = setInterval(() => {
    void container.wallet.deposits
      .expireOverdue()
      .catch((error: unknown) => log.error({ err: error }, 'deposit expiry failed'));
    void container.wallet.venues
      .reconcile()
      .catch((error: unknown) => log.error({ err: error }, 'venue reconciliation failed'));
    // Expired captchas, codes and sessions; an advisory lock lets one process do it while the others skip.
    void container.purge
      .purgeExpired()
      .then((result) => {
        if (!result.skipped) log.info({ deleted: result.deleted }, 'expired rows purged');
      })
      .catch((error: unknown) => log.error({ err: error }, 'purge of expired rows failed'));
  }, 60_000);
  housekeeping.unref();
  // The sportsbook's feed (the simulated one in demo mode) and the settlement sweep that finishes interrupted runs.
  const sportsJobs = startSportsJobs(container, log);
  // The house tables' dealer (each table under its lease: one process deals it).
  const casinoJobs = startCasinoJobs(container, log);
  // VIP payouts: yesterday's rebate, last week's and month's wages, today's birthdays, each period once.
  const vipPayoutJobs = startVipPayoutJobs(container, log);
  // VIP upgrades of members who bet or deposited, and the monthly keep-level review.
  const vipJobs = startVipJobs(container, log);
  // Transfer vendors' bet histories into the members' records.
  const gamesJobs = startGamesJobs(container, log);
  // Agent commission: the scheme's last ended period, once across processes.
  const agentJobs = startAgentJobs(container, log);

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    await sportsJobs.stop();
    await casinoJobs.stop();
    await vipPayoutJobs.stop();
    await vipJobs.stop();
    await gamesJobs.stop();
    await agentJobs.stop();
    // A request that never finishes must not keep the process alive forever: the orchestrator is waiting.
    const deadline = setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown deadline passed; exiting with work unfinished');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    // Idle keep-alive connections close now; a busy one closes as soon as its request is answered (otherwise it would
    // hold the close until its keep-alive timeout). Then the ledger drains before the database closes.
    const closeFreedConnections = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(closeFreedConnections);
    await container.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Node's default backlog (511) let the kernel drop the handshakes of 2,000 clients connecting at once: they got in
  // on a retransmission a second or more later and waited that long for even a 503 (p99 1.2-1.3 s against a bare
  // server, 0.55-0.65 s with 4,096). The kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  log.info(
    {
      url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/app/home`,
      mode: config.mode,
      database: container.database.kind,
    },
    'jinb is running',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`jinb: ${error.message}`);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@jinb/contract';
import { z } from 'zod';
import { DEMO_VENDOR_SIM_URL, parseVendors, type VendorConfig } from '../games/vendor-config';

/**
 * The one typed configuration object, read from the environment and validated at start.
 * Every variable is documented in .env.example at the repo root.
 */
/** Connections per server process to PostgreSQL (DB_POOL_SIZE); see the README for how it was chosen. */
export const DEFAULT_DB_POOL_SIZE = 10;

/**
 * Reads (GETs of the site's API) per client and window: a signed-in member by member id, anyone else by address.
 * Measured on the built site (2026-11-25): a cold page load fires 5-7 reads, the sports page polls 1-2 every 10 s,
 * and a member reloading a page every 1.2 s, eight pages running, fired 50 in 10 s: the member's limit is twice
 * that. An address can hide several visitors (a carrier's NAT), so it gets twice a member's.
 */
export const DEFAULT_READ_LIMIT = { memberPoints: 100, addressPoints: 200, windowS: 10 } as const;

const credentials = z
  .string()
  .regex(/^[^:]{4,64}:.{6,128}$/, 'must be <account>:<password>')
  .optional();

const envSchema = z.object({
  // No default here: with a real database the operator must say which mode they mean (see loadConfig).
  APP_MODE: z.enum(['demo', 'production']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  // Everything this deployment keeps in Redis sits under it, so two deployments (or a test run beside a
  // running site) can share one Redis without sharing a rate limit or an invalidation.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,48}$/, 'REDIS_PREFIX: letters, digits, _ . : - only')
    .default('jinb:'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  RSA_PRIVATE_KEY: z.string().optional(),
  RSA_PRIVATE_KEY_FILE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** The built operator console (apps/console), served at /console. */
  CONSOLE_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  MEDIA_HOSTS: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  /** Operators: whether admin and finance must have a second factor (default: required in production). */
  OPERATOR_OTP: z.enum(['required', 'optional']).optional(),
  /** Operators: a session ends after this long without a request. */
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().positive().max(1440).default(30),
  SESSION_ROTATE_MINUTES: z.coerce.number().int().positive().default(15),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  DEMO_CAPTCHA: z
    .string()
    .regex(/^[A-Za-z0-9]{1,8}$/, 'letters and digits, at most 8')
    .optional(),
  DEMO_MEMBER: credentials,
  DEMO_OPERATOR: credentials,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('jinb <no-reply@localhost>'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  CUSTOMER_SERVICE_URL: z.string().default(''),
  WHATSAPP_URL: z.string().default(''),
  SITE_NAME: z.string().default('jinb'),
  PLATFORM_TIMEZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai'),
  GATEWAY_SECRET: z.string().min(16).optional(),
  /** Prometheus's bearer token for /metrics; unset, /metrics answers only direct local connections in production. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** How often each process runs the ledger check it reports at /metrics (0: only at start). */
  METRICS_LEDGER_CHECK_MINUTES: z.coerce.number().int().nonnegative().max(1440).default(5),
  /** Log lines: JSON (production's default, for a collector) or readable lines (the default in demo). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WITHDRAW_SLA_MINUTES: z.coerce.number().int().positive().max(10_080).default(30),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(DEFAULT_DB_POOL_SIZE),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().nonnegative().default(1_000),
  OVERLOAD_LATENCY_TARGET_MS: z.coerce.number().int().nonnegative().default(250),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().nonnegative().default(1_000),
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().positive().default(5),
  READ_LIMIT_MEMBER: z.coerce.number().int().nonnegative().default(DEFAULT_READ_LIMIT.memberPoints),
  READ_LIMIT_IP: z.coerce.number().int().nonnegative().default(DEFAULT_READ_LIMIT.addressPoints),
  READ_LIMIT_WINDOW_S: z.coerce.number().int().positive().max(3_600).default(DEFAULT_READ_LIMIT.windowS),
  WS_MAX_SOCKETS: z.coerce.number().int().positive().default(20_000),
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  WS_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(300_000).default(25_000),
  WS_REDIS_PREFIX: z.string().min(1).max(64).optional(),
  SPORTS_FEED: z.enum(['simulated', 'none']).optional(),
  SPORTS_SIM_SPEED: z.coerce.number().positive().max(100_000).default(60),
  SPORTS_SIM_SEED: z.string().min(1).max(64).default('jinb'),
  CASINO_DEALER: z.enum(['true', 'false', '1', '0']).default('true'),
  VENDORS: z.string().optional(),
  VENDOR_SIM_URL: z.url().default(DEMO_VENDOR_SIM_URL),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  mode: 'demo' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The key and channel prefix of everything this deployment keeps in Redis. */
  redisPrefix: string;
  secret: string;
  rsaPrivateKeyPem: string | undefined;
  webDist: string;
  /** The built operator console, served at /console (http/console-static.ts). */
  consoleDist: string;
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  /** /metrics (metrics/metrics.routes.ts). */
  metricsToken: string | undefined;
  ledgerCheckEveryMs: number;
  /** Hops to trust in X-Forwarded-For, or the trusted proxies' addresses/CIDRs; false when none. */
  trustProxy: false | number | string[];
  corsOrigins: string[];
  /** Origins the site may show images from besides its own (a CDN for banners and icons): the CSP's img-src. */
  mediaHosts: string[];
  session: { idleMs: number; absoluteMs: number; rotateMs: number; graceMs: number };
  /** Operators' sessions and second factor (admin/README.md). */
  operator: { otp: 'required' | 'optional'; idleMinutes: number };
  uploadMaxBytes: number;
  demo: { captcha: string | undefined; member: string | undefined; operator: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhook: { url: string; token: string | undefined } | undefined;
  site: { name: string; customerServiceUrl: string; whatsAppUrl: string };
  /** The platform's IANA zone: members' date filters are wall-clock times in it, and the site computes them in it. */
  timeZone: string;
  /** Shared with the payment gateway to sign its callbacks; derived from the app secret when unset. */
  gatewaySecret: string | undefined;
  /** A withdrawal waiting for the desk longer than this is overdue (the console shows it red; issue 27). */
  withdrawSlaMinutes: number;
  database: {
    poolSize: number;
    connectTimeoutMs: number;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    idleTimeoutMs: number;
  };
  shutdownTimeoutMs: number;
  /** 0 switches a limit off. */
  overload: { maxInFlight: number; latencyTargetMs: number; maxEventLoopDelayMs: number; retryAfterS: number };
  /** Reads per member and per address (visitors) in each window of windowS seconds; 0 switches one off. */
  readLimit: { memberPoints: number; addressPoints: number; windowS: number };
  /** The WebSocket channel (/ws): caps on sockets, the ping interval, its keys' prefix in Redis. */
  realtime: { maxSockets: number; maxSocketsPerAddress: number; heartbeatMs: number; redisPrefix: string };
  /** The sportsbook's feed: the simulated one (demo default) or none (operators' manual feed only). */
  sports: { feed: 'simulated' | 'none'; simSpeed: number; simSeed: string };
  /** Whether this process deals the house tables (CASINO_DEALER; each table still under its lease). */
  casino: { dealer: boolean };
  /** External game vendors (VENDORS; demo mode: the simulated vendor service at VENDOR_SIM_URL). */
  vendors: VendorConfig[];
};

export class ConfigError extends Error {}

/** Relative paths are taken from where the operator ran the command, not from the workspace npm switched into. */
function fromLaunchDir(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Which X-Forwarded-For entries to believe. `true` would believe every hop, so any client could name its own
 * address and step out of every per-address limit: only a hop count or the proxies' own addresses are accepted.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (!text || text === 'false') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text) || false;
  if (text === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would let any client choose its own address: set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;
  const bad = entries.find((entry) => !address.test(entry) && entry !== 'loopback' && entry !== 'uniquelocal');
  if (bad) throw new ConfigError(`TRUST_PROXY: "${bad}" is neither a hop count nor an address or CIDR`);
  return entries;
}

/**
 * `https://cdn.example.com, img.example.net` as origins. They go into the Content-Security-Policy header verbatim,
 * so anything that is not a plain http(s) origin is refused at start rather than written into the header.
 */
function parseMediaHosts(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `https://${entry}`);
    } catch {}
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search) {
      throw new ConfigError(`MEDIA_HOSTS: "${entry}" is not an origin such as https://cdn.example.com`);
    }
    return url.origin;
  });
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      `invalid configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  }
  const env = parsed.data;
  // Demo mode exposes every SMS code (the dev outbox) and a simulated payment button: harmless on the embedded
  // database, dangerous against a real one, so a real database never falls into demo mode by omission.
  if (!env.APP_MODE && env.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_URL is set but APP_MODE is not: set APP_MODE=production, or APP_MODE=demo to run the demo (dev outbox, simulated payments) on this database on purpose',
    );
  }
  const mode = env.APP_MODE ?? 'demo';
  const production = mode === 'production';
  const dataDir = fromLaunchDir(env.DATA_DIR);

  if (production) {
    const missing: string[] = [];
    if (!env.DATABASE_URL) missing.push('DATABASE_URL');
    if (!env.APP_SECRET) missing.push('APP_SECRET');
    if (!env.RSA_PRIVATE_KEY && !env.RSA_PRIVATE_KEY_FILE) missing.push('RSA_PRIVATE_KEY or RSA_PRIVATE_KEY_FILE');
    if (!env.SMS_WEBHOOK_URL) missing.push('SMS_WEBHOOK_URL');
    if (!env.SMTP_URL) missing.push('SMTP_URL');
    if (missing.length) throw new ConfigError(`production mode needs ${missing.join(', ')}`);
    if (env.DEMO_CAPTCHA || env.DEMO_MEMBER || env.DEMO_OPERATOR) {
      throw new ConfigError('DEMO_CAPTCHA, DEMO_MEMBER and DEMO_OPERATOR are demo helpers and refused in production');
    }
  }

  const vendors = parseVendors(env.VENDORS, { production, simUrl: env.VENDOR_SIM_URL });
  if (vendors.error) throw new ConfigError(vendors.error);

  const rsaPrivateKeyPem = env.RSA_PRIVATE_KEY
    ? env.RSA_PRIVATE_KEY.replace(/\\n/g, '\n')
    : env.RSA_PRIVATE_KEY_FILE
      ? readFileSync(fromLaunchDir(env.RSA_PRIVATE_KEY_FILE), 'utf8')
      : undefined;

  return {
    mode,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    secret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    rsaPrivateKeyPem,
    webDist: env.WEB_DIST ? fromLaunchDir(env.WEB_DIST) : path.resolve(import.meta.dirname, '../../../web/dist'),
    consoleDist: env.CONSOLE_DIST
      ? fromLaunchDir(env.CONSOLE_DIST)
      : path.resolve(import.meta.dirname, '../../../console/dist'),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    metricsToken: env.METRICS_TOKEN,
    ledgerCheckEveryMs: env.METRICS_LEDGER_CHECK_MINUTES * 60_000,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [],
    mediaHosts: parseMediaHosts(env.MEDIA_HOSTS),
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_DAYS * 86_400_000,
      rotateMs: env.SESSION_ROTATE_MINUTES * 60_000,
      graceMs: 60_000,
    },
    operator: {
      otp: env.OPERATOR_OTP ?? (production ? 'required' : 'optional'),
      idleMinutes: env.OPERATOR_IDLE_MINUTES,
    },
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    demo: {
      captcha: production ? undefined : env.DEMO_CAPTCHA,
      member: production ? undefined : env.DEMO_MEMBER,
      operator: production ? undefined : env.DEMO_OPERATOR,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsWebhook: env.SMS_WEBHOOK_URL ? { url: env.SMS_WEBHOOK_URL, token: env.SMS_WEBHOOK_TOKEN } : undefined,
    site: { name: env.SITE_NAME, customerServiceUrl: env.CUSTOMER_SERVICE_URL, whatsAppUrl: env.WHATSAPP_URL },
    timeZone: env.PLATFORM_TIMEZONE,
    gatewaySecret: env.GATEWAY_SECRET,
    withdrawSlaMinutes: env.WITHDRAW_SLA_MINUTES,
    database: {
      poolSize: env.DB_POOL_SIZE,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      idleTimeoutMs: env.DB_IDLE_TIMEOUT_MS,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    overload: {
      maxInFlight: env.OVERLOAD_MAX_IN_FLIGHT,
      latencyTargetMs: env.OVERLOAD_LATENCY_TARGET_MS,
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      retryAfterS: env.OVERLOAD_RETRY_AFTER_S,
    },
    readLimit: {
      memberPoints: env.READ_LIMIT_MEMBER,
      addressPoints: env.READ_LIMIT_IP,
      windowS: env.READ_LIMIT_WINDOW_S,
    },
    realtime: {
      maxSockets: env.WS_MAX_SOCKETS,
      maxSocketsPerAddress: env.WS_MAX_SOCKETS_PER_ADDRESS,
      heartbeatMs: env.WS_HEARTBEAT_MS,
      redisPrefix: env.WS_REDIS_PREFIX ?? `${env.REDIS_PREFIX}rt:`,
    },
    sports: {
      feed: env.SPORTS_FEED ?? (production ? 'none' : 'simulated'),
      simSpeed: env.SPORTS_SIM_SPEED,
      simSeed: env.SPORTS_SIM_SEED,
    },
    casino: { dealer: env.CASINO_DEALER === 'true' || env.CASINO_DEALER === '1' },
    vendors: vendors.vendors,
  };
}

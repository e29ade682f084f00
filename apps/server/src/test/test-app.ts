import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import pino from 'pino';
import { buildApp } from '../app';
import { RESEND_COOLDOWN } from '../auth/verification.service';
import { type Config, loadConfig } from '../config/config';
import { type Container, createContainer } from '../container';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { seedDemoAccounts, seedDemoContent } from '../seed/demo-seed';
import type { Clock } from '../shared/clock';
import { createLimits } from '../shared/limits';
import type { VenueWallet } from '../wallet/venues/venue-wallet';
import { scratchDatabase } from './live-server';

export type DbKind = 'pglite' | 'postgres';

/** API tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const DEMO_CAPTCHA = '1234';

/** A fresh database on the test server per app, dropped afterwards, so test files never see each other's rows. */
async function openTestPostgres(): Promise<{ handle: DatabaseHandle; url: string; drop(): Promise<void> }> {
  const database = await scratchDatabase('jinb_test');
  // Race tests queue a thousand requests on one member's lock: on a slow shared machine the last of them wait longer
  // for a connection than a server's 5 s, which would answer 503 instead of the refusal the test is about. Waiting
  // for a connection is the resilience tests' subject (a real server process with its own settings), not these.
  const handle = await openDatabase({
    kind: 'postgres',
    url: database.url,
    poolSize: 30,
    pool: { connectTimeoutMs: 60_000 },
  });
  return { handle, url: database.url, drop: database.drop };
}

/** Each test device gets its own address, as real phones would; per-IP limits are tested on purpose only. */
function ipOf(device: string | undefined): string {
  if (!device) return '127.0.0.1';
  let hash = 0;
  for (const char of device) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

function newAccount(): string {
  return `u${randomBytes(4).toString('hex')}`.slice(0, 9);
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  kind: DbKind = 'pglite',
  options: {
    env?: Record<string, string>;
    tweak?: (config: Config) => void;
    seed?: boolean;
    venues?: VenueWallet[];
    /** The time the protection rules see; default the real one. */
    clock?: Clock;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CAPTCHA,
    LOG_LEVEL: 'silent',
    // No external vendors unless a test names them: demo mode's default would reach a simulator someone may be
    // running on this machine, whose players share ids with every test database's members.
    VENDORS: '[]',
    ...options.env,
  } as NodeJS.ProcessEnv);
  options.tweak?.(config);
  const postgres = kind === 'postgres' ? await openTestPostgres() : undefined;
  const database = postgres?.handle ?? (await openDatabase({ kind: 'pglite' }));
  // Each app gets its own key prefix on the shared Redis, so test files never share a limit.
  const limits = createLimits({
    redisUrl: process.env.REDIS_URL,
    prefix: `jinb-test:${randomBytes(4).toString('hex')}:`,
  });
  const log = pino({ level: 'silent' }) as FastifyBaseLogger;
  const container: Container = await createContainer(config, log, {
    database,
    limits,
    venues: options.venues,
    clock: options.clock,
  });
  const app = await buildApp(container);
  await app.ready();
  if (options.seed !== false && config.mode === 'demo') await seedDemoContent(container.db, config.site);

  let deviceCounter = 0;
  const harness = {
    app,
    container,
    config,
    /** The test's own PostgreSQL database (undefined on PGlite): a second pool on it is a second server process. */
    databaseUrl: postgres?.url,
    /** What the browser does: RSA-OAEP with SHA-256 over the public key the server serves. */
    encrypt(plain: string): string {
      const key = createPublicKey({
        key: Buffer.from(container.cipher.publicKeyBase64, 'base64'),
        format: 'der',
        type: 'spki',
      });
      return publicEncrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(plain),
      ).toString('base64');
    },
    newDevice(): string {
      deviceCounter += 1;
      return `h5-android${randomBytes(4).toString('hex')}${deviceCounter}`;
    },
    async fetchCaptcha(device: string): Promise<void> {
      const response = await app.inject({
        method: 'GET',
        url: '/api/findmed/v1/member/captcha',
        headers: { device_no: device },
        remoteAddress: ipOf(device),
      });
      if (response.statusCode !== 200) throw new Error(`captcha ${response.statusCode}`);
    },
    post(url: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<InjectResponse> {
      return app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        remoteAddress: ipOf(headers.device_no),
      });
    },
    /** A form-encoded PUT, as the site sends one. */
    put(url: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<InjectResponse> {
      return app.inject({
        method: 'PUT',
        url,
        payload: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        remoteAddress: ipOf(headers.device_no),
      });
    },
    get(url: string, headers: Record<string, string> = {}): Promise<InjectResponse> {
      return app.inject({ method: 'GET', url, headers, remoteAddress: ipOf(headers.device_no) });
    },
    async latestCode(to: string): Promise<string> {
      const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
      const code = response.json().data[0]?.code;
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
    /** The 60 s resend cooldown is per phone; tests that send twice on purpose skip it. */
    clearSmsCooldown(phone: string) {
      return container.limits.reset(RESEND_COOLDOWN, `sms:+86${phone}`);
    },
    /** A unique valid mainland number per call. */
    newPhone(): string {
      return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
    },
    newAccount,
    /** Walks the whole registration: captcha, SMS code, captcha again, register. Returns the session token. */
    async register(
      account: string = newAccount(),
      password = 'secret123',
      phone: string = harness.newPhone(),
      /** The registering device, and the invite code the site sends (its kept `aid`) as `i_code`. */
      options: { device?: string; inviteCode?: string } = {},
    ): Promise<{ token: string; account: string; password: string; phone: string; device: string }> {
      const device = options.device ?? harness.newDevice();
      await harness.fetchCaptcha(device);
      const sms = await harness.post(
        '/api/service/sms',
        { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
        { device_no: device },
      );
      if (sms.statusCode !== 200) throw new Error(`sms: ${sms.body}`);
      const smsCode = await harness.latestCode(`+86${phone}`);
      await harness.fetchCaptcha(device);
      const response = await harness.post(
        '/api/f/v1/member/register',
        {
          account,
          password: harness.encrypt(password),
          code: DEMO_CAPTCHA,
          area: '86',
          phone,
          smsCode,
          ...(options.inviteCode !== undefined && { i_code: options.inviteCode }),
        },
        { device_no: device },
      );
      if (response.statusCode !== 200) throw new Error(`register: ${response.body}`);
      return { token: response.json().data.token as string, account, password, phone, device };
    },
    async login(account: string, password: string, device: string = harness.newDevice()): Promise<InjectResponse> {
      await harness.fetchCaptcha(device);
      return harness.post(
        '/api/f/v1/member/login/mpe',
        { account, password: harness.encrypt(password), code: DEMO_CAPTCHA },
        { device_no: device },
      );
    },
    /**
     * What the step-up dialog does before a guarded change (phone, e-mail, payout account, withdraw password): the
     * sign-in password again, so this member's session may make them for 5 minutes. Throws unless it is granted.
     */
    async stepUp(member: { token: string; password?: string; device?: string }): Promise<{ until: string }> {
      const response = await harness.post(
        '/api/f/v1/member/step-up',
        { method: 'password', password: harness.encrypt(member.password ?? 'secret123') },
        { t: member.token, ...(member.device && { device_no: member.device }) },
      );
      if (response.statusCode !== 200) throw new Error(`step-up: ${response.body}`);
      return response.json().data;
    },
    /** Operator sign-in as the console does it: captcha first, then account, password and the captcha's answer. */
    async operatorLogin(
      account: string,
      password: string,
      device: string = harness.newDevice(),
    ): Promise<InjectResponse> {
      await harness.fetchCaptcha(device);
      return harness.post('/api/admin/v1/login', { account, password, code: DEMO_CAPTCHA }, { device_no: device });
    },
    async seedAccounts() {
      return seedDemoAccounts(container.db, { member: 'demo01:demo123456', operator: 'admin:admin123456' });
    },
    async close() {
      await app.close();
      await container.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

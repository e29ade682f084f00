import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';
import { createLimits } from './limits';

const PROXY_PORT = 18_731;
/** The limits' Redis client gives up on a command after this long (limits.ts). */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;
const realRedis = process.env.REDIS_URL ? new URL(process.env.REDIS_URL) : undefined;

/** A loopback TCP proxy in front of the real Redis that can refuse new connections and cut the open ones. */
function createRedisProxy() {
  let open = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(realRedis?.port || 6379), realRedis?.hostname || '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    url: `redis://127.0.0.1:${PROXY_PORT}`,
    listen: () => new Promise<void>((resolve) => server.listen(PROXY_PORT, '127.0.0.1', resolve)),
    goDown() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    comeBack() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}

describe.skipIf(!process.env.REDIS_URL).each(testDatabases)('while Redis is away on %s', (kind) => {
  const proxy = createRedisProxy();
  let sut: TestApp;
  const savedRedisUrl = process.env.REDIS_URL;

  beforeAll(async () => {
    await proxy.listen();
    proxy.goDown();
    process.env.REDIS_URL = proxy.url;
    sut = await createTestApp(kind, { env: { REDIS_URL: proxy.url } });
  });
  afterAll(async () => {
    process.env.REDIS_URL = savedRedisUrl;
    await sut?.close();
    await proxy.close();
  });

  /** Wrong sign-ins from one device (so one address), each with its own captcha. */
  async function wrongLogin(account: string, device: string) {
    return timed(() => sut.login(account, 'not-the-password1', device));
  }

  it('starts while Redis refuses connections and serves sign-up, captchas and SMS codes at once', async () => {
    const device = sut.newDevice();
    const captcha = await timed(() => sut.fetchCaptcha(device));
    expect(captcha.ms).toBeLessThan(1_000);
    const sms = await timed(() =>
      sut.post(
        '/api/service/sms',
        { phone: sut.newPhone(), area: '86', type: 'register', code: DEMO_CAPTCHA },
        { device_no: device },
      ),
    );
    expect(sms.result.json().status).toBe(true);
    expect(sms.ms).toBeLessThan(1_000);
    const registered = await sut.register();
    expect(registered.token).toBeTruthy();
  });

  it('answers fast and still locks a pair after 5 wrong passwords when Redis drops mid-run', async () => {
    proxy.comeBack();
    const { account, password } = await sut.register();
    // What a wrong sign-in costs with Redis up, on this machine now (argon2 dominates, and slows with the machine's
    // load). Once the client knows Redis is gone, a sign-in costs no more than that.
    const calm = await sut.register();
    let calmMs = 0;
    for (let i = 0; i < 2; i += 1) calmMs = Math.max(calmMs, (await wrongLogin(calm.account, sut.newDevice())).ms);
    const fast = Math.max(1_000, 3 * calmMs);
    proxy.goDown();
    const device = sut.newDevice();
    const answers: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { result, ms } = await wrongLogin(account, device);
      expect(result.statusCode).toBeLessThan(500);
      // The first command after the cut may already be on the dead socket: it waits out the command timeout (1 s).
      expect(ms).toBeLessThan(i === 0 ? REDIS_COMMAND_TIMEOUT_MS + fast : fast);
      answers.push(result.json().code);
    }
    expect(answers).toEqual([...Array(5).fill('LOGIN_WRONG'), 'LOGIN_LOCKED']);
    const right = await timed(() => sut.login(account, password, device));
    expect(right.result.json().code).toBe('LOGIN_LOCKED');
    expect(right.ms).toBeLessThan(fast);
    const sms = await timed(async () => {
      const phoneDevice = sut.newDevice();
      await sut.fetchCaptcha(phoneDevice);
      return sut.post(
        '/api/service/sms',
        { phone: sut.newPhone(), area: '86', type: 'register', code: DEMO_CAPTCHA },
        { device_no: phoneDevice },
      );
    });
    expect(sms.result.json().status).toBe(true);
    expect(sms.ms).toBeLessThan(fast);
  });

  it('shares limits between processes again once Redis is back', async () => {
    const prefix = `jinb-test:${randomBytes(4).toString('hex')}:`;
    const first = createLimits({ redisUrl: proxy.url, prefix });
    const second = createLimits({ redisUrl: proxy.url, prefix });
    const rule = { name: 'outage-shared', points: 3, durationS: 60 };
    try {
      proxy.comeBack();
      await eventually(async () => {
        await first.reset(rule, 'k').catch(() => undefined);
        await first.consume(rule, 'k');
        return (await second.used(rule, 'k')) === 1;
      });
      await first.consume(rule, 'k');
      await first.consume(rule, 'k');
      await expect(second.consume(rule, 'k', 'LOGIN_LOCKED')).rejects.toMatchObject({ code: 'LOGIN_LOCKED' });
    } finally {
      await first.close();
      await second.close();
    }
  });
});

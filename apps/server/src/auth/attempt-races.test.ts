import { and, eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../db/schema';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';
import { walletMember } from '../test/wallet-fixtures';

const PARALLEL = 40;

function codesOf(responses: InjectResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const code = response.json().code ?? 'OK';
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

/** A six-digit code that is not `real`. */
function wrongCode(real: string, index: number): string {
  const guess = String((Number(real) + 1 + index) % 1_000_000).padStart(6, '0');
  return guess === real ? String((Number(real) + 500_000) % 1_000_000).padStart(6, '0') : guess;
}

describe.each(testDatabases)('attempt limits under parallel guesses on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  /** How many guesses were compared against the phone's code (each one counted before its comparison). */
  async function attemptsEvaluated(phone: string, purpose: string): Promise<number> {
    const rows = await sut.container.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, `+86${phone}`), eq(verificationCodes.purpose, purpose)));
    return Math.max(...rows.map((row) => row.attempts));
  }

  /** A member sign-in from a fixed address, with its own device and captcha as a script would do. */
  async function loginFrom(address: string, account: string, password: string): Promise<InjectResponse> {
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    return sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
      payload: new URLSearchParams({ account, password: sut.encrypt(password), code: DEMO_CAPTCHA }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', device_no: device },
      remoteAddress: address,
    });
  }

  it('evaluates at most 5 of many parallel wrong withdraw passwords, then refuses the right one', async () => {
    const member = await walletMember(sut, { card: false });
    const change = (oldPassword: string) =>
      sut.post(
        '/api/f/v1/withdraw/password',
        { password: sut.encrypt('654321'), oldPassword: sut.encrypt(oldPassword) },
        member.headers,
      );
    const guesses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => change(String(200_000 + i))));
    const counts = codesOf(guesses);
    expect(counts.WITHDRAW_PASSWORD_WRONG ?? 0).toBeLessThanOrEqual(5);
    expect(counts.WITHDRAW_PASSWORD_LOCKED).toBeGreaterThanOrEqual(PARALLEL - 5);
    expect((await change('123456')).json()).toMatchObject({ status: false, code: 'WITHDRAW_PASSWORD_LOCKED' });
  });

  it('answers at most 5 wrong sign-ins of one account from one address, then locks only that address', async () => {
    const { account, password } = await sut.register();
    const guesses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => loginFrom('203.0.113.7', account, `wrong-${i}-pass`)),
    );
    const counts = codesOf(guesses);
    expect(counts.LOGIN_WRONG ?? 0).toBeLessThanOrEqual(5);
    expect(counts.LOGIN_LOCKED).toBeGreaterThanOrEqual(PARALLEL - 5);
    expect((await loginFrom('203.0.113.7', account, password)).json().code).toBe('LOGIN_LOCKED');
    expect((await loginFrom('198.51.100.9', account, password)).json().status).toBe(true);
  });

  it('evaluates at most 5 of many parallel wrong old passwords on the change-password page', async () => {
    const { token, password } = await sut.register();
    const change = (oldPassword: string) =>
      sut.post(
        '/api/findmed/v1/member/updatepassword',
        { oldPassword: sut.encrypt(oldPassword), password: sut.encrypt('another123') },
        { t: token },
      );
    const guesses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => change(`wrong-${i}-pass`)));
    const counts = codesOf(guesses);
    const evaluated = guesses.filter((response) => !/LOCKED/.test(response.json().code ?? '')).length;
    expect(evaluated, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    const right = await change(password);
    expect(right.json().status, right.body).toBe(false);
    expect(right.json().code).toMatch(/LOCKED/);
  });

  it('evaluates at most 5 parallel wrong SMS codes at registration, and the real code is dead afterwards', async () => {
    const phone = sut.newPhone();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    const sent = await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    expect(sent.json().status).toBe(true);
    const real = await sut.latestCode(`+86${phone}`);
    const register = async (smsCode: string) => {
      const guesser = sut.newDevice();
      await sut.fetchCaptcha(guesser);
      return sut.post(
        '/api/f/v1/member/register',
        {
          account: sut.newAccount(),
          password: sut.encrypt('secret123'),
          code: DEMO_CAPTCHA,
          area: '86',
          phone,
          smsCode,
        },
        { device_no: guesser },
      );
    };
    const guesses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => register(wrongCode(real, i))));
    expect(guesses.every((response) => response.json().code === 'CODE_WRONG')).toBe(true);
    expect(await attemptsEvaluated(phone, 'register')).toBeLessThanOrEqual(5);
    expect((await register(real)).json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
  });

  it('compares at most 5 of many parallel guesses at an e-mail code, and the real code is dead afterwards', async () => {
    const sutVerification = sut.container.verification;
    const email = `${sut.newAccount()}@example.com`;
    const client = { deviceNo: sut.newDevice(), ip: '192.0.2.10', lang: 'zh-CN' as const };
    await sutVerification.send('email', 'bind', email, client);
    const real = await sut.latestCode(email);
    const guesses = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) => sutVerification.check('email', 'bind', email, wrongCode(real, i))),
    );
    expect(guesses.every((guess) => guess.status === 'rejected')).toBe(true);
    const rows = await sut.container.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(rows[0]?.attempts).toBeLessThanOrEqual(5);
    await expect(sutVerification.check('email', 'bind', email, real)).rejects.toMatchObject({ code: 'CODE_WRONG' });
  });

  it('never resets a password from hundreds of parallel forget-password guesses', async () => {
    const { account, password, phone } = await sut.register();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'forget', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    const real = await sut.latestCode(`+86${phone}`);
    const reset = (smsCode: string) =>
      sut.post('/api/findmed/v1/member/forgetpassword', {
        account,
        area: '86',
        phone,
        smsCode,
        password: sut.encrypt('taken0ver1'),
      });
    const guesses = await Promise.all(Array.from({ length: 300 }, (_, i) => reset(wrongCode(real, i))));
    expect(guesses.every((response) => response.json().code === 'CODE_WRONG')).toBe(true);
    expect(await attemptsEvaluated(phone, 'forget')).toBeLessThanOrEqual(5);
    expect((await reset(real)).json().code).toBe('CODE_WRONG');
    expect((await sut.login(account, 'taken0ver1')).json().status).toBe(false);
    expect((await sut.login(account, password)).json().status).toBe(true);
  });
});

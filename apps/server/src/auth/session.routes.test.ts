import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';

const EXPIRED = { status: false, data: 'token', code: 'SESSION_EXPIRED' };

describe.each(testDatabases)('sessions on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('answers an unknown or missing token with exactly status false and data "token"', async () => {
    for (const headers of [{}, { t: 'not-a-token' }, { t: 'x'.repeat(500) }] as Array<Record<string, string>>) {
      const response = await sut.get('/api/findmed/v1/member/token', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(EXPIRED);
    }
  });

  it('ends the session on logout, on this process and for cached lookups', async () => {
    const { token } = await sut.register();
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json().status).toBe(true);
    expect((await sut.post('/api/f/v1/member/logout', {}, { t: token })).json()).toEqual({ status: true, data: true });
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json()).toEqual(EXPIRED);
  });

  it('changes the password: every old session ends, the new token works, only the new password signs in', async () => {
    const { token, account, password } = await sut.register();
    const other = (await sut.login(account, password)).json().data.token;
    const response = await sut.post(
      '/api/findmed/v1/member/updatepassword',
      { oldPassword: sut.encrypt(password), password: sut.encrypt('newpass456') },
      { t: token },
    );
    expect(response.json().status).toBe(true);
    const fresh = response.json().data.token;
    expect(response.headers.id).toBe(fresh);
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json()).toEqual(EXPIRED);
    expect((await sut.get('/api/findmed/v1/member/token', { t: other })).json()).toEqual(EXPIRED);
    expect((await sut.get('/api/findmed/v1/member/token', { t: fresh })).json().data.account).toBe(account);
    expect((await sut.login(account, password)).json().code).toBe('LOGIN_WRONG');
    expect((await sut.login(account, 'newpass456')).json().status).toBe(true);
  });

  it('refuses a wrong old password and a new password equal to the old', async () => {
    const { token, password } = await sut.register();
    const wrongOld = await sut.post(
      '/api/findmed/v1/member/updatepassword',
      { oldPassword: sut.encrypt('notmine123'), password: sut.encrypt('newpass456') },
      { t: token },
    );
    expect(wrongOld.json()).toMatchObject({ status: false, code: 'OLD_PASSWORD_WRONG', data: '原密码错误' });
    const same = await sut.post(
      '/api/findmed/v1/member/updatepassword',
      { oldPassword: sut.encrypt(password), password: sut.encrypt(password) },
      { t: token },
    );
    expect(same.json().code).toBe('PASSWORD_SAME');
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json().status).toBe(true);
  });

  it('recovers a forgotten password with an SMS code and ends old sessions', async () => {
    const { token, account, phone } = await sut.register();
    await sut.clearSmsCooldown(phone);
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    expect(
      (
        await sut.post(
          '/api/service/sms',
          { phone, area: '86', type: 'forget', code: DEMO_CAPTCHA },
          { device_no: device },
        )
      ).json().status,
    ).toBe(true);
    const smsCode = await sut.latestCode(`+86${phone}`);
    const response = await sut.post('/api/findmed/v1/member/forgetpassword', {
      account,
      area: '86',
      phone,
      smsCode,
      password: sut.encrypt('recovered1'),
    });
    expect(response.json()).toEqual({ status: true, data: true });
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json()).toEqual(EXPIRED);
    expect((await sut.login(account, 'recovered1')).json().status).toBe(true);
  });

  it('does not reveal whether a phone is registered when asked for a recovery code', async () => {
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    const unknown = await sut.post(
      '/api/service/sms',
      { phone: sut.newPhone(), area: '86', type: 'forget', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    expect(unknown.json()).toEqual({ status: true, data: { cooldown: 60 } });
  });

  it('refuses recovery when the phone does not belong to the account', async () => {
    const victim = await sut.register();
    const attacker = await sut.register();
    await sut.clearSmsCooldown(attacker.phone);
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    await sut.post(
      '/api/service/sms',
      { phone: attacker.phone, area: '86', type: 'forget', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    const smsCode = await sut.latestCode(`+86${attacker.phone}`);
    const response = await sut.post('/api/findmed/v1/member/forgetpassword', {
      account: victim.account,
      area: '86',
      phone: attacker.phone,
      smsCode,
      password: sut.encrypt('stolen1234'),
    });
    expect(response.json().code).toBe('PHONE_NOT_FOUND');
    expect((await sut.login(victim.account, victim.password)).json().status).toBe(true);
  });
});

describe('session rotation', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite', {
      tweak: (config) => {
        config.session.rotateMs = 0;
        config.session.graceMs = 60_000;
      },
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('hands out a new token in the id header and keeps the old one working through the grace window', async () => {
    const { token } = await sut.register();
    const first = await sut.get('/api/findmed/v1/member/token', { t: token });
    const rotated = first.headers.id as string;
    expect(first.json().status).toBe(true);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(token);
    // A request that left with the old token before the rotation still succeeds.
    expect((await sut.get('/api/findmed/v1/member/balance', { t: token })).json().status).toBe(true);
    expect((await sut.get('/api/findmed/v1/member/balance', { t: rotated })).json().status).toBe(true);
  });

  it('lets parallel requests rotate only once without logging anyone out', async () => {
    const { token } = await sut.register();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => sut.get('/api/findmed/v1/member/token', { t: token })),
    );
    expect(responses.every((response) => response.json().status === true)).toBe(true);
  });
});

describe('session lifetimes', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite', {
      tweak: (config) => {
        config.session.idleMs = 1;
      },
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('ends a session left idle longer than the idle lifetime', async () => {
    const { token } = await sut.register();
    const memberId = (await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Past the in-process cache too: the database decides.
    await sut.container.bus.publish({ kind: 'member', memberId });
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json()).toEqual(EXPIRED);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

describe.each(testDatabases)('operator API on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    await sut.seedAccounts();
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function operatorToken() {
    const response = await sut.operatorLogin('admin', 'admin123456');
    expect(response.json().status).toBe(true);
    return response.json().data.token as string;
  }

  it('signs an operator in and accepts the token as a Bearer header only', async () => {
    const token = await operatorToken();
    const me = await sut.get('/api/admin/v1/me', { authorization: `Bearer ${token}` });
    expect(me.json()).toMatchObject({ status: true, data: { account: 'admin', role: 'admin' } });
    expect((await sut.get('/api/admin/v1/me', { t: token })).statusCode).toBe(401);
  });

  it('asks for the captcha before it looks at the password, and each picture buys one guess', async () => {
    const device = sut.newDevice();
    const missing = await sut.post('/api/admin/v1/login', { account: 'admin', password: 'admin123456' });
    expect(missing.json()).toMatchObject({ status: false, code: 'REQUIRED_CAPTCHA' });
    await sut.fetchCaptcha(device);
    const wrong = await sut.post(
      '/api/admin/v1/login',
      { account: 'admin', password: 'admin123456', code: 'zzzz' },
      { device_no: device },
    );
    expect(wrong.json()).toMatchObject({ status: false, code: 'CAPTCHA_WRONG' });
    // The picture is spent: the right answer to it no longer works without fetching a new one.
    const reused = await sut.post(
      '/api/admin/v1/login',
      { account: 'admin', password: 'admin123456', code: '1234' },
      { device_no: device },
    );
    expect(reused.json()).toMatchObject({ status: false, code: 'CAPTCHA_WRONG' });
    expect((await sut.operatorLogin('admin', 'admin123456', device)).json().status).toBe(true);
  });

  it('refuses a wrong operator password and a member token', async () => {
    expect((await sut.operatorLogin('admin', 'nope')).json().code).toBe('LOGIN_WRONG');
    const member = await sut.register();
    expect(
      (await sut.get('/api/admin/v1/members?account=a', { authorization: `Bearer ${member.token}` })).statusCode,
    ).toBe(401);
  });

  it('finds members by account and shows their balance', async () => {
    const token = await operatorToken();
    const member = await sut.register();
    const found = (
      await sut.get(`/api/admin/v1/members?account=${member.account}`, { authorization: `Bearer ${token}` })
    ).json().data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ account: member.account, balance: '0.0000', status: 'active' });
  });

  it('lets the demo member from configuration sign in', async () => {
    expect((await sut.login('demo01', 'demo123456')).json().status).toBe(true);
  });

  it('counts page views per day', async () => {
    const token = await operatorToken();
    await sut.post('/api/findmed/v1/md/pv', { path: '/find' }, { device_no: 'h5-android1' });
    await sut.post('/api/findmed/v1/md/pv', { path: '/find' }, { device_no: 'h5-android2' });
    const summary = (
      await sut.get('/api/admin/v1/analytics/pageviews?days=1', { authorization: `Bearer ${token}` })
    ).json().data;
    expect(summary.topPaths).toEqual(expect.arrayContaining([{ path: '/find', views: 2 }]));
    expect(summary.days.at(-1).visitors).toBeGreaterThanOrEqual(2);
  });

  it('reads the dev outbox through the operator API in demo mode', async () => {
    const token = await operatorToken();
    const { phone } = await sut.register();
    const items = (await sut.get(`/api/admin/v1/outbox?to=%2B86${phone}`, { authorization: `Bearer ${token}` })).json()
      .data;
    expect(items[0]).toMatchObject({ channel: 'sms', purpose: 'register', code: expect.stringMatching(/^\d{6}$/) });
  });
});

describe('production mode', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite', {
      tweak: (config) => Object.assign(config, { mode: 'production' }),
      seed: false,
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('has no dev outbox: 404 for scripts and operators alike', async () => {
    expect((await sut.get('/api/dev/outbox?to=%2B8613800138000')).statusCode).toBe(404);
    expect((await sut.get('/api/admin/v1/outbox?to=x')).statusCode).toBe(404);
  });
});

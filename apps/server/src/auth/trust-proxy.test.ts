import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';

describe.each(testDatabases)('client addresses behind one proxy on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await sut?.close();
  });

  /** A sign-in through the load balancer at 127.0.0.1, with whatever X-Forwarded-For the client chose to send. */
  async function loginVia(forwardedFor: string, account: string, password: string) {
    const device = sut.newDevice();
    const headers = { device_no: device, 'x-forwarded-for': forwardedFor };
    await sut.app.inject({ method: 'GET', url: '/api/findmed/v1/member/captcha', headers, remoteAddress: '127.0.0.1' });
    return sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
      payload: new URLSearchParams({ account, password: sut.encrypt(password), code: DEMO_CAPTCHA }).toString(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '127.0.0.1',
    });
  }

  it('counts a client by the address the proxy saw, whatever it writes in front of it', async () => {
    const { account, password } = await sut.register();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await loginVia(`203.0.113.${attempt}, 198.51.100.7`, account, 'wrong1234');
      expect(response.json().code).toBe('LOGIN_WRONG');
    }
    const forged = await loginVia('203.0.113.99, 198.51.100.7', account, password);
    expect(forged.json().code).toBe('LOGIN_LOCKED');
    expect((await loginVia('198.51.100.8', account, password)).json().status).toBe(true);
  });
});

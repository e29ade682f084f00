import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';

describe.each(testDatabases)('sign-up and sign-in on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('serves the RSA public key as base64 SPKI DER that encrypts a password the server can read', async () => {
    const response = await sut.get('/api/f/v1/member/publicKey');
    expect(response.json().status).toBe(true);
    expect(response.json().data.key).toBe(sut.container.cipher.publicKeyBase64);
    expect(sut.container.cipher.decrypt(sut.encrypt('secret123'))).toBe('secret123');
  });

  it('registers a member who can then see their own info and a zero balance', async () => {
    const { token, account } = await sut.register();
    const info = await sut.get('/api/findmed/v1/member/token', { t: token });
    expect(info.json()).toMatchObject({ status: true, data: { account, vipLevel: 0 } });
    expect(info.json().data.phone).toMatch(/^139\*{4}\d{4}$/);
    const balance = await sut.get('/api/findmed/v1/member/balance', { t: token });
    expect(balance.json()).toEqual({ status: true, data: { balance: '0.0000', currency: 'CNY', symbol: '¥' } });
  });

  it('sends the token in the id header as well as the body on login', async () => {
    const { account, password } = await sut.register();
    const response = await sut.login(account, password);
    expect(response.statusCode).toBe(200);
    expect(response.headers.id).toBe(response.json().data.token);
    expect(response.json().data.token.length).toBeGreaterThanOrEqual(43);
  });

  it('answers 账号或密码错误 for a wrong password and for an unknown account alike', async () => {
    const { account } = await sut.register();
    const wrong = await sut.login(account, 'wrong1234');
    const unknown = await sut.login('nobody123', 'wrong1234');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, data: '账号或密码错误', code: 'LOGIN_WRONG' });
    }
  });

  it('answers malformed ciphertext with the same uniform error', async () => {
    const { account } = await sut.register();
    for (const password of ['not-base64!!', 'AAAA', Buffer.from('x'.repeat(256)).toString('base64')]) {
      const device = sut.newDevice();
      await sut.fetchCaptcha(device);
      const response = await sut.post(
        '/api/f/v1/member/login/mpe',
        { account, password, code: DEMO_CAPTCHA },
        { device_no: device },
      );
      expect(response.json()).toEqual({ status: false, data: '账号或密码错误', code: 'LOGIN_WRONG' });
    }
  });

  it('refuses a wrong captcha, and a captcha answer can be used only once', async () => {
    const { account, password } = await sut.register();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    const wrong = await sut.post(
      '/api/f/v1/member/login/mpe',
      { account, password: sut.encrypt(password), code: 'zzzz' },
      { device_no: device },
    );
    expect(wrong.json().code).toBe('CAPTCHA_WRONG');
    // The wrong guess burned that captcha: even the right answer now needs a new image.
    const afterWrong = await sut.post(
      '/api/f/v1/member/login/mpe',
      { account, password: sut.encrypt(password), code: DEMO_CAPTCHA },
      { device_no: device },
    );
    expect(afterWrong.json().code).toBe('CAPTCHA_WRONG');

    await sut.fetchCaptcha(device);
    const first = await sut.post(
      '/api/f/v1/member/login/mpe',
      { account, password: sut.encrypt(password), code: DEMO_CAPTCHA },
      { device_no: device },
    );
    expect(first.json().status).toBe(true);
    const reused = await sut.post(
      '/api/f/v1/member/login/mpe',
      { account, password: sut.encrypt(password), code: DEMO_CAPTCHA },
      { device_no: device },
    );
    expect(reused.json()).toMatchObject({ status: false, code: 'CAPTCHA_WRONG' });
  });

  it('locks an account on the address that guessed 5 wrong passwords, even against the right one', async () => {
    const { account, password } = await sut.register();
    const guesser = sut.newDevice();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await sut.login(account, 'wrong1234', guesser)).json().code).toBe('LOGIN_WRONG');
    }
    const locked = await sut.login(account, password, guesser);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toMatchObject({ status: false, code: 'LOGIN_LOCKED', data: '登录失败次数过多，请稍后再试' });
  });

  it('still lets the member sign in from their own phone while a stranger is locked out', async () => {
    const { account, password } = await sut.register();
    const stranger = sut.newDevice();
    for (let attempt = 0; attempt < 6; attempt++) await sut.login(account, 'wrong1234', stranger);
    expect((await sut.login(account, password, stranger)).json().code).toBe('LOGIN_LOCKED');
    expect((await sut.login(account, password)).json().status).toBe(true);
  });

  it('refuses a reused SMS code', async () => {
    const phone = sut.newPhone();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    const smsCode = await sut.latestCode(`+86${phone}`);
    const body = { password: sut.encrypt('secret123'), code: DEMO_CAPTCHA, area: '86', phone, smsCode };
    await sut.fetchCaptcha(device);
    const first = await sut.post(
      '/api/f/v1/member/register',
      { ...body, account: sut.newAccount() },
      { device_no: device },
    );
    expect(first.json().status).toBe(true);
    await sut.fetchCaptcha(device);
    const second = await sut.post(
      '/api/f/v1/member/register',
      { ...body, account: sut.newAccount(), phone: sut.newPhone() },
      { device_no: device },
    );
    expect(second.json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
  });

  it('burns an SMS code after 5 wrong guesses', async () => {
    const phone = sut.newPhone();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    const smsCode = await sut.latestCode(`+86${phone}`);
    const wrongCode = smsCode === '000000' ? '111111' : '000000';
    const attempt = async (code: string) => {
      await sut.fetchCaptcha(device);
      return sut.post(
        '/api/f/v1/member/register',
        {
          account: sut.newAccount(),
          password: sut.encrypt('secret123'),
          code: DEMO_CAPTCHA,
          area: '86',
          phone,
          smsCode: code,
        },
        { device_no: device },
      );
    };
    for (let index = 0; index < 5; index++) expect((await attempt(wrongCode)).json().code).toBe('CODE_WRONG');
    expect((await attempt(smsCode)).json().code).toBe('CODE_WRONG');
  });

  it('refuses a second SMS to the same phone within the cooldown', async () => {
    const phone = sut.newPhone();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    expect(
      (
        await sut.post(
          '/api/service/sms',
          { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
          { device_no: device },
        )
      ).json(),
    ).toEqual({
      status: true,
      data: { cooldown: 60 },
    });
    await sut.fetchCaptcha(device);
    const again = await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('CODE_TOO_OFTEN');
  });

  it('caps SMS sends per device in a day', async () => {
    const device = sut.newDevice();
    let last = '';
    for (let index = 0; index < 21; index++) {
      await sut.fetchCaptcha(device);
      last = (
        await sut.post(
          '/api/service/sms',
          { phone: sut.newPhone(), area: '86', type: 'register', code: DEMO_CAPTCHA },
          { device_no: device },
        )
      ).json().code;
    }
    expect(last).toBe('CODE_LIMIT');
  });

  it('gives the exact account message for a bad account', async () => {
    for (const account of ['abc', 'abcdefghijkl', 'ab_cd', '账号账号']) {
      const response = await sut.post('/api/f/v1/member/login/mpe', { account, password: 'x', code: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, data: '请输入4-11位数字和字母', code: 'ACCOUNT_FORMAT' });
    }
  });

  it('answers in zh-HK when the lang header asks for it', async () => {
    const response = await sut.post(
      '/api/f/v1/member/login/mpe',
      { account: 'ab', password: 'x', code: 'x' },
      { lang: 'zh-HK' },
    );
    expect(response.json().data).toBe('請輸入4-11位數字和字母');
  });

  it('refuses a weak password at registration and creates nothing', async () => {
    const account = sut.newAccount();
    const phone = sut.newPhone();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    const smsCode = await sut.latestCode(`+86${phone}`);
    await sut.fetchCaptcha(device);
    const response = await sut.post(
      '/api/f/v1/member/register',
      { account, password: sut.encrypt('123456'), code: DEMO_CAPTCHA, area: '86', phone, smsCode },
      { device_no: device },
    );
    expect(response.json().code).toBe('PASSWORD_FORMAT');
    expect((await sut.login(account, '123456')).json().code).toBe('LOGIN_WRONG');
  });

  it('ignores unknown body fields instead of writing them', async () => {
    const phone = sut.newPhone();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    await sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
    const smsCode = await sut.latestCode(`+86${phone}`);
    await sut.fetchCaptcha(device);
    const response = await sut.post(
      '/api/f/v1/member/register',
      {
        account: sut.newAccount(),
        password: sut.encrypt('secret123'),
        code: DEMO_CAPTCHA,
        area: '86',
        phone,
        smsCode,
        vipLevel: '9',
        vip_level: '9',
        balance: '1000000',
        status: 'active',
      },
      { device_no: device },
    );
    expect(response.json().data.user.vipLevel).toBe(0);
    const balance = await sut.get('/api/findmed/v1/member/balance', { t: response.json().data.token });
    expect(balance.json().data.balance).toBe('0.0000');
  });

  it('rejects wrongly typed and oversized bodies with 4xx and the envelope', async () => {
    const typed = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
      payload: { account: 12345, password: ['x'], code: { a: 1 } },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().status).toBe(false);
    const huge = await sut.post('/api/f/v1/member/login/mpe', {
      account: 'abcd',
      password: 'x'.repeat(100_000),
      code: '1',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE' });
    const broken = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
      payload: '{"account":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(false);
  });

  it('requires an invite code that exists, and records who invited the member', async () => {
    const inviter = await sut.register();
    const inviterInfo = (await sut.get('/api/findmed/v1/member/token', { t: inviter.token })).json().data;
    const phone = sut.newPhone();
    const device = sut.newDevice();
    const registerWith = async (iCode: string) => {
      await sut.fetchCaptcha(device);
      await sut.post(
        '/api/service/sms',
        { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
        { device_no: device },
      );
      const smsCode = await sut.latestCode(`+86${phone}`);
      await sut.fetchCaptcha(device);
      return sut.post(
        '/api/f/v1/member/register',
        {
          account: sut.newAccount(),
          password: sut.encrypt('secret123'),
          code: DEMO_CAPTCHA,
          area: '86',
          phone,
          smsCode,
          i_code: iCode,
        },
        { device_no: device },
      );
    };
    expect((await registerWith('NOSUCHCODE')).json().code).toBe('INVITE_CODE_UNKNOWN');
    await sut.clearSmsCooldown(phone);
    const ok = await registerWith(inviterInfo.inviteCode.toLowerCase());
    expect(ok.json().status).toBe(true);
    const row = await sut.container.members.findRow(BigInt(ok.json().data.user.id));
    expect(row?.inviterId?.toString()).toBe(inviterInfo.id);
  });
});

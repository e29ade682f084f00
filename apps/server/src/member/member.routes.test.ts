import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(name: string, filename: string, type: string, content: Buffer) {
  const boundary = '----jinbtest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases)('a member’s own account on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('updates real name and nickname, and the change shows at once', async () => {
    const { token } = await sut.register();
    const response = await sut.post(
      '/api/findmed/v1/member/update',
      { realName: '张三', nickname: '小张' },
      { t: token },
    );
    expect(response.json()).toMatchObject({ status: true, data: { realName: '张三', nickname: '小张' } });
    expect((await sut.get('/api/findmed/v1/member/token', { t: token })).json().data).toMatchObject({
      realName: '张三',
      nickname: '小张',
    });
  });

  it('refuses an empty update and a name that is too short', async () => {
    const { token } = await sut.register();
    expect((await sut.post('/api/findmed/v1/member/update', {}, { t: token })).json().code).toBe('BAD_REQUEST');
    expect((await sut.post('/api/findmed/v1/member/update', { realName: '张' }, { t: token })).json()).toMatchObject({
      status: false,
      code: 'NAME_FORMAT',
      data: '请输入2-30位真实姓名',
    });
  });

  it('never lets one member reach another member’s data, whatever ids the body carries', async () => {
    const alice = await sut.register();
    const bob = await sut.register();
    const bobId = (await sut.get('/api/findmed/v1/member/token', { t: bob.token })).json().data.id;
    const response = await sut.post(
      '/api/findmed/v1/member/update',
      { nickname: 'hacked', id: bobId, memberId: bobId },
      { t: alice.token },
    );
    expect(response.json().data.account).toBe(alice.account);
    const bobInfo = (await sut.get(`/api/findmed/v1/member/token?id=${bobId}`, { t: bob.token })).json().data;
    expect(bobInfo.nickname).toBe('');
    const aliceView = (await sut.get(`/api/findmed/v1/member/token?id=${bobId}`, { t: alice.token })).json().data;
    expect(aliceView.account).toBe(alice.account);
  });

  it('binds a new phone with an SMS code of type bind and refuses a phone another member uses', async () => {
    const { token, password } = await sut.register();
    const other = await sut.register();
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    const taken = await sut.post(
      '/api/service/sms',
      { phone: other.phone, area: '86', type: 'bind', code: DEMO_CAPTCHA },
      { device_no: device, t: token },
    );
    expect(taken.json().code).toBe('PHONE_TAKEN');

    const phone = sut.newPhone();
    await sut.fetchCaptcha(device);
    expect(
      (
        await sut.post(
          '/api/service/sms',
          { phone, area: '86', type: 'bind', code: DEMO_CAPTCHA },
          { device_no: device, t: token },
        )
      ).json().status,
    ).toBe(true);
    const smsCode = await sut.latestCode(`+86${phone}`);
    await sut.stepUp({ token, password });
    const bound = await sut.post('/api/findmed/v1/member/bindPhone', { area: '86', phone, smsCode }, { t: token });
    expect(bound.json().data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  });

  it('binds an e-mail address with a code sent there', async () => {
    const { token } = await sut.register();
    await sut.stepUp({ token });
    const email = `m${Date.now()}@example.com`;
    expect((await sut.post('/api/service/email', { email }, { t: token })).json()).toEqual({
      status: true,
      data: { cooldown: 60 },
    });
    const code = await sut.latestCode(email);
    expect(
      (
        await sut.post(
          '/api/findmed/v1/member/bindEmail',
          { email, code: code === '000000' ? '111111' : '000000' },
          { t: token },
        )
      ).json().code,
    ).toBe('CODE_WRONG');
    const bound = await sut.post('/api/findmed/v1/member/bindEmail', { email, code }, { t: token });
    expect(bound.json().data.email).toMatch(/^m1\*\*\*@example\.com$/);
    expect((await sut.post('/api/service/email', { email: 'not-an-email' }, { t: token })).json().code).toBe(
      'EMAIL_FORMAT',
    );
  });

  it('counts unread messages and answers the heartbeat', async () => {
    const { token } = await sut.register();
    expect((await sut.get('/api/findmed/v1/member/message/num', { t: token })).json()).toEqual({
      status: true,
      data: { count: 0 },
    });
    const beat = await sut.post('/api/findmed/v1/heartbeat', { gameid: '1001', platform: 'house' }, { t: token });
    expect(beat.json()).toEqual({ status: true, data: { online: true, gameid: '1001', platform: 'house' } });
  });

  it('reports the withdraw-password config: enabled and not yet set', async () => {
    const { token } = await sut.register();
    expect((await sut.get('/api/f/v1/withdraw/password/config', { t: token })).json()).toEqual({
      status: true,
      data: { d: true, p: false },
    });
  });

  it('accepts a real image upload and serves it back', async () => {
    const { token } = await sut.register();
    const body = multipart('file', 'me.png', 'image/png', PNG_1X1);
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: body.payload,
      headers: { ...body.headers, t: token },
    });
    expect(response.json().status).toBe(true);
    const url = response.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await sut.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    const profile = await sut.post('/api/findmed/v1/member/update', { avatar: url }, { t: token });
    expect(profile.json().data.avatar).toBe(url);
  });

  it('refuses a non-image named .png, an oversized file and anonymous uploads', async () => {
    const { token } = await sut.register();
    const script = multipart('file', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const fake = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: script.payload,
      headers: { ...script.headers, t: token },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('UNSUPPORTED_FILE');

    const big = multipart(
      'file',
      'big.png',
      'image/png',
      Buffer.concat([PNG_1X1, Buffer.alloc(sut.config.uploadMaxBytes + 10)]),
    );
    const oversized = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: big.payload,
      headers: { ...big.headers, t: token },
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().code).toBe('PAYLOAD_TOO_LARGE');

    const png = multipart('file', 'me.png', 'image/png', PNG_1X1);
    const anonymous = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: png.payload,
      headers: png.headers,
    });
    expect(anonymous.json()).toEqual({ status: false, data: 'token', code: 'SESSION_EXPIRED' });
  });

  it('refuses an avatar that is not one of our uploads', async () => {
    const { token } = await sut.register();
    const response = await sut.post(
      '/api/findmed/v1/member/update',
      { avatar: 'https://evil.example/x.png' },
      { t: token },
    );
    expect(response.json().status).toBe(false);
  });
});

import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';
import { RESEND_COOLDOWN } from './verification.service';

/** What a prober can compare between two answers: status, body and machine code. */
function seen(response: InjectResponse) {
  return { status: response.statusCode, body: response.json() };
}

describe.each(testDatabases)('answers that do not reveal who is a member on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function memberWithEmail(): Promise<{ email: string }> {
    const owner = await sut.register();
    const email = `${sut.newAccount()}@example.com`;
    await sut.post('/api/service/email', { email }, { t: owner.token });
    const code = await sut.latestCode(email);
    await sut.stepUp(owner);
    const bound = await sut.post('/api/findmed/v1/member/bindEmail', { email, code }, { t: owner.token });
    expect(bound.json().status).toBe(true);
    // The owner's own request started the per-address cooldown; a prober comes later than that.
    await sut.container.limits.reset(RESEND_COOLDOWN, `email:${email}`);
    return { email };
  }

  async function smsRegisterCode(phone: string): Promise<InjectResponse> {
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    return sut.post(
      '/api/service/sms',
      { phone, area: '86', type: 'register', code: DEMO_CAPTCHA },
      { device_no: device },
    );
  }

  it('answers an e-mail code request the same for a taken and a free address, and sends no code to the taken one', async () => {
    const { email: taken } = await memberWithEmail();
    const prober = await sut.register();
    const free = `${sut.newAccount()}@example.com`;
    const forTaken = await sut.post('/api/service/email', { email: taken }, { t: prober.token });
    const forFree = await sut.post('/api/service/email', { email: free }, { t: prober.token });
    expect(seen(forTaken)).toEqual(seen(forFree));
    expect(forTaken.json().status).toBe(true);
    const outbox = (await sut.get(`/api/dev/outbox?to=${encodeURIComponent(taken)}`)).json().data as {
      code: string;
    }[];
    expect(outbox[0]?.code).toBeFalsy();
    await sut.stepUp(prober);
    const bind = await sut.post(
      '/api/findmed/v1/member/bindEmail',
      { email: taken, code: '123456' },
      { t: prober.token },
    );
    expect(bind.json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
  });

  it('limits e-mail code requests before answering, taken or free', async () => {
    const { email: taken } = await memberWithEmail();
    const prober = await sut.register();
    const free = `${sut.newAccount()}@example.com`;
    await sut.post('/api/service/email', { email: taken }, { t: prober.token });
    await sut.post('/api/service/email', { email: free }, { t: prober.token });
    const againTaken = await sut.post('/api/service/email', { email: taken }, { t: prober.token });
    const againFree = await sut.post('/api/service/email', { email: free }, { t: prober.token });
    expect(againTaken.json().code).toBe('CODE_TOO_OFTEN');
    expect(seen(againTaken)).toEqual(seen(againFree));
  });

  it('answers a register SMS request the same for a taken and a free phone; the owner gets a notice, not a code', async () => {
    const owner = await sut.register();
    await sut.clearSmsCooldown(owner.phone);
    const forTaken = await smsRegisterCode(owner.phone);
    const forFree = await smsRegisterCode(sut.newPhone());
    expect(seen(forTaken)).toEqual(seen(forFree));
    expect(forTaken.json().status).toBe(true);
    const outbox = (await sut.get(`/api/dev/outbox?to=${encodeURIComponent(`+86${owner.phone}`)}`)).json().data as {
      code: string;
      text: string;
    }[];
    expect(outbox[0]?.code).toBeFalsy();
    expect(outbox[0]?.text).toContain('有人尝试用您的手机号码注册');
  });

  it('says CODE_WRONG, not ACCOUNT_TAKEN or PHONE_TAKEN, to a registration with a wrong code', async () => {
    const owner = await sut.register();
    const phone = sut.newPhone();
    await smsRegisterCode(phone);
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    const takenAccount = await sut.post(
      '/api/f/v1/member/register',
      {
        account: owner.account,
        password: sut.encrypt('secret123'),
        code: DEMO_CAPTCHA,
        area: '86',
        phone,
        smsCode: '000000',
      },
      { device_no: device },
    );
    expect(takenAccount.json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
    await sut.fetchCaptcha(device);
    const takenPhone = await sut.post(
      '/api/f/v1/member/register',
      {
        account: sut.newAccount(),
        password: sut.encrypt('secret123'),
        code: DEMO_CAPTCHA,
        area: '86',
        phone: owner.phone,
        smsCode: '000000',
      },
      { device_no: device },
    );
    expect(takenPhone.json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
  });
});

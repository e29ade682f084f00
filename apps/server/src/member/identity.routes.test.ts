import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

describe.each(testDatabases)('identity changes need proof on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const unread = async (t: string) => (await sut.get('/api/findmed/v1/member/message/num', { t })).json().data.count;
  const info = async (t: string) => (await sut.get('/api/findmed/v1/member/token', { t })).json().data;

  async function sendCode(t: string, phone: string, type: 'bind' | 'unbind') {
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    const sent = await sut.post(
      '/api/service/sms',
      { phone, area: '86', type, code: DEMO_CAPTCHA },
      { device_no: device, t },
    );
    return sent.json();
  }

  it('lets the member set the real name once, so a card cannot be bound after renaming', async () => {
    const member = await walletMember(sut, { card: false });
    const first = await sut.post('/api/findmed/v1/member/update', { realName: '张三' }, member.headers);
    expect(first.json()).toMatchObject({ status: true, data: { realName: '张三' } });
    expect(await unread(member.token)).toBe(1);

    const rename = await sut.post('/api/findmed/v1/member/update', { realName: '李四' }, member.headers);
    expect(rename.json()).toEqual({
      status: false,
      data: '真实姓名已设置，如需修改请联系客服',
      code: 'REAL_NAME_LOCKED',
    });
    const renameHk = await sut.post(
      '/api/findmed/v1/member/update',
      { realName: '李四' },
      { ...member.headers, lang: 'zh-HK' },
    );
    expect(renameHk.json().data).toBe('真實姓名已設置，如需修改請聯繫客服');
    const nickname = await sut.post('/api/findmed/v1/member/update', { nickname: '小张' }, member.headers);
    expect(nickname.json()).toMatchObject({ status: true, data: { realName: '张三', nickname: '小张' } });

    const card = await sut.post(
      '/api/f/v1/cards',
      { kind: 'alipay', holderName: '李四', accountNo: '13800138000', password: sut.encrypt('123456') },
      member.headers,
    );
    expect(card.json().code).toBe('HOLDER_NAME_MISMATCH');
    expect((await info(member.token)).realName).toBe('张三');
  });

  it('lets an operator correct a real name, audited, with a notice to the member', async () => {
    const member = await walletMember(sut, { card: false });
    await sut.post('/api/findmed/v1/member/update', { realName: '张三' }, member.headers);
    const corrected = await desk.post(`/api/admin/v1/members/${member.id}/real-name`, {
      realName: '张山',
      reason: '会员提供身份证，原姓名录入错误',
    });
    expect(corrected.json()).toMatchObject({ status: true, data: { realName: '张山' } });
    expect((await info(member.token)).realName).toBe('张山');
    expect(await unread(member.token)).toBe(2);
    const audit = await sut.container.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${member.id}`));
    expect(audit.map((row) => [row.action, row.detail])).toContainEqual([
      'member.real-name',
      { from: '张三', to: '张山', reason: '会员提供身份证，原姓名录入错误' },
    ]);
    const anonymous = await sut.post(`/api/admin/v1/members/${member.id}/real-name`, {
      realName: '王五',
      reason: '没有登录',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await info(member.token)).realName).toBe('张山');
  });

  it('refuses to move a bound phone without a step-up, and leaves the new phone’s code usable', async () => {
    const member = await sut.register();
    const phone = sut.newPhone();
    expect((await sendCode(member.token, phone, 'bind')).status).toBe(true);
    const smsCode = await sut.latestCode(`+86${phone}`);
    const move = () =>
      sut.post('/api/findmed/v1/member/bindPhone', { area: '86', phone, smsCode }, { t: member.token });
    const refused = await move();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false, code: 'STEP_UP_REQUIRED' });
    expect((await info(member.token)).phone).toBe(`${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`);
    await sut.stepUp(member);
    expect((await move()).json()).toMatchObject({ status: true });
  });

  it('moves the phone after a step-up by a code sent to the old phone, and tells both the inbox and the old phone', async () => {
    const member = await sut.register();
    // The registration's code to this phone started its one-a-minute cooldown.
    await sut.clearSmsCooldown(member.phone);
    expect((await sut.post('/api/f/v1/member/step-up/sms', {}, { t: member.token })).json().status).toBe(true);
    const oldSmsCode = await sut.latestCode(`+86${member.phone}`);
    const steppedUp = await sut.post(
      '/api/f/v1/member/step-up',
      { method: 'sms', smsCode: oldSmsCode },
      { t: member.token },
    );
    expect(steppedUp.json().status).toBe(true);
    const phone = sut.newPhone();
    await sendCode(member.token, phone, 'bind');
    const smsCode = await sut.latestCode(`+86${phone}`);

    const moved = await sut.post(
      '/api/findmed/v1/member/bindPhone',
      { area: '86', phone, smsCode },
      { t: member.token },
    );
    expect(moved.json()).toMatchObject({ status: true, data: { phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` } });
    expect(await unread(member.token)).toBe(1);
    const oldPhoneInbox = (
      await sut.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(`+86${member.phone}`)}` })
    ).json().data;
    expect(oldPhoneInbox[0]).toMatchObject({ purpose: 'phone-changed', code: '' });
    expect(oldPhoneInbox[0].text).toContain('更换绑定手机号');
  });

  it('moves the phone after a step-up by the login password, and a wrong one grants nothing', async () => {
    const member = await sut.register();
    const phone = sut.newPhone();
    await sendCode(member.token, phone, 'bind');
    const smsCode = await sut.latestCode(`+86${phone}`);
    const wrong = await sut.post(
      '/api/f/v1/member/step-up',
      { method: 'password', password: sut.encrypt('wrong12345') },
      { t: member.token },
    );
    expect(wrong.json()).toMatchObject({ status: false, code: 'PASSWORD_WRONG' });
    const move = () =>
      sut.post('/api/findmed/v1/member/bindPhone', { area: '86', phone, smsCode }, { t: member.token });
    expect((await move()).json().code).toBe('STEP_UP_REQUIRED');
    await sut.stepUp(member);
    expect((await move()).json().status).toBe(true);
    expect((await info(member.token)).phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(await unread(member.token)).toBe(1);
  });
});

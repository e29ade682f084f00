import { paths } from '@jinb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';
import { walletMember } from '../test/wallet-fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const STEP_UP_REFUSED = { status: false, code: 'STEP_UP_REQUIRED' };
const MINUTE = 60_000;

describe.each(testDatabases)('sign-in history and step-up checks on %s', (kind) => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signs in as the site does, from `address` with a browser's user agent; answers the new session's token. */
  async function signIn(
    account: string,
    password: string,
    options: { device?: string; address?: string; userAgent?: string } = {},
  ): Promise<string> {
    const device = options.device ?? sut.newDevice();
    const remoteAddress = options.address ?? '127.0.0.1';
    await sut.app.inject({ method: 'GET', url: paths.captcha, headers: { device_no: device }, remoteAddress });
    const response = await sut.app.inject({
      method: 'POST',
      url: paths.login,
      payload: new URLSearchParams({ account, password: sut.encrypt(password), code: DEMO_CAPTCHA }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        device_no: device,
        'user-agent': options.userAgent ?? IPHONE,
      },
      remoteAddress,
    });
    expect(response.json(), response.body).toMatchObject({ status: true });
    return response.json().data.token as string;
  }

  const history = async (t: string, headers: Record<string, string> = {}) =>
    (await sut.get(paths.loginHistory, { t, ...headers })).json();
  const stepUp = (t: string, password: string, device?: string) =>
    sut.post(
      paths.stepUp,
      { method: 'password', password: sut.encrypt(password) },
      { t, ...(device && { device_no: device }) },
    );

  /** The four guarded changes, each as a fresh attempt by `who` (the codes they need are sent first). */
  function guarded(who: { token: string }) {
    const t = who.token;
    const headers = { t };
    return {
      async phone() {
        const phone = sut.newPhone();
        const device = sut.newDevice();
        await sut.fetchCaptcha(device);
        const sent = await sut.post(
          '/api/service/sms',
          { phone, area: '86', type: 'bind', code: DEMO_CAPTCHA },
          { device_no: device, t },
        );
        expect(sent.json()).toMatchObject({ status: true });
        const smsCode = await sut.latestCode(`+86${phone}`);
        return sut.post(paths.bindPhone, { area: '86', phone, smsCode }, headers);
      },
      async email() {
        const email = `${sut.newAccount()}@example.com`;
        expect((await sut.post(paths.emailCode, { email }, headers)).json()).toMatchObject({ status: true });
        const code = await sut.latestCode(email);
        return sut.post(paths.bindEmail, { email, code }, headers);
      },
      card(kind: 'bank' | 'alipay' | 'usdt') {
        const body: Record<string, string> =
          kind === 'bank'
            ? { kind, bankCode: 'CMB', holderName: '王五', accountNo: `62258800${String(Date.now()).slice(-8)}` }
            : kind === 'alipay'
              ? { kind, holderName: '王五', accountNo: `${sut.newAccount()}@example.com` }
              : { kind, network: 'ERC20', accountNo: '0x52908400098527886E0F7030069857D2E4169EE7' };
        return sut.post(paths.bindCard, { ...body, password: sut.encrypt('123456') }, headers);
      },
      withdrawPassword() {
        return sut.post(
          paths.withdrawPassword,
          { password: sut.encrypt('654321'), oldPassword: sut.encrypt('123456') },
          headers,
        );
      },
    };
  }

  describe('the sign-in history', () => {
    it('lists each sign-in with its device, masked address and area, and marks the session asking', async () => {
      const member = await sut.register();
      const phone = await signIn(member.account, member.password, { address: '113.87.12.34', userAgent: IPHONE });
      const android = await signIn(member.account, member.password, { address: '8.8.8.8', userAgent: ANDROID });

      const seen = await history(phone);
      expect(seen).toMatchObject({ status: true, data: { total: 3, page: 1, size: 30 } });
      const [last, first, registered] = seen.data.list;
      expect(last).toMatchObject({
        device: 'Android · Chrome',
        deviceKind: 'phone',
        ip: '8.8.*.*',
        area: '美国',
        current: false,
      });
      expect(first).toMatchObject({
        device: 'iPhone · Safari',
        deviceKind: 'phone',
        ip: '113.87.*.*',
        area: '广东省深圳市',
        current: true,
      });
      // The registration is the first sign-in: from the test's private address, with no browser.
      expect(registered).toMatchObject({ area: '本地网络', device: '未知设备', deviceKind: 'unknown', current: false });
      expect(registered.ip).toMatch(/^10\.\d+\.\*\.\*$/);
      expect(Date.parse(last.at)).toBeGreaterThanOrEqual(Date.parse(first.at));

      expect((await history(android)).data.list.map((row: { current: boolean }) => row.current)).toEqual([
        true,
        false,
        false,
      ]);
      const hk = (await history(phone, { lang: 'zh-HK' })).data.list;
      expect(hk[0].area).toBe('美國');
      expect(hk[2]).toMatchObject({ area: '本地網絡', device: '未知設備' });
      expect(JSON.stringify(seen)).not.toContain('113.87.12.34');
    });

    it('shows a member only their own sign-ins, a page at a time, and nobody’s without a session', async () => {
      const alice = await sut.register();
      const mallory = await sut.register();
      for (let i = 0; i < 2; i++) await signIn(alice.account, alice.password);
      expect((await history(mallory.token)).data.total).toBe(1);
      const page = await sut.get(`${paths.loginHistory}?page=2&size=2`, { t: alice.token });
      expect(page.json().data).toMatchObject({ total: 3, page: 2, size: 2 });
      expect(page.json().data.list).toHaveLength(1);
      expect((await sut.get(`${paths.loginHistory}?size=31`, { t: alice.token })).statusCode).toBe(400);
      expect((await sut.get(paths.loginHistory)).statusCode).toBe(401);
    });

    it('writes one inbox message for a sign-in from a new device, none for a device already used', async () => {
      const member = await sut.register();
      const unread = async () => (await sut.get(paths.messageNum, { t: member.token })).json().data.count;
      expect(await unread()).toBe(0);
      const device = sut.newDevice();
      await signIn(member.account, member.password, { device });
      expect(await unread()).toBe(1);
      await signIn(member.account, member.password, { device });
      await signIn(member.account, member.password, { device: member.device });
      expect(await unread()).toBe(1);
      expect((await history(member.token)).data.total).toBe(4);
    });
  });

  describe('the step-up', () => {
    it('refuses each guarded change without it, allows it after, and refuses again after 5 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const member = await walletMember(sut, { card: false });
      // walletMember stepped up to set the withdraw password: that grant ends first.
      vi.setSystemTime(Date.now() + 5 * MINUTE + 1_000);
      const act = guarded(member);
      const attempts = [
        act.phone,
        act.email,
        () => act.card('bank'),
        () => act.card('alipay'),
        () => act.card('usdt'),
        act.withdrawPassword,
      ];
      for (const attempt of attempts) {
        const refused = await attempt();
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject(STEP_UP_REFUSED);
      }

      const granted = await stepUp(member.token, member.password);
      expect(granted.json()).toMatchObject({ status: true });
      expect(Date.parse(granted.json().data.until) - Date.now()).toBe(5 * MINUTE);
      vi.setSystemTime(Date.now() + 4 * MINUTE);
      for (const attempt of attempts) expect((await attempt()).json(), attempt.name).toMatchObject({ status: true });

      vi.setSystemTime(Date.now() + MINUTE);
      const cards = (await sut.get(paths.cards, member.headers)).json().data;
      for (const attempt of attempts) expect((await attempt()).json()).toMatchObject(STEP_UP_REFUSED);
      expect((await sut.get(paths.cards, member.headers)).json().data).toEqual(cards);
    });

    it('covers only the session that stepped up, and holds across its token rotation', async () => {
      const member = await walletMember(sut, { card: false });
      const other = await signIn(member.account, member.password);
      expect((await guarded({ token: other }).card('bank')).json()).toMatchObject(STEP_UP_REFUSED);
      expect((await guarded(member).card('bank')).json()).toMatchObject({ status: true });

      // The session's token rotates every 15 minutes: the grant is the session's, not the token's.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + sut.config.session.rotateMs - MINUTE });
      expect((await stepUp(other, member.password)).json()).toMatchObject({ status: true });
      vi.setSystemTime(Date.now() + 2 * MINUTE);
      const rotated = (await sut.get(paths.token, { t: other })).headers.id;
      expect(typeof rotated).toBe('string');
      expect((await guarded({ token: rotated as string }).card('alipay')).json()).toMatchObject({ status: true });
    });

    it('counts a wrong password toward the sign-in’s own limit and lock', async () => {
      const member = await sut.register();
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await stepUp(member.token, 'wrong1234', member.device);
        expect(wrong.json()).toMatchObject({ status: false, code: 'PASSWORD_WRONG' });
      }
      expect((await stepUp(member.token, member.password, member.device)).json()).toMatchObject({
        status: false,
        code: 'LOGIN_LOCKED',
      });
      // The same account from the same address is locked at sign-in too.
      const login = await sut.login(member.account, member.password, member.device);
      expect(login.json()).toMatchObject({ status: false, code: 'LOGIN_LOCKED' });
      expect((await guarded(member).card('bank')).json()).toMatchObject(STEP_UP_REFUSED);
    });

    it('lets parallel wrong passwords reach the password check no more often than the limit', async () => {
      const member = await sut.register();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => stepUp(member.token, 'wrong1234', member.device)),
      );
      const codes = answers.map((answer) => answer.json().code as string);
      expect(codes.filter((code) => code === 'PASSWORD_WRONG').length).toBeLessThanOrEqual(5);
      expect(codes.filter((code) => code !== 'PASSWORD_WRONG').every((code) => code === 'LOGIN_LOCKED')).toBe(true);
      expect((await stepUp(member.token, member.password, member.device)).json().code).toBe('LOGIN_LOCKED');
    });

    it('takes an SMS code sent to the bound phone, under the codes’ attempt limit', async () => {
      const member = await walletMember(sut, { card: false });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * MINUTE + 1_000 });
      // The registration's code to this phone started its one-a-minute cooldown.
      await sut.clearSmsCooldown(member.phone);
      expect((await sut.post(paths.stepUpSms, {}, member.headers)).json()).toMatchObject({
        status: true,
        data: { cooldown: 60 },
      });
      const code = await sut.latestCode(`+86${member.phone}`);
      const wrong = code === '000000' ? '111111' : '000000';
      const bySms = (smsCode: string) => sut.post(paths.stepUp, { method: 'sms', smsCode }, member.headers);
      expect((await bySms(wrong)).json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
      expect((await bySms(code)).json()).toMatchObject({ status: true });
      expect((await guarded(member).card('usdt')).json()).toMatchObject({ status: true });
      // A code works once.
      expect((await bySms(code)).json()).toMatchObject({ status: false, code: 'CODE_WRONG' });

      await sut.clearSmsCooldown(member.phone);
      await sut.post(paths.stepUpSms, {}, member.headers);
      const next = await sut.latestCode(`+86${member.phone}`);
      const guesses = await Promise.all(
        Array.from({ length: 8 }, () => bySms(next === '000000' ? '111111' : '000000')),
      );
      expect(guesses.every((guess) => guess.json().code === 'CODE_WRONG')).toBe(true);
      // The code's five attempts are spent: even the right one no longer counts.
      expect((await bySms(next)).json()).toMatchObject({ status: false, code: 'CODE_WRONG' });
    });

    it('refuses malformed bodies and callers without a session', async () => {
      const member = await sut.register();
      const malformed = [{ method: 'magic' }, { method: 'password' }, { method: 'sms', smsCode: '12' }, {}];
      for (const body of malformed) {
        const answer = await sut.post(paths.stepUp, body as Record<string, string>, { t: member.token });
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json().status).toBe(false);
      }
      expect((await stepUp('not-a-token', member.password)).statusCode).toBe(401);
      expect((await sut.post(paths.stepUpSms, {})).statusCode).toBe(401);
      // An undecryptable password is a wrong one.
      const garbage = await sut.post(paths.stepUp, { method: 'password', password: 'AAAA' }, { t: member.token });
      expect(garbage.json()).toMatchObject({ status: false, code: 'PASSWORD_WRONG' });
    });
  });
});

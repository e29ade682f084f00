import { randomBytes } from 'node:crypto';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

const HOME = '/api/findmed/v1/home/content';
const BALANCE = '/api/findmed/v1/member/balance';
const TOO_MANY = { status: false, data: '操作过于频繁，请稍后再试', code: 'TOO_MANY_REQUESTS' };

function newAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

function statuses(responses: InjectResponse[]): Record<number, number> {
  const counted: Record<number, number> = {};
  for (const response of responses) counted[response.statusCode] = (counted[response.statusCode] ?? 0) + 1;
  return counted;
}

describe.each(testDatabases)('the per-client read limit on %s', (kind) => {
  let sut: TestApp;
  const read = (url: string, from: string, headers: Record<string, string> = {}) =>
    sut.app.inject({ method: 'GET', url, headers, remoteAddress: from });

  beforeAll(async () => {
    // Small limits, so a test floods in a few dozen requests.
    sut = await createTestApp(kind, {
      env: { READ_LIMIT_MEMBER: '20', READ_LIMIT_IP: '30', READ_LIMIT_WINDOW_S: '10' },
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it("refuses a visitor's flood with 429, Retry-After and the message in its language; other clients read on", async () => {
    const flooder = newAddress();
    const { token } = await sut.register();
    const flood = await Promise.all(Array.from({ length: 45 }, () => read(HOME, flooder, { lang: 'zh-HK' })));
    const refused = flood.find((response) => response.statusCode === 429);
    const otherVisitor = await read(HOME, newAddress());
    // A member is counted by member id, even from the flooding address.
    const member = await read(BALANCE, flooder, { t: token });

    expect(statuses(flood)).toEqual({ 200: 30, 429: 15 });
    expect(refused?.json()).toEqual({ ...TOO_MANY, data: '操作過於頻繁，請稍後再試' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(otherVisitor.statusCode).toBe(200);
    expect(member.statusCode).toBe(200);
  });

  it('counts a member across addresses and sessions, and leaves other members alone', async () => {
    const { token, account, password } = await sut.register();
    const second = (await sut.login(account, password)).json().data.token as string;
    const other = await sut.register();
    const first = newAddress();
    const elsewhere = newAddress();
    const answers = [
      ...(await Promise.all(Array.from({ length: 15 }, () => read(BALANCE, first, { t: token })))),
      ...(await Promise.all(Array.from({ length: 15 }, () => read(HOME, elsewhere, { t: second })))),
    ];
    const otherMember = await read(BALANCE, first, { t: other.token });
    const visitorThere = await read(HOME, elsewhere);

    expect(statuses(answers)).toEqual({ 200: 20, 429: 10 });
    expect(answers.find((response) => response.statusCode === 429)?.json()).toEqual(TOO_MANY);
    expect(otherMember.statusCode).toBe(200);
    expect(visitorThere.statusCode).toBe(200);
  });

  it('lets a token nobody holds cost a session lookup only while its address is within the limit', async () => {
    const address = newAddress();
    const member = await sut.register();
    expect((await read(BALANCE, newAddress(), { t: member.token })).statusCode).toBe(200);
    const lookups = vi.spyOn(sut.container.sessions, 'authenticate');
    try {
      const answers: InjectResponse[] = [];
      for (let index = 0; index < 40; index++) {
        answers.push(await read(BALANCE, address, { t: randomBytes(24).toString('hex') }));
      }
      // Every made-up token was charged to the address: 30 looked up and refused as a session, then 429 at once.
      expect(statuses(answers)).toEqual({ 401: 30, 429: 10 });
      expect(lookups).toHaveBeenCalledTimes(30);
      // Those were the address's reads as well; a member this process knows reads on from there, by member id.
      expect((await read(HOME, address)).statusCode).toBe(429);
      expect((await read(BALANCE, address, { t: member.token })).statusCode).toBe(200);
    } finally {
      lookups.mockRestore();
    }
  });

  it('looks the session up once per request when the limit had to resolve it', async () => {
    // A fresh token: no process has validated it yet, so the limit looks it up and the route takes it from there.
    const { token } = await sut.register();
    const lookups = vi.spyOn(sut.container.sessions, 'authenticate');
    try {
      const answer = await read(BALANCE, newAddress(), { t: token });
      expect(answer.statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe.each(testDatabases)('the default read limits on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  /**
   * The busiest ten seconds measured on the built site (2026-11-25, Playwright on a Pixel 7 profile): a member
   * reloading a page every 1.2 s, eight pages one after the other, each cold load asking for the session, the
   * balance, the unread count and the analytics setting besides the page's own data. Sent here within a second.
   */
  const MEMBER_BUSIEST_TEN_SECONDS = [
    ...['/api/findmed/v1/home/content', '/api/findmed/v1/md', '/api/findmed/v1/game/list?show=1'],
    ...Array.from({ length: 8 }, () => [
      '/api/findmed/v1/member/message/num',
      '/api/findmed/v1/member/token',
      '/api/findmed/v1/member/balance',
      '/api/findmed/v1/md',
    ]).flat(),
    ...['/api/f/v1/member/preInfo', '/api/f/v1/wallet/records', '/api/game/walletlist'],
    '/api/f/v1/wallet/deposit/channels',
    ...['/api/f/v1/wallet/withdrawals', '/api/f/v1/member/preInfo', '/api/f/v1/wallet/withdraw/info'],
    ...['/api/f/v1/cards', '/api/f/v1/member/preInfo', '/api/f/v1/sports/bets', '/api/f/v1/sports/config'],
    ...['/api/f/v1/member/preInfo', '/api/f/v1/sports/menu', '/api/f/v1/sports/events?sport=football'],
    ...['/api/findmed/v1/home/content', '/api/findmed/v1/md', '/api/findmed/v1/game/list?show=1'],
  ];

  it("lets the site's busiest measured ten seconds through within one second, with as much again to spare", async () => {
    const { token, device } = await sut.register();
    const answers: InjectResponse[] = [];
    for (const url of MEMBER_BUSIEST_TEN_SECONDS) answers.push(await sut.get(url, { t: token, device_no: device }));
    // The same member on a second phone in the same ten seconds, nearly as busy: still within the limit.
    const secondPhone = sut.newDevice();
    for (const url of MEMBER_BUSIEST_TEN_SECONDS.slice(0, 45)) {
      answers.push(await sut.get(url, { t: token, device_no: secondPhone }));
    }
    expect(MEMBER_BUSIEST_TEN_SECONDS.length).toBeGreaterThanOrEqual(50);
    expect(answers.filter((answer) => answer.statusCode === 429)).toEqual([]);
  });

  it('lets ten visitors behind one address open the home page and the sports page and switch its tabs', async () => {
    const visit = [
      '/api/findmed/v1/md',
      '/api/findmed/v1/home/content',
      '/api/findmed/v1/game/list?show=1',
      '/api/f/v1/member/preInfo',
      '/api/f/v1/sports/menu',
      ...['live', 'today', 'early'].map((status) => `/api/f/v1/sports/events?sport=football&status=${status}`),
      ...['basketball', 'tennis'].map((sport) => `/api/f/v1/sports/events?sport=${sport}&status=today`),
    ];
    const shared = newAddress();
    const answers: InjectResponse[] = [];
    for (let visitor = 0; visitor < 10; visitor++) {
      for (const url of visit) answers.push(await sut.app.inject({ method: 'GET', url, remoteAddress: shared }));
    }
    expect(answers.filter((answer) => answer.statusCode === 429)).toEqual([]);
  });
});

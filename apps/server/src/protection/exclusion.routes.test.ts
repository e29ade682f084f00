import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { formatDateTime, paths, SESSION_EXPIRED_BODY } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContainer } from '../container';
import { openDatabase } from '../db/database';
import { resultRows } from '../db/result-rows';
import { openSocket } from '../realtime/test-socket';
import { createLimits } from '../shared/limits';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../test/wallet-fixtures';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const redisUrl = process.env.REDIS_URL;

describe.each(testDatabases)('time-outs and self-exclusion on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  /** How far the test has moved the protection rules' clock ahead of the real one. */
  let ahead = 0;

  beforeAll(async () => {
    // With Redis the sessions' bus runs through it, as between real processes (the second-process test needs it).
    sut = await createTestApp(kind, {
      clock: () => new Date(Date.now() + ahead),
      env: redisUrl ? { REDIS_URL: redisUrl } : {},
    });
    desk = await operator(sut);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  /** A member with a bound card, the withdraw password 123456 and `credit` on main; and a second signed-in device. */
  async function fundedMember(credit = '200') {
    const member = await walletMember(sut);
    if (credit !== '0') await desk.credit(member.id, credit);
    const other = (await sut.login(member.account, member.password)).json().data.token as string;
    return { ...member, otherToken: other };
  }

  const exclude = (token: string, body: Record<string, string>, password = 'secret123') =>
    sut.post(paths.memberExclusion, { ...body, password: sut.encrypt(password) }, { t: token });

  it('checks the sign-in password and the period before anything happens', async () => {
    const member = await fundedMember('0');
    const wrong = await exclude(member.token, { kind: 'self', days: '182' }, 'not-my-password');
    expect(wrong.json()).toMatchObject({ status: false, code: 'PASSWORD_WRONG' });
    for (const body of [
      { kind: 'self', days: '100' },
      { kind: 'timeout', days: '0' },
      { kind: 'timeout', days: '43' },
      { kind: 'forever', days: '1' },
    ]) {
      const refused = await exclude(member.token, body);
      expect(refused.json(), JSON.stringify(body)).toMatchObject({ status: false, code: 'EXCLUSION_INVALID' });
    }
    // Still signed in and free to play: nothing was written.
    expect((await sut.get(paths.balance, member.headers)).json().status).toBe(true);
    expect((await sut.login(member.account, member.password)).json().status).toBe(true);
  });

  it('takes six months however a client counts them, and refuses less', async () => {
    for (const days of ['180', '183']) {
      const member = await fundedMember('0');
      const taken = await exclude(member.token, { kind: 'self', days });
      expect(taken.json(), days).toMatchObject({ status: true, data: { kind: 'self' } });
    }
    const member = await fundedMember('0');
    expect((await exclude(member.token, { kind: 'self', days: '179' })).json()).toMatchObject({
      code: 'EXCLUSION_INVALID',
    });
  });

  it('self-exclusion ends every session, and sign-in answers SELF_EXCLUDED with the end and a withdrawal-only session', async () => {
    ahead = 0;
    const member = await fundedMember('200');
    const taken = await exclude(member.token, { kind: 'self', days: '182' });
    expect(taken.statusCode).toBe(200);
    const view = taken.json().data;
    expect(view.kind).toBe('self');
    expect(Math.abs(Date.parse(view.until) - (Date.now() + 182 * DAY))).toBeLessThan(60_000);

    // Both devices are signed out, with the body that sends the site to the sign-in page.
    for (const t of [member.token, member.otherToken]) {
      const old = await sut.get(paths.balance, { t });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual(SESSION_EXPIRED_BODY);
    }

    // A wrong password learns nothing about the exclusion.
    expect((await sut.login(member.account, 'wrong-password')).json().code).toBe('LOGIN_WRONG');

    const refused = await sut.login(member.account, member.password);
    expect(refused.statusCode).toBe(403);
    const body = refused.json();
    expect(body.status).toBe(false);
    expect(body.code).toBe('SELF_EXCLUDED');
    expect(body.data).toContain(formatDateTime(new Date(view.until), sut.config.timeZone).slice(0, 16));
    expect(body.detail).toMatchObject({ kind: 'self', until: view.until });
    expect(refused.headers.id).toBeUndefined();
    const { token, expiresAt } = body.detail.withdrawOnly;
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
    const only = { t: token };

    // What the withdraw screen needs answers.
    expect((await sut.get(paths.token, only)).json().data.id).toBe(member.id);
    expect(await mainBalance(sut, token)).toBe('200.0000');
    expect((await sut.get(paths.withdrawInfo, only)).json().status).toBe(true);
    expect((await sut.get(paths.cards, only)).json().data).toHaveLength(1);
    expect((await sut.get(paths.memberSession, only)).json().data.withdrawOnly).toBe(true);
    const withdrawal = await sut.post(
      paths.withdraw,
      { amount: '200', cardId: member.cardId, password: sut.encrypt('123456') },
      { ...only, 'idempotency-key': randomUUID() },
    );
    expect(withdrawal.json()).toMatchObject({ status: true, data: { amount: '200.0000', status: 'unhandled' } });
    expect(await mainBalance(sut, token)).toBe('0.0000');
    expect((await sut.get(paths.withdrawals, only)).json().data).toHaveLength(1);

    // Nothing else: betting, depositing, binding a new card, moving money to a game, changing settings.
    const key = { ...only, 'idempotency-key': randomUUID() };
    const refusals = await Promise.all([
      sut.app.inject({
        method: 'POST',
        url: paths.placeBet,
        payload: { type: 'single', stake: '10', legs: [{ selectionId: '1', odds: '2.00' }] },
        headers: key,
      }),
      sut.post(paths.deposit, { channel: 'bank', amount: '100' }, key),
      sut.post(
        paths.bindCard,
        { kind: 'bank', bankCode: 'ICBC', holderName: '张三', accountNo: '6222029999999999999', password: 'x' },
        only,
      ),
      sut.post(paths.transfer, { from: 'main', to: 'house', amount: '10' }, key),
      sut.get(paths.memberLimits, only),
      sut.post(paths.memberExclusion, { kind: 'timeout', days: '1', password: sut.encrypt('secret123') }, only),
    ]);
    for (const refusal of refusals) {
      expect(refusal.statusCode, refusal.body).toBe(403);
      expect(refusal.json()).toMatchObject({ status: false, code: 'WITHDRAW_ONLY' });
    }
  });

  it("closes the member's sockets when the exclusion is taken and opens none for the withdrawal-only session", async () => {
    ahead = 0;
    await sut.app.listen({ port: 21_000 + Math.floor(Math.random() * 1_000), host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`;
    const member = await fundedMember('50');
    const socket = await openSocket(`${url}?t=${member.token}`);
    expect(await socket.subscribe('balance')).toMatchObject({ op: 'subscribed' });
    await exclude(member.token, { kind: 'timeout', days: '3' });
    expect((await socket.closed).code).toBe(4001);

    const { token } = (await sut.login(member.account, member.password)).json().detail.withdrawOnly;
    const withdrawOnly = await openSocket(`${url}?t=${token}`);
    expect((await withdrawOnly.closed).code).toBe(4001);
  });

  it('a time-out refuses sign-in until it ends, with no withdrawal session when there is nothing to take out', async () => {
    ahead = 0;
    const member = await fundedMember('0');
    expect((await exclude(member.token, { kind: 'timeout', days: '1' })).statusCode).toBe(200);
    const refused = (await sut.login(member.account, member.password, member.device)).json();
    expect(refused.code).toBe('TIMED_OUT');
    expect(refused.detail).toMatchObject({ kind: 'timeout', withdrawOnly: null });
    await sut.fetchCaptcha(member.device);
    const inHongKong = await sut.post(
      paths.login,
      { account: member.account, password: sut.encrypt(member.password), code: '1234' },
      { device_no: member.device, lang: 'zh-HK' },
    );
    expect(inHongKong.json().data).toContain('冷靜期');

    ahead = DAY + HOUR;
    const back = await sut.login(member.account, member.password);
    expect(back.json().status).toBe(true);
    ahead = 0;
  });

  it('a permanent self-exclusion says so, and a shorter one cannot replace a longer one', async () => {
    ahead = 0;
    const member = await fundedMember('0');
    const session = {
      sessionId: 0n,
      memberId: BigInt(member.id),
      scope: 'full' as const,
      startedAt: new Date(),
    };
    const client = { ip: '10.0.0.1', deviceNo: member.device, lang: 'zh-CN' as const, captchaKey: 'x' };
    const exclusions = sut.container.protection.exclusions;
    await exclusions.exclude(session, client, { kind: 'timeout', days: 7, password: sut.encrypt('secret123') });
    await expect(
      exclusions.exclude(session, client, { kind: 'timeout', days: 3, password: sut.encrypt('secret123') }),
    ).rejects.toMatchObject({ code: 'EXCLUSION_INVALID' });
    const forever = await exclusions.exclude(session, client, {
      kind: 'self',
      days: 0,
      password: sut.encrypt('secret123'),
    });
    expect(forever.until).toBeNull();
    const refused = (await sut.login(member.account, member.password)).json();
    expect(refused.code).toBe('SELF_EXCLUDED');
    expect(refused.data).toContain('永久');
    expect(refused.detail.until).toBeNull();
    // Years later it still holds.
    ahead = 20 * 365 * DAY;
    expect((await sut.login(member.account, member.password)).json().code).toBe('SELF_EXCLUDED');
    ahead = 0;
  });

  it('shows operators the exclusion, refuses to lift it and records who tried; the database refuses too', async () => {
    ahead = 0;
    const member = await fundedMember('0');
    await exclude(member.token, { kind: 'self', days: '365' });
    const seen = (await desk.get(paths.adminMemberProtection.replace(':id', member.id))).json();
    expect(seen.data.exclusion).toMatchObject({ kind: 'self' });
    expect(seen.data.history).toHaveLength(1);

    const lift = await desk.post(paths.adminMemberExclusionLift.replace(':id', member.id));
    expect(lift.statusCode).toBe(403);
    expect(lift.json()).toMatchObject({ status: false, code: 'EXCLUSION_LOCKED' });
    const audits = resultRows<{ target: string }>(
      await sut.container.db.execute(
        sql`select target from audit_log where action = 'protection.exclusion.lift.refused' and target = ${`member:${member.id}`}`,
      ),
    );
    expect(audits).toHaveLength(1);

    const memberId = BigInt(member.id);
    await expect(
      sut.container.db.execute(sql`update member_exclusions set ends_at = now() where member_id = ${memberId}`),
    ).rejects.toThrow();
    await expect(
      sut.container.db.execute(sql`delete from member_exclusions where member_id = ${memberId}`),
    ).rejects.toThrow();
    expect((await sut.login(member.account, member.password)).json().code).toBe('SELF_EXCLUDED');
  });

  it.runIf(kind === 'postgres' && redisUrl)(
    'a second server process stops accepting the old token at once',
    async () => {
      const log = pino({ level: 'silent' }) as FastifyBaseLogger;
      const database = await openDatabase({ kind: 'postgres', url: sut.databaseUrl as string, poolSize: 5 });
      const container = await createContainer(sut.config, log, {
        database,
        limits: createLimits({ redisUrl, prefix: `jinb-test:${randomBytes(4).toString('hex')}:` }),
      });
      const second = await buildApp(container);
      await second.ready();
      try {
        const member = await fundedMember('0');
        const onSecond = () => second.inject({ method: 'GET', url: paths.balance, headers: member.headers });
        // The second process has validated (and cached) the token.
        expect((await onSecond()).statusCode).toBe(200);
        expect((await exclude(member.token, { kind: 'timeout', days: '2' })).statusCode).toBe(200);
        // Well inside the 5 s its cache would trust the token: only the bus can have told it.
        const started = Date.now();
        let status = 200;
        while (status === 200 && Date.now() - started < 1_500) {
          status = (await onSecond()).statusCode;
          if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(status).toBe(401);
        expect((await onSecond()).json()).toEqual(SESSION_EXPIRED_BODY);
      } finally {
        await second.close();
        await container.close();
      }
    },
    60_000,
  );
});

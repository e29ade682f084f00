import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Operator, operator } from '../test/wallet-fixtures';

const PAIRS = 16;

/**
 * A sign-in reads the member (still active), spends tens of milliseconds on the password hash, then opens its session;
 * an operator's lock that commits in between must still win. Only PostgreSQL interleaves the two (PGlite has one
 * connection), so this runs there alone.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a sign-in racing a lock on postgres', () => {
  let sut: TestApp;
  let admin: Operator;
  beforeAll(async () => {
    sut = await createTestApp('postgres');
    admin = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('never leaves a locked member with a live session, whichever commits first', async () => {
    const members = await Promise.all(
      Array.from({ length: PAIRS }, async () => {
        const registered = await sut.register();
        const me = await sut.get('/api/findmed/v1/member/token', { t: registered.token });
        return { ...registered, id: me.json().data.id as string };
      }),
    );

    // Each lock starts a little later than the one before, so some land before the sign-in reads the member, some
    // while its password is being checked, some after its session exists.
    const outcomes = await Promise.all(
      members.map(async (member, index) => {
        const [signIn, lock] = await Promise.all([
          sut.login(member.account, member.password),
          sleep(index * 15).then(() =>
            admin.post(`/api/admin/v1/members/${member.id}/lock`, { reason: '并发登录冻结核查' }),
          ),
        ]);
        return { member, signIn: signIn.json(), lock: lock.json() };
      }),
    );

    for (const { member, signIn, lock } of outcomes) {
      expect(lock).toMatchObject({ status: true, data: { status: 'disabled' } });
      // Refused, or let in with a session the lock then ended: never a token that still works.
      if (signIn.status) {
        const balance = await sut.get('/api/findmed/v1/member/balance', { t: signIn.data.token });
        expect(balance.json().data, `member ${member.id}`).toBe('token');
      } else expect(signIn.code).toBe('ACCOUNT_DISABLED');
      const [live] = resultRows<{ n: number }>(
        await sut.container.db.execute(sql`select count(*)::int as n from member_sessions
          where member_id = ${BigInt(member.id)} and revoked_at is null`),
      );
      expect(live?.n, `live sessions of locked member ${member.id}`).toBe(0);
    }
  });
});

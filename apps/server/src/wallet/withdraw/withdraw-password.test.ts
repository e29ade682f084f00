import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password-hash';
import { members } from '../../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';

describe.each(testDatabases)('withdraw password while the operator switched it off on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    await desk.settings({ flowMultiple: '0', withdrawPasswordEnabled: false });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('still refuses a change with a wrong old password, and accepts the right one', async () => {
    const member = await walletMember(sut, { card: false });
    const wrongOld = await sut.post(
      '/api/f/v1/withdraw/password',
      { password: sut.encrypt('654321'), oldPassword: sut.encrypt('000000') },
      member.headers,
    );
    expect(wrongOld.json()).toMatchObject({ status: false, code: 'WITHDRAW_PASSWORD_WRONG' });
    const rightOld = await sut.post(
      '/api/f/v1/withdraw/password',
      { password: sut.encrypt('654321'), oldPassword: sut.encrypt('123456') },
      member.headers,
    );
    expect(rightOld.json()).toEqual({ status: true, data: true });
    const oldOneAgain = await sut.post(
      '/api/f/v1/withdraw/password',
      { password: sut.encrypt('111111'), oldPassword: sut.encrypt('123456') },
      member.headers,
    );
    expect(oldOneAgain.json().code).toBe('WITHDRAW_PASSWORD_WRONG');
  });
});

describe.each(testDatabases)('withdraw password changed behind the cache on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    await desk.settings({ flowMultiple: '0' });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('refuses the old password and accepts the new one even when no invalidation arrived', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    const withdraw = (password: string, key: string) =>
      sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '100', cardId: member.cardId, password: sut.encrypt(password) },
        { ...member.headers, 'idempotency-key': key },
      );
    // The first withdrawal caches the stored hash of 123456.
    expect((await withdraw('123456', 'cache-warm-1')).json().status).toBe(true);
    // Another process changes it and its invalidation is lost: only the row knows.
    await sut.container.db
      .update(members)
      .set({ withdrawPasswordHash: await hashPassword('654321') })
      .where(eq(members.id, BigInt(member.id)));

    const old = await withdraw('123456', 'stale-old-1');
    expect(old.json()).toMatchObject({ status: false, code: 'WITHDRAW_PASSWORD_WRONG' });
    expect(await mainBalance(sut, member.token)).toBe('900.0000');

    const fresh = await withdraw('654321', 'stale-new-1');
    expect(fresh.json()).toMatchObject({ status: true, data: { amount: '100.0000', status: 'unhandled' } });
    expect(await mainBalance(sut, member.token)).toBe('800.0000');
  });
});

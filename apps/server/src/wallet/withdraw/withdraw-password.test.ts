import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, walletMember } from '../../test/wallet-fixtures';

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

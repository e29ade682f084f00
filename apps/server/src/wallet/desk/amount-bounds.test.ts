import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';

describe.each(testDatabases)('the largest amounts on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('stores the largest accepted amount, and refuses one above it cleanly instead of overflowing the database', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.settings({ adjustMax: '100000000000.0000' });
    await desk.credit(member.id, '100000000000');
    const above = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, {
      amount: '1000000000000000',
      reason: 'overflow probe',
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ status: false, code: 'AMOUNT_INVALID' });
    const deposit = await sut.post(
      '/api/f/v1/wallet/deposit',
      { channel: 'bank', amount: '100000000000' },
      { ...member.headers, 'idempotency-key': `max-deposit-${member.id}` },
    );
    expect(deposit.statusCode).toBeLessThan(500);
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('refuses an adjustment without a real reason, or above the per-adjustment limit, and moves nothing', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.settings({ adjustMax: '50000.0000' });
    for (const reason of ['-1', 'NaN', '....', '12345', ' a ']) {
      const response = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, { amount: '10', reason });
      expect(response.json()).toMatchObject({ status: false, code: 'REASON_REQUIRED' });
    }
    const tooLarge = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, {
      amount: '900000',
      reason: 'fuzzed credit',
    });
    expect(tooLarge.json()).toMatchObject({ status: false, code: 'ADJUST_TOO_LARGE' });
    const debit = await desk.post(`/api/admin/v1/members/${member.id}/adjust`, {
      amount: '-50000.0001',
      reason: 'fuzzed debit',
    });
    expect(debit.json()).toMatchObject({ status: false, code: 'ADJUST_TOO_LARGE' });
    expect(await mainBalance(sut, member.token)).toBe('0.0000');
    await desk.credit(member.id, '50000');
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });
});

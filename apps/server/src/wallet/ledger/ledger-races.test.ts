import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';

describe.each(testDatabases)('the ledger under concurrency on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    await desk.settings({ flowMultiple: '0', withdrawDailyCount: 1000, withdrawDailyAmount: '1000000.0000' });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('lets exactly 50 of 1,000 parallel withdrawals of 100 through against a balance of 5,000', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '5000');
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () =>
        sut.post(
          '/api/f/v1/wallet/withdraw',
          { amount: '100', cardId: member.cardId, password: '123456' },
          member.headers,
        ),
      ),
    );
    const succeeded = responses.filter((response) => response.json().status === true);
    const refused = responses.filter((response) => response.json().code === 'INSUFFICIENT_FUNDS');
    expect(succeeded).toHaveLength(50);
    expect(refused).toHaveLength(950);
    expect(await mainBalance(sut, member.token)).toBe('0.0000');
    const check = await desk.ledgerCheck();
    expect(check).toMatchObject({
      ok: true,
      unbalancedTransfers: 0,
      mismatchedAccounts: 0,
      negativeMemberAccounts: 0,
      sumOfAllBalances: '0.0000',
    });
  }, 180_000);

  it('keeps the totals through 200 parallel transfers between main and the venue', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '1000');
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        sut.post(
          '/api/f/v1/wallet/transfer',
          index % 2 === 0 ? { from: 'main', to: 'house', amount: '7.5' } : { from: 'house', to: 'main', amount: '5' },
          member.headers,
        ),
      ),
    );
    // Never a 500 (a deadlock surfacing), only successes or a clean "not enough in that wallet".
    for (const response of responses) {
      expect(response.statusCode === 200 || response.json().code === 'INSUFFICIENT_FUNDS').toBe(true);
    }
    const assets = (await sut.get('/api/f/v1/wallet/assets', member.headers)).json().data;
    expect(assets.total).toBe('1000.0000');
    expect((await desk.ledgerCheck()).ok).toBe(true);
  }, 120_000);

  it('applies the same idempotency key once, whether sent 50 times at once or replayed later', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    const key = `same-key-${member.id}`;
    const headers = { ...member.headers, 'idempotency-key': key };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        sut.post('/api/f/v1/wallet/withdraw', { amount: '100', cardId: member.cardId, password: '123456' }, headers),
      ),
    );
    const ids = new Set(responses.map((response) => response.json().data?.id));
    expect(responses.every((response) => response.json().status === true)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await mainBalance(sut, member.token)).toBe('900.0000');
    const replay = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '100', cardId: member.cardId, password: '123456' },
      headers,
    );
    expect(replay.json().data.id).toBe([...ids][0]);
    const conflict = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '200', cardId: member.cardId, password: '123456' },
      headers,
    );
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const transferKey = { ...member.headers, 'idempotency-key': `transfer-${member.id}` };
    await Promise.all(
      Array.from({ length: 50 }, () =>
        sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '10' }, transferKey),
      ),
    );
    expect(await mainBalance(sut, member.token)).toBe('890.0000');

    const depositKey = { ...member.headers, 'idempotency-key': `deposit-${member.id}` };
    const orders = await Promise.all(
      Array.from({ length: 20 }, () =>
        sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount: '100' }, depositKey),
      ),
    );
    expect(new Set(orders.map((order) => order.json().data.id)).size).toBe(1);
  }, 120_000);

  it('refuses bad amounts, foreign ids and smuggled fields, and changes nothing', async () => {
    const member = await walletMember(sut);
    const stranger = await walletMember(sut);
    await desk.credit(member.id, '1000');
    const before = await desk.ledgerCheck();
    const withdraw = (amount: string, cardId = member.cardId) =>
      sut.post('/api/f/v1/wallet/withdraw', { amount, cardId, password: '123456' }, member.headers);
    const cases: Array<[string, string]> = [
      ['-100', 'AMOUNT_INVALID'],
      ['0', 'AMOUNT_INVALID'],
      ['abc', 'AMOUNT_INVALID'],
      ['100.001', 'AMOUNT_PRECISION'],
      ['1e309', 'AMOUNT_INVALID'],
      ['9007199254740993', 'AMOUNT_INVALID'],
      ['', 'AMOUNT_INVALID'],
    ];
    for (const [amount, code] of cases) {
      const response = await withdraw(amount);
      expect(response.statusCode, amount).toBe(400);
      expect(response.json(), amount).toMatchObject({ status: false, code });
    }
    const json = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/wallet/transfer',
      payload: { from: 'main', to: 'house', amount: 2 ** 53 + 1 },
      headers: member.headers,
    });
    expect(json.json().status).toBe(false);
    expect((await withdraw('100', stranger.cardId)).json().code).toBe('CARD_NOT_FOUND');

    const strangersOrder = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount: '100' }, stranger.headers)
    ).json().data;
    expect((await sut.get(`/api/f/v1/wallet/deposit/order?id=${strangersOrder.id}`, member.headers)).json().code).toBe(
      'NOT_FOUND',
    );
    await desk.credit(stranger.id, '500');
    const strangersWithdrawal = (
      await sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '100', cardId: stranger.cardId, password: '123456' },
        stranger.headers,
      )
    ).json().data;
    expect(
      (await sut.post('/api/f/v1/wallet/withdraw/cancel', { id: strangersWithdrawal.id }, member.headers)).json().code,
    ).toBe('NOT_FOUND');

    const smuggled = await sut.post(
      '/api/f/v1/wallet/transfer',
      { from: 'main', to: 'house', amount: '1', balance: '99999', status: 'confirmed', memberId: stranger.id },
      member.headers,
    );
    expect(smuggled.json().data.main).toBe('999.0000');
    expect(await mainBalance(sut, stranger.token)).toBe('400.0000');
    const after = await desk.ledgerCheck();
    expect(after.ok).toBe(true);
    expect(after.transfers).toBe(before.transfers + 3);
  });

  it('has the database itself refuse edits to the ledger and negative member balances', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '10');
    const { db } = sut.container;
    await expect(db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    await expect(
      db.execute(sql`update wallet_accounts set balance = -1 where member_id = ${BigInt(member.id)} and kind = 'main'`),
    ).rejects.toThrow();
    expect(await mainBalance(sut, member.token)).toBe('10.0000');
  });
});

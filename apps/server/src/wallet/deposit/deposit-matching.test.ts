import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';

const yuan = (value: number) => BigInt(value) * 10_000n;

describe.each(testDatabases)('deposit matching on %s', (kind) => {
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

  /** Members straight in the table: the exhaustion test needs hundreds of pending orders, not sign-up flows. */
  async function bareMembers(count: number): Promise<bigint[]> {
    const rows = await sut.container.db
      .insert(members)
      .values(
        Array.from({ length: count }, () => ({
          account: `m${randomBytes(5).toString('hex')}`,
          passwordHash: 'x',
          inviteCode: randomBytes(5).toString('hex'),
        })),
      )
      .returning({ id: members.id });
    return rows.map((row) => row.id);
  }

  const deposit = (headers: Record<string, string>, channel: string, amount: string) =>
    sut.post('/api/f/v1/wallet/deposit', { channel, amount }, headers);

  it('credits the victim, not the attacker who flooded the same USDT amount', async () => {
    const attacker = await walletMember(sut, { card: false });
    const victim = await walletMember(sut, { card: false });
    const attackerOrders = [];
    // Bounded so the code as it was (no cap) fails here instead of looping for ever.
    for (let attempt = 0; attempt < 50; attempt++) {
      const reply = await deposit(attacker.headers, 'usdt-trc20', '1000');
      if (reply.json().code === 'DEPOSIT_PENDING_LIMIT') break;
      attackerOrders.push(reply.json().data);
    }
    expect(attackerOrders).toHaveLength(3);
    const order = (await deposit(victim.headers, 'usdt-trc20', '1000')).json().data;
    const coins = [...attackerOrders.map((row) => row.coinAmount), order.coinAmount];
    expect(new Set(coins).size).toBe(coins.length);

    const seen = await sut.container.wallet.deposits.chainTransferSeen(
      'TRC20',
      BigInt(order.coinAmount.replace('.', '')),
      'tx-victim',
    );
    expect(seen?.id).toBe(order.id);
    expect(await mainBalance(sut, victim.token)).toBe('1000.0000');
    expect(await mainBalance(sut, attacker.token)).toBe('0.0000');
  });

  it('gives every member a distinct bank amount however many orders of 500 are pending', async () => {
    await desk.settings({ depositPendingMax: 20 });
    const ids = await bareMembers(16);
    const created = await Promise.all(
      ids.flatMap((id) =>
        Array.from({ length: 20 }, (_, n) =>
          sut.container.wallet.deposits.create(id, `k-${id}-${n}`, { channel: 'bank', amount: yuan(500) }),
        ),
      ),
    );
    expect(created).toHaveLength(320);
    expect(new Set(created.map((order) => order.payAmount)).size).toBe(320);
    const member = await walletMember(sut, { card: false });
    const late = (await deposit(member.headers, 'bank', '500')).json().data;
    expect(created.map((order) => order.payAmount)).not.toContain(late.payAmount);
    await desk.settings({ depositPendingMax: 3 });
  });

  it('queues a payment no live order expects, lets an operator assign it once, and ignores a repeated txid', async () => {
    const member = await walletMember(sut, { card: false });
    const order = (await deposit(member.headers, 'usdt-trc20', '720')).json().data;
    const stray = await sut.container.wallet.deposits.chainTransferSeen('TRC20', 123_4567n, 'tx-stray');
    expect(stray).toBeNull();
    expect(await sut.container.wallet.deposits.chainTransferSeen('TRC20', 123_4567n, 'tx-stray')).toBeNull();
    const queue = (await desk.get('/api/admin/v1/deposit-payments?status=unmatched')).json().data;
    const payment = queue.find((row: { reference: string }) => row.reference === 'tx-stray');
    expect(payment).toMatchObject({ amount: '123.4567', status: 'unmatched' });
    expect(queue.filter((row: { reference: string }) => row.reference === 'tx-stray')).toHaveLength(1);

    const assigned = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/assign`, { orderId: order.id });
    expect(assigned.json().data?.status, assigned.body).toBe('assigned');
    const again = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/assign`, { orderId: order.id });
    expect(again.json().code).toBe('PAYMENT_RESOLVED');
    expect(await mainBalance(sut, member.token)).toBe('720.0000');

    const paidTwice = await sut.container.wallet.deposits.chainTransferSeen(
      'TRC20',
      BigInt(order.coinAmount.replace('.', '')),
      'tx-after-assign',
    );
    expect(paidTwice).toBeNull();
    expect(await mainBalance(sut, member.token)).toBe('720.0000');
  });

  it('keeps an expired order matchable during the grace period and queues the payment after it', async () => {
    const member = await walletMember(sut, { card: false });
    const graced = (await deposit(member.headers, 'bank', '300')).json().data;
    const lapsed = (await deposit(member.headers, 'bank', '400')).json().data;
    await sut.container.db.execute(
      sql.raw(
        `update deposit_orders set status = 'expired', expires_at = now() - interval '1 hour' where id in (${graced.id}, ${lapsed.id})`,
      ),
    );
    await sut.container.db.execute(
      sql.raw(`update deposit_amount_slots set held_until = now() - interval '1 second' where order_id = ${lapsed.id}`),
    );
    const deposits = sut.container.wallet.deposits;
    const amountOf = (text: string) => BigInt(text.replace('.', ''));
    expect((await deposits.bankTransferSeen('bank', amountOf(graced.payAmount), 'BK-1'))?.status).toBe('confirmed');
    expect(await deposits.bankTransferSeen('bank', amountOf(lapsed.payAmount), 'BK-2')).toBeNull();
    expect(await deposits.bankTransferSeen('bank', amountOf(graced.payAmount), 'BK-1')).toMatchObject({
      id: graced.id,
    });
    expect(await mainBalance(sut, member.token)).toBe(graced.payAmount);
    const dismissed = await desk.post(
      `/api/admin/v1/deposit-payments/${(await desk.get('/api/admin/v1/deposit-payments?status=unmatched')).json().data.find((row: { reference: string }) => row.reference === 'BK-2').id}/dismiss`,
      { reason: 'refunded to payer' },
    );
    expect(dismissed.json().data.status).toBe('dismissed');
  });

  it('balances the ledger at the end', async () => {
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });
});

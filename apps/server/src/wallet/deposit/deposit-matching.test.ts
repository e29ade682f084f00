import { randomBytes } from 'node:crypto';
import { errorMessages } from '@jinb/contract';
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

  it('credits a payment that comes after the wallet rules changed (the first read of the new rules is the credit)', async () => {
    const member = await walletMember(sut, { card: false });
    const order = (await deposit(member.headers, 'usdt-trc20', '1000')).json().data;
    // An operator's save empties every process's copy of the rules (30 s without a read does too): the credit below
    // is the first to need them. It once read them through the process's copy, which reloaded itself outside the
    // credit's transaction: on PGlite's one connection that statement waited for the transaction, which waited for
    // it, and the whole site stopped answering (a browser journey's deposit, then every later request timed out).
    await desk.settings({ flowMultiple: '0' });
    const seen = await sut.container.wallet.deposits.chainTransferSeen(
      'TRC20',
      BigInt(order.coinAmount.replace('.', '')),
      'tx-after-settings',
    );
    expect(seen?.id).toBe(order.id);
    expect(await mainBalance(sut, member.token)).toBe('1000.0000');
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

  const amountOf = (text: string) => BigInt(text.replace('.', ''));

  /** The order's slot lapses (past expiry and grace): its exact payment now lands in the operator queue. */
  async function lapse(orderId: string) {
    await sut.container.db.execute(
      sql.raw(
        `update deposit_orders set status = 'expired', expires_at = now() - interval '1 hour' where id = ${orderId}`,
      ),
    );
    await sut.container.db.execute(
      sql.raw(`update deposit_amount_slots set held_until = now() - interval '1 second' where order_id = ${orderId}`),
    );
  }

  async function queued(reference: string): Promise<{ id: string; status: string; amount: string }> {
    const queue = (await desk.get(`/api/admin/v1/deposit-payments?status=unmatched&reference=${reference}`)).json().data
      .rows;
    const matching = queue.filter((row: { reference: string }) => row.reference === reference);
    expect(matching).toHaveLength(1);
    return matching[0];
  }

  /** What the member has and what their ledger says, as the desk reads it. */
  async function walletOf(member: { id: string; token: string }) {
    const view = (await desk.get(`/api/admin/v1/members/${member.id}/wallet`)).json().data;
    return { balance: await mainBalance(sut, member.token), entries: view.entries };
  }

  it('queues a late payment of the exact amount, lets an operator assign it once, and ignores a repeated txid', async () => {
    const member = await walletMember(sut, { card: false });
    const order = (await deposit(member.headers, 'usdt-trc20', '720')).json().data;
    await lapse(order.id);
    const late = await sut.container.wallet.deposits.chainTransferSeen('TRC20', amountOf(order.coinAmount), 'tx-late');
    expect(late).toBeNull();
    expect(
      await sut.container.wallet.deposits.chainTransferSeen('TRC20', amountOf(order.coinAmount), 'tx-late'),
    ).toBeNull();
    const payment = await queued('tx-late');
    expect(payment).toMatchObject({ amount: order.coinAmount, status: 'unmatched' });

    const assigned = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/assign`, { orderId: order.id });
    expect(assigned.json().data?.status, assigned.body).toBe('assigned');
    const again = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/assign`, { orderId: order.id });
    expect(again.json().code).toBe('PAYMENT_RESOLVED');
    const wallet = await walletOf(member);
    expect(wallet.balance).toBe('720.0000');
    expect(wallet.entries).toMatchObject([{ code: 'deposit', amount: '720.0000', reference: `deposit:${order.id}` }]);

    const paidTwice = await sut.container.wallet.deposits.chainTransferSeen(
      'TRC20',
      amountOf(order.coinAmount),
      'tx-after-assign',
    );
    expect(paidTwice).toBeNull();
    expect(await mainBalance(sut, member.token)).toBe('720.0000');
  });

  it.each([
    ['less', '10000', '100'],
    ['more', '200', '20000'],
  ])(
    'refuses to assign a payment of %s than the order asked, crediting nothing, and points to the adjustment',
    async (_, asked, paid) => {
      const member = await walletMember(sut, { card: false });
      const order = (await deposit(member.headers, 'bank', asked)).json().data;
      const reference = `BK-paid-${paid}`;
      expect(await sut.container.wallet.deposits.bankTransferSeen('bank', yuan(Number(paid)), reference)).toBeNull();
      const payment = await queued(reference);
      const before = await walletOf(member);

      const refused = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/assign`, { orderId: order.id });

      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        status: false,
        code: 'PAYMENT_AMOUNT_MISMATCH',
        data: errorMessages['zh-CN'].PAYMENT_AMOUNT_MISMATCH,
        detail: {
          payment: { scope: 'channel:bank', amount: `${paid}.0000` },
          order: { scope: 'channel:bank', amount: `${order.payAmount}` },
        },
      });
      expect(refused.json().data).toContain('资金调整');
      expect(await walletOf(member)).toEqual(before);
      expect(before).toMatchObject({ balance: '0.0000', entries: [] });
      expect((await queued(reference)).status).toBe('unmatched');
      expect((await sut.get(`/api/f/v1/wallet/deposit/order?id=${order.id}`, member.headers)).json().data?.status).toBe(
        'pending',
      );

      // What the message says to do: close the payment, credit what came in by an adjustment.
      const dismissed = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/dismiss`, {
        reason: 'wrong amount, credited by adjustment',
      });
      expect(dismissed.json().data?.status).toBe('dismissed');
      await desk.credit(member.id, paid);
      expect((await walletOf(member)).balance).toBe(`${paid}.0000`);
    },
  );

  it('refuses to assign a payment seen on another account or network than the order pays to', async () => {
    const member = await walletMember(sut, { card: false });
    const order = (await deposit(member.headers, 'bank', '250')).json().data;
    // As many USDT as the order asks yuan: the same figure, in another currency.
    expect(
      await sut.container.wallet.deposits.chainTransferSeen('TRC20', amountOf(order.payAmount), 'tx-net'),
    ).toBeNull();
    const payment = await queued('tx-net');

    const refused = await desk.post(`/api/admin/v1/deposit-payments/${payment.id}/assign`, { orderId: order.id });

    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_CHANNEL_MISMATCH',
      detail: { payment: { scope: 'chain:TRC20' } },
    });
    expect(await walletOf(member)).toMatchObject({ balance: '0.0000', entries: [] });
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
    expect((await deposits.bankTransferSeen('bank', amountOf(graced.payAmount), 'BK-1'))?.status).toBe('confirmed');
    expect(await deposits.bankTransferSeen('bank', amountOf(lapsed.payAmount), 'BK-2')).toBeNull();
    expect(await deposits.bankTransferSeen('bank', amountOf(graced.payAmount), 'BK-1')).toMatchObject({
      id: graced.id,
    });
    expect(await mainBalance(sut, member.token)).toBe(graced.payAmount);
    const dismissed = await desk.post(`/api/admin/v1/deposit-payments/${(await queued('BK-2')).id}/dismiss`, {
      reason: 'refunded to payer',
    });
    expect(dismissed.json().data.status).toBe('dismissed');
  });

  it('balances the ledger at the end', async () => {
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });
});

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { MoneyQueueChange, OperatorRole } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../../realtime/test-socket';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, walletMember } from '../../test/wallet-fixtures';

type Desk = { id: string; token: string; headers: Record<string, string> };

describe.each(testDatabases)('the money desk live queues on %s', (kind) => {
  let sut: TestApp;
  let url: string;
  let admin: Operator;
  let finance: Desk;
  let watch: TestSocket;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    sut = await createTestApp(kind);
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`;
    admin = await operator(sut);
    await admin.settings({ flowMultiple: '0' });
    finance = await signedIn('finance');
    watch = await operatorSocket(finance);
    expect(await watch.subscribe('money')).toMatchObject({ op: 'subscribed', topic: 'money' });
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await sut?.close();
  });

  async function signedIn(role: OperatorRole): Promise<Desk> {
    const account = `op${role}${randomBytes(3).toString('hex')}`;
    const created = await sut.container.admin.createOperator(account, 'operator12345', role);
    if (!created) throw new Error('operator not created');
    const token = (await sut.operatorLogin(account, 'operator12345')).json().data.token as string;
    return { id: String(created.id), token, headers: { authorization: `Bearer ${token}` } };
  }

  async function operatorSocket(desk: Desk) {
    const socket = await openSocket(url);
    sockets.push(socket);
    socket.send({ op: 'auth', t: desk.token, as: 'operator' });
    return socket;
  }

  /** The next publication on `money` about this item, after frame `from`. */
  async function change(queue: MoneyQueueChange['queue'], id: string, state: string, from = 0) {
    const frame = await watch.next(
      (f) => {
        const data = f.data as MoneyQueueChange | undefined;
        return f.topic === 'money' && data?.queue === queue && data.id === id && data.state === state;
      },
      5_000,
      from,
    );
    return frame.data as MoneyQueueChange;
  }

  const withdraw = async (member: Awaited<ReturnType<typeof walletMember>>, amount: string) => {
    const reply = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount, cardId: member.cardId, password: sut.encrypt('123456') },
      member.headers,
    );
    expect(reply.json()).toMatchObject({ status: true });
    return reply.json().data as { id: string };
  };

  it('refuses the money topic to support, marketing and trader operators, and gives it to admin and finance', async () => {
    for (const role of ['support', 'marketing', 'trader'] as const) {
      const socket = await operatorSocket(await signedIn(role));
      expect(await socket.subscribe('money')).toMatchObject({ op: 'error', code: 'TOPIC_FORBIDDEN', topic: 'money' });
    }
    const adminSocket = await operatorSocket(await signedIn('admin'));
    expect(await adminSocket.subscribe('money')).toMatchObject({ op: 'subscribed', topic: 'money' });
    // A member's token names no operator topic either.
    const member = await walletMember(sut, { card: false });
    const memberSocket = await openSocket(url);
    sockets.push(memberSocket);
    memberSocket.send({ op: 'auth', t: member.token });
    expect(await memberSocket.subscribe('money')).toMatchObject({ op: 'error', code: 'TOPIC_FORBIDDEN' });
  });

  it('tells the desk when a withdrawal is placed, accepted and paid, refused or cancelled; a support operator hears nothing', async () => {
    const support = await operatorSocket(await signedIn('support'));
    await support.subscribe('money');
    const member = await walletMember(sut);
    await admin.credit(member.id, '900');

    const first = await withdraw(member, '200');
    await change('withdrawals', first.id, 'unhandled');
    await admin.post(`/api/admin/v1/withdrawals/${first.id}/accept`);
    await change('withdrawals', first.id, 'accepted');
    await admin.post(`/api/admin/v1/withdrawals/${first.id}/pay`);
    await change('withdrawals', first.id, 'paid');
    // Paying it again moves nothing, and says nothing.
    const before = watch.publications('money').length;
    await admin.post(`/api/admin/v1/withdrawals/${first.id}/pay`);

    const second = await withdraw(member, '100');
    await change('withdrawals', second.id, 'unhandled');
    await admin.post(`/api/admin/v1/withdrawals/${second.id}/refuse`, { reason: '收款账户有误' });
    await change('withdrawals', second.id, 'refused');
    const payAgain = watch
      .publications('money')
      .slice(before)
      .filter((f) => (f.data as MoneyQueueChange).id === first.id);
    expect(payAgain).toEqual([]);

    const third = await withdraw(member, '100');
    await change('withdrawals', third.id, 'unhandled');
    await sut.post('/api/f/v1/wallet/withdraw/cancel', { id: third.id }, member.headers);
    await change('withdrawals', third.id, 'cancelled');

    expect(support.publications('money')).toEqual([]);
  });

  it('tells the desk when a deposit order is opened, confirmed, rejected or matched, and when a payment matches none', async () => {
    const member = await walletMember(sut, { card: false });
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '300' }, member.headers)
    ).json().data as { id: string };
    await change('deposits', order.id, 'pending');
    await admin.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    await change('deposits', order.id, 'confirmed');

    const refused = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '100' }, member.headers)
    ).json().data as { id: string };
    await change('deposits', refused.id, 'pending');
    await admin.post(`/api/admin/v1/deposits/${refused.id}/reject`, { reason: '未到账' });
    await change('deposits', refused.id, 'rejected');

    // A bank payment of an amount no order holds waits in the unmatched queue, then leaves it when dismissed.
    const from = watch.frames.length;
    expect(await sut.container.wallet.deposits.bankTransferSeen('bank', 123_456_700n, `ref-${kind}-x`)).toBeNull();
    const seen = await watch.next(
      (f) => f.topic === 'money' && (f.data as MoneyQueueChange).queue === 'unmatched',
      5_000,
      from,
    );
    const payment = (seen.data as MoneyQueueChange).id;
    expect(seen.data).toEqual({ queue: 'unmatched', id: payment, state: 'unmatched' });
    await admin.post(`/api/admin/v1/deposit-payments/${payment}/dismiss`, { reason: '非本平台款项' });
    await change('unmatched', payment, 'dismissed');

    // A bank payment that pays its order exactly confirms it: the order leaves the pending queue.
    const bank = (await sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount: '500' }, member.headers)).json()
      .data as { id: string; payAmount: string };
    await change('deposits', bank.id, 'pending');
    const paid = BigInt(bank.payAmount.replace('.', ''));
    expect(await sut.container.wallet.deposits.bankTransferSeen('bank', paid, `ref-${kind}-y`)).toMatchObject({
      id: bank.id,
      status: 'confirmed',
    });
    await change('deposits', bank.id, 'confirmed');
  });

  it('tells the desk when an adjustment waits for a second operator and when it is approved or rejected', async () => {
    const member = await walletMember(sut, { card: false });
    const ask = async (amount: string) => {
      const reply = await admin.post(`/api/admin/v1/members/${member.id}/adjust`, { amount, reason: '活动补偿款项' });
      const approval = reply.json().data.approval as { id: string };
      await change('approvals', approval.id, 'pending');
      return approval.id;
    };
    const approved = await ask('60000');
    // The requester cannot carry out their own request, and the queue hears nothing of the refusal.
    const own = await admin.post(`/api/admin/v1/approvals/${approved}/approve`);
    expect(own.json()).toMatchObject({ status: false, code: 'APPROVAL_SELF' });
    await sut.post(`/api/admin/v1/approvals/${approved}/approve`, {}, finance.headers);
    await change('approvals', approved, 'approved');

    const rejected = await ask('70000');
    await sut.post(`/api/admin/v1/approvals/${rejected}/reject`, { reason: '金额不符' }, finance.headers);
    await change('approvals', rejected, 'rejected');
  });

  it('counts each queue with its oldest item, and marks a withdrawal waiting past the SLA as overdue', async () => {
    const member = await walletMember(sut);
    await admin.credit(member.id, '500');
    const late = await withdraw(member, '100');
    const fresh = await withdraw(member, '100');
    await sut.container.db.execute(
      sql`update withdrawals set created_at = now() - interval '31 minutes' where id = ${BigInt(late.id)}`,
    );

    const queues = (await sut.get('/api/admin/v1/money/queues', finance.headers)).json().data;
    expect(queues.withdrawSlaMinutes).toBe(30);
    expect(queues.queues.withdrawals.count).toBeGreaterThanOrEqual(2);
    expect(Date.now() - Date.parse(queues.queues.withdrawals.oldestAt)).toBeGreaterThan(30 * 60_000);

    const page = (
      await sut.get(
        `/api/admin/v1/money/withdrawals?status=queue&account=${member.account}&sort=createdAt`,
        finance.headers,
      )
    ).json().data;
    expect(page).toMatchObject({ total: 2, slaMinutes: 30 });
    expect(page.rows.map((row: { id: string; overdue: boolean }) => [row.id, row.overdue])).toEqual([
      [late.id, true],
      [fresh.id, false],
    ]);
    expect(page.rows[0]).toMatchObject({ account: member.account, balance: '300.0000', amount: '100.0000' });

    // Paid, it is no longer overdue (it has left the queue).
    await admin.post(`/api/admin/v1/withdrawals/${late.id}/pay`);
    const after = (await sut.get(`/api/admin/v1/money/withdrawals?id=${late.id}`, finance.headers)).json().data;
    expect(after.rows).toMatchObject([{ id: late.id, status: 'paid', overdue: false }]);

    const deposits = (
      await sut.get('/api/admin/v1/money/deposits?pageSize=1&status=confirmed', finance.headers)
    ).json();
    expect(deposits).toMatchObject({ status: true, data: { rows: [{ status: 'confirmed' }] } });
    expect(deposits.data.total).toBeGreaterThanOrEqual(1);
  });

  it('keeps the desk calls from the support role and refuses a status it does not know', async () => {
    const support = await signedIn('support');
    for (const path of [
      '/api/admin/v1/money/queues',
      '/api/admin/v1/money/withdrawals',
      '/api/admin/v1/money/deposits',
    ])
      expect((await sut.get(path, support.headers)).statusCode).toBe(403);
    const wrong = await sut.get('/api/admin/v1/money/withdrawals?status=pending', finance.headers);
    expect(wrong.json()).toMatchObject({ status: false, code: 'STATUS_UNKNOWN' });
  });
});

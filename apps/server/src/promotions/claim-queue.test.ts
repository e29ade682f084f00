import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ClaimQueueChange, OperatorRole } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../realtime/test-socket';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

type Desk = { token: string; headers: Record<string, string> };

describe.each(testDatabases)('the activities review queue, live on %s', (kind) => {
  let sut: TestApp;
  let url: string;
  let admin: Operator;
  let watch: TestSocket;
  let serial = 0;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    sut = await createTestApp(kind);
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}/ws`;
    admin = await operator(sut);
    watch = await operatorSocket(await signedIn('marketing'));
    expect(await watch.subscribe('claims')).toMatchObject({ op: 'subscribed', topic: 'claims' });
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
    return { token, headers: { authorization: `Bearer ${token}` } };
  }

  async function operatorSocket(desk: Desk) {
    const socket = await openSocket(url);
    sockets.push(socket);
    socket.send({ op: 'auth', t: desk.token, as: 'operator' });
    return socket;
  }

  async function promotion(rule: Record<string, string>): Promise<number> {
    serial += 1;
    const created = await admin.post('/api/admin/v1/promotions/new', {
      title: `队列活动 ${kind} ${serial}`,
      summary: 's',
      content: 'c',
      ...rule,
    });
    expect(created.json()).toMatchObject({ status: true });
    return created.json().data.promoId as number;
  }

  /** The next publication on `claims` about this claim in this state, after frame `from`. */
  async function change(id: string, state: ClaimQueueChange['state'], from = 0) {
    const frame = await watch.next(
      (f) => {
        const data = f.data as ClaimQueueChange | undefined;
        return f.topic === 'claims' && data?.id === id && data.state === state;
      },
      5_000,
      from,
    );
    return frame.data as ClaimQueueChange;
  }

  const claimsOf = (memberId: string) =>
    sut.container.db
      .execute(sql`select id::text from promotion_claims where member_id = ${BigInt(memberId)}`)
      .then((result) => (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));

  it('refuses the claims topic to finance, support and trader operators and to members; gives it to admin', async () => {
    for (const role of ['finance', 'support', 'trader'] as const) {
      const socket = await operatorSocket(await signedIn(role));
      expect(await socket.subscribe('claims')).toMatchObject({ op: 'error', code: 'TOPIC_FORBIDDEN', topic: 'claims' });
    }
    const adminSocket = await operatorSocket(await signedIn('admin'));
    expect(await adminSocket.subscribe('claims')).toMatchObject({ op: 'subscribed', topic: 'claims' });
    const member = await walletMember(sut, { card: false });
    const memberSocket = await openSocket(url);
    sockets.push(memberSocket);
    memberSocket.send({ op: 'auth', t: member.token });
    expect(await memberSocket.subscribe('claims')).toMatchObject({ op: 'error', code: 'TOPIC_FORBIDDEN' });
  });

  it('tells marketing when a second account’s claim is kept for review and when it is approved or rejected; a claim paid at once says nothing', async () => {
    const support = await operatorSocket(await signedIn('support'));
    await support.subscribe('claims');
    const promoId = await promotion({ kind: 'red_packet', minAmount: '3', maxAmount: '3' });
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => walletMember(sut, { card: false })));
    if (!first || !second || !third) throw new Error('members');
    await sut.container.db.execute(sql`update members set real_name = ${`李${kind}${serial}`}
      where id in (${BigInt(first.id)}, ${BigInt(second.id)}, ${BigInt(third.id)})`);

    const before = watch.frames.length;
    const claim = (t: string) => sut.post('/api/f/v1/promo/claim', { id: String(promoId) }, { t });
    expect((await claim(first.token)).json()).toMatchObject({ status: true, data: { status: 'paid' } });
    expect((await claim(second.token)).json()).toMatchObject({ status: false, code: 'REWARD_REVIEW' });
    expect((await claim(third.token)).json()).toMatchObject({ status: false, code: 'REWARD_REVIEW' });
    const [secondClaim] = await claimsOf(second.id);
    const [thirdClaim] = await claimsOf(third.id);
    const [firstClaim] = await claimsOf(first.id);
    if (!secondClaim || !thirdClaim || !firstClaim) throw new Error('claims not stored');
    await change(secondClaim, 'review', before);
    await change(thirdClaim, 'review', before);

    const approved = await admin.post(`/api/admin/v1/promotions/claims/${secondClaim}/approve`, { note: 'ok' });
    expect(approved.json()).toMatchObject({ status: true, data: { status: 'paid' } });
    await change(secondClaim, 'paid', before);
    // Deciding it again is refused and tells nothing.
    const again = await admin.post(`/api/admin/v1/promotions/claims/${secondClaim}/reject`, { note: 'late' });
    expect(again.json()).toMatchObject({ status: false, code: 'APPROVAL_DECIDED' });
    await admin.post(`/api/admin/v1/promotions/claims/${thirdClaim}/reject`, { note: 'dup' });
    await change(thirdClaim, 'rejected', before);

    const told = watch
      .publications('claims')
      .map((f) => f.data as ClaimQueueChange)
      .filter((data) => [firstClaim, secondClaim, thirdClaim].includes(data.id));
    expect(told).toEqual([
      { id: secondClaim, state: 'review' },
      { id: thirdClaim, state: 'review' },
      { id: secondClaim, state: 'paid' },
      { id: thirdClaim, state: 'rejected' },
    ]);
    expect(support.publications('claims')).toEqual([]);
  });

  it('tells marketing when a member applies, and when the application is paid', async () => {
    const promoId = await promotion({ kind: 'apply', frequency: 'week', multiple: '1' });
    const member = await walletMember(sut, { card: false });
    const applied = await sut.post('/api/f/v1/promo/apply', { id: String(promoId), note: '请审核' }, member.headers);
    const id = applied.json().data.id as string;
    await change(id, 'pending');
    // Refused (no amount): still waiting, nothing told.
    const count = watch.publications('claims').length;
    expect((await admin.post(`/api/admin/v1/promotions/claims/${id}/approve`)).json().code).toBe('AMOUNT_INVALID');
    await admin.post(`/api/admin/v1/promotions/claims/${id}/approve`, { amount: '8' });
    await change(id, 'paid');
    expect(
      watch
        .publications('claims')
        .slice(count)
        .map((f) => f.data),
    ).toEqual([{ id, state: 'paid' }]);
  });
});

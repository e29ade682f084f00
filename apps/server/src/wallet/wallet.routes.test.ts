import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../test/wallet-fixtures';

describe.each(testDatabases)('wallet flows on %s', (kind) => {
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

  it('asks for the withdraw password before binding an account', async () => {
    const registered = await sut.register();
    const { token } = registered;
    await sut.stepUp(registered);
    const response = await sut.post(
      '/api/f/v1/cards',
      { kind: 'alipay', holderName: '李四', accountNo: '13800138000', password: '123456' },
      { t: token },
    );
    expect(response.json()).toEqual({
      status: false,
      data: '为了您的账户安全，请先设置提现密码',
      code: 'WITHDRAW_PASSWORD_NOT_SET',
    });
    expect((await sut.get('/api/f/v1/withdraw/password/config', { t: token })).json().data).toEqual({
      d: true,
      p: false,
    });
  });

  it('changes the withdraw password only with the old one', async () => {
    const member = await walletMember(sut, { card: false });
    const withoutProof = await sut.post(
      '/api/f/v1/withdraw/password',
      { password: sut.encrypt('654321') },
      member.headers,
    );
    expect(withoutProof.json().code).toBe('WITHDRAW_PASSWORD_SET');
    const wrongOld = await sut.post(
      '/api/f/v1/withdraw/password',
      { password: sut.encrypt('654321'), oldPassword: sut.encrypt('000000') },
      member.headers,
    );
    expect(wrongOld.json().code).toBe('WITHDRAW_PASSWORD_WRONG');
    const changed = await sut.post(
      '/api/f/v1/withdraw/password',
      { password: sut.encrypt('654321'), oldPassword: sut.encrypt('123456') },
      member.headers,
    );
    expect(changed.json()).toEqual({ status: true, data: true });
    expect((await sut.get('/api/f/v1/withdraw/password/config', member.headers)).json().data).toEqual({
      d: true,
      p: true,
    });
  });

  it('locks the withdraw password after 5 wrong tries', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '100', cardId: member.cardId, password: sut.encrypt('999999') },
        member.headers,
      );
      expect(wrong.json().code).toBe('WITHDRAW_PASSWORD_WRONG');
    }
    const locked = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '100', cardId: member.cardId, password: sut.encrypt('123456') },
      member.headers,
    );
    expect(locked.json().code).toBe('WITHDRAW_PASSWORD_LOCKED');
    expect(await mainBalance(sut, member.token)).toBe('1000.0000');
  });

  it('binds bank, Alipay and USDT accounts with validation, and respects the limits', async () => {
    const member = await walletMember(sut, { card: false });
    const bind = (body: Record<string, string>) =>
      sut.post('/api/f/v1/cards', { ...body, password: sut.encrypt('123456') }, member.headers);
    expect(
      (await bind({ kind: 'bank', bankCode: 'NOPE', holderName: '王五', accountNo: '6222021234567890123' })).json()
        .code,
    ).toBe('BANK_UNKNOWN');
    expect((await bind({ kind: 'bank', bankCode: 'CMB', holderName: '王五', accountNo: '12345' })).json().code).toBe(
      'BANK_CARD_FORMAT',
    );
    const bank = await bind({ kind: 'bank', bankCode: 'CMB', holderName: '王五', accountNo: '6225880000000001' });
    expect(bank.json().data).toMatchObject({
      kind: 'bank',
      bankName: '招商银行',
      accountNo: '6225****0001',
      holderName: '王五',
    });
    expect((await bind({ kind: 'alipay', holderName: '赵六', accountNo: 'me@example.com' })).json().code).toBe(
      'HOLDER_NAME_MISMATCH',
    );
    expect(
      (await bind({ kind: 'usdt', network: 'TRC20', accountNo: '0x52908400098527886E0F7030069857D2E4169EE7' })).json()
        .code,
    ).toBe('USDT_ADDRESS_INVALID');
    expect(
      (await bind({ kind: 'usdt', network: 'TRC20', accountNo: 'TGGD9D8wqtfzW57z9YdJWKDBC2qN1fPWK8' })).json().code,
    ).toBe('USDT_ADDRESS_INVALID');
    expect(
      (await bind({ kind: 'usdt', network: 'TRC20', accountNo: 'TGGD9D8wqtfzW57z9YdJWKDBC2qN1fPWK9' })).json().status,
    ).toBe(true);
    expect(
      (await bind({ kind: 'usdt', network: 'ERC20', accountNo: '0x52908400098527886E0F7030069857D2E4169EE7' })).json()
        .status,
    ).toBe(true);
    expect(
      (await bind({ kind: 'bank', bankCode: 'CMB', holderName: '王五', accountNo: '6225880000000001' })).json().code,
    ).toBe('CARD_DUPLICATE');
    await desk.settings({ cardLimits: { bank: 1, alipay: 3, usdt: 3 } });
    expect(
      (await bind({ kind: 'bank', bankCode: 'ICBC', holderName: '王五', accountNo: '6222020000000002' })).json().code,
    ).toBe('CARD_LIMIT');
    await desk.settings({ cardLimits: { bank: 5, alipay: 3, usdt: 3 } });
    expect((await sut.get('/api/f/v1/cards', member.headers)).json().data).toHaveLength(3);
    expect((await sut.get('/api/findmed/v1/member/token', member.headers)).json().data.realName).toBe('王五');
  });

  it('deposits through an operator confirm exactly once, with odd cents on bank transfers', async () => {
    const member = await walletMember(sut);
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount: '500' }, member.headers)
    ).json().data;
    expect(order).toMatchObject({
      kind: 'bank',
      amount: '500.0000',
      status: 'pending',
      payee: { bankName: '中国工商银行' },
    });
    expect(order.payAmount).toMatch(/^500\.(0[1-9]|[1-9]\d)00$/);
    expect(order.remark).toMatch(/^[A-Z2-9]{6}$/);
    expect(new Date(order.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const first = await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    const second = await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    expect(first.json().data.status).toBe('confirmed');
    expect(second.json().data.status).toBe('confirmed');
    expect(await mainBalance(sut, member.token)).toBe(order.payAmount);
    expect((await desk.post(`/api/admin/v1/deposits/${order.id}/reject`, { reason: 'late' })).json().code).toBe(
      'ORDER_NOT_PENDING',
    );
  });

  it('credits a gateway callback once however often it is replayed, and refuses a bad signature', async () => {
    const member = await walletMember(sut);
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '88.8' }, member.headers)
    ).json().data;
    const { signGatewayCallback } = await import('./deposit/deposit.service');
    const payload = { orderId: order.id, amount: order.payAmount, reference: 'GW123', status: 'paid' as const };
    const sign = signGatewayCallback(sut.container.wallet.gatewaySecret, payload);
    const forged = await sut.post('/api/f/v1/wallet/deposit/callback', {
      ...payload,
      sign: sign.replace(/^./, sign[0] === 'a' ? 'b' : 'a'),
    });
    expect(forged.statusCode).toBe(401);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => sut.post('/api/f/v1/wallet/deposit/callback', { ...payload, sign })),
    );
    expect(replies.every((reply) => reply.json().data?.status === 'confirmed')).toBe(true);
    expect(await mainBalance(sut, member.token)).toBe('88.8000');
    const wrongAmount = { ...payload, amount: '1000.0000' };
    expect(
      (
        await sut.post('/api/f/v1/wallet/deposit/callback', {
          ...wrongAmount,
          sign: signGatewayCallback(sut.container.wallet.gatewaySecret, wrongAmount),
        })
      ).json().code,
    ).toBe('AMOUNT_INVALID');
  });

  it('settles a USDT order when the simulated chain watcher sees the exact coin amount', async () => {
    const member = await walletMember(sut);
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'usdt-trc20', amount: '720' }, member.headers)
    ).json().data;
    expect(order.kind).toBe('usdt_trc20');
    expect(Number(order.coinAmount)).toBeGreaterThanOrEqual(100);
    const simulated = await sut.post('/api/dev/deposit/simulate', { id: order.id }, member.headers);
    expect(simulated.json().data.status).toBe('confirmed');
    expect(await mainBalance(sut, member.token)).toBe('720.0000');
  });

  it('adds the flow multiple to the turnover and refuses withdrawals until it is met', async () => {
    const member = await walletMember(sut);
    await desk.settings({ flowMultiple: '2' });
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '300' }, member.headers)
    ).json().data;
    await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    await desk.settings({ flowMultiple: '0' });
    const info = (await sut.get('/api/f/v1/wallet/withdraw/info', member.headers)).json().data;
    expect(info).toMatchObject({ balance: '300.0000', unmetTurnover: '600.0000', passwordSet: true });
    const refused = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '100', cardId: member.cardId, password: sut.encrypt('123456') },
      member.headers,
    );
    expect(refused.json().code).toBe('TURNOVER_UNMET');
  });

  it('freezes a withdrawal at once, and pays it out through the operator with the fee', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    await desk.settings({ withdrawFeeRate: '1.5', withdrawFeeFixed: '2.0000' });
    const created = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '200', cardId: member.cardId, password: sut.encrypt('123456') },
      member.headers,
    );
    await desk.settings({ withdrawFeeRate: '0', withdrawFeeFixed: '0.0000' });
    const withdrawal = created.json().data;
    expect(withdrawal).toMatchObject({ amount: '200.0000', fee: '5.0000', actual: '195.0000', status: 'unhandled' });
    const assets = (await sut.get('/api/f/v1/wallet/assets', member.headers)).json().data;
    expect(assets).toMatchObject({ main: '800.0000', frozen: '200.0000', total: '1000.0000' });
    expect((await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/accept`)).json().data.status).toBe('accepted');
    expect(
      (await sut.post('/api/f/v1/wallet/withdraw/cancel', { id: withdrawal.id }, member.headers)).json().code,
    ).toBe('WITHDRAW_NOT_CANCELLABLE');
    expect((await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/pay`)).json().data.status).toBe('paid');
    const after = (await sut.get('/api/f/v1/wallet/assets', member.headers)).json().data;
    expect(after).toMatchObject({ main: '800.0000', frozen: '0.0000' });
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('returns the frozen amount on cancel and on refusal, with the reason for the member', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '500');
    const make = async () =>
      (
        await sut.post(
          '/api/f/v1/wallet/withdraw',
          { amount: '150', cardId: member.cardId, password: sut.encrypt('123456') },
          member.headers,
        )
      ).json().data;
    const cancelled = await make();
    expect(
      (await sut.post('/api/f/v1/wallet/withdraw/cancel', { id: cancelled.id }, member.headers)).json().data.status,
    ).toBe('cancelled');
    const refused = await make();
    expect((await desk.post(`/api/admin/v1/withdrawals/${refused.id}/refuse`, {})).json().code).toBe('REASON_REQUIRED');
    expect(
      (await desk.post(`/api/admin/v1/withdrawals/${refused.id}/refuse`, { reason: '银行卡信息有误' })).json().data,
    ).toMatchObject({ status: 'refused', reason: '银行卡信息有误' });
    expect(await mainBalance(sut, member.token)).toBe('500.0000');
    const list = (await sut.get('/api/f/v1/wallet/withdrawals', member.headers)).json().data;
    expect(list.map((item: { status: string }) => item.status)).toEqual(['refused', 'cancelled']);
  });

  it('enforces min, max, daily count and daily amount', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '100000');
    const withdraw = (amount: string) =>
      sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount, cardId: member.cardId, password: sut.encrypt('123456') },
        member.headers,
      );
    expect((await withdraw('99.99')).json().code).toBe('AMOUNT_TOO_SMALL');
    expect((await withdraw('50000.01')).json().code).toBe('AMOUNT_TOO_LARGE');
    await desk.settings({ withdrawDailyCount: 2, withdrawDailyAmount: '300.0000' });
    expect((await withdraw('200')).json().status).toBe(true);
    expect((await withdraw('150')).json().code).toBe('DAILY_AMOUNT_LIMIT');
    expect((await withdraw('100')).json().status).toBe(true);
    expect((await withdraw('100')).json().code).toBe('DAILY_COUNT_LIMIT');
    const info = (await sut.get('/api/f/v1/wallet/withdraw/info', member.headers)).json().data;
    expect(info).toMatchObject({ remainingCount: 0, remainingAmount: '0.0000' });
    await desk.settings({ withdrawDailyCount: 5, withdrawDailyAmount: '200000.0000' });
  });

  it('moves money to the in-house venue and back, and recalls everything in one tap', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '300');
    const out = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '120.5' }, member.headers)
    ).json().data;
    expect(out).toMatchObject({ status: 'confirmed', main: '179.5000' });
    expect(out.venues.find((venue: { code: string }) => venue.code === 'house').balance).toBe('120.5000');
    const back = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'house', to: 'main', amount: '20.5' }, member.headers)
    ).json().data;
    expect(back.main).toBe('200.0000');
    const recalled = (await sut.post('/api/f/v1/wallet/recall', {}, member.headers)).json().data;
    expect(recalled.main).toBe('300.0000');
    expect((await sut.get('/api/game/walletlist?show=1', member.headers)).json().data).toEqual([
      { id: 1, code: 'house', name: '金币娱乐', balance: '0.0000', pending: '0.0000', maintenance: false },
    ]);
    expect(
      (await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'nowhere', amount: '1' }, member.headers)).json()
        .code,
    ).toBe('VENUE_UNKNOWN');
    expect(
      (
        await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '1000' }, member.headers)
      ).json().code,
    ).toBe('INSUFFICIENT_FUNDS');
  });

  it('lists every event in records, filtered by type and date, with details', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '100');
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '40' }, member.headers);
    const all = (await sut.get('/api/f/v1/wallet/records?page=1&size=10', member.headers)).json().data;
    expect(all.total).toBe(2);
    expect(
      all.list.map((record: { code: string; amount: string; account: string }) => [
        record.code,
        record.amount,
        record.account,
      ]),
    ).toEqual([
      ['venue_out', '-40.0000', 'main'],
      ['adjust', '100.0000', 'main'],
    ]);
    const adjusts = (await sut.get('/api/f/v1/wallet/records?type=adjust', member.headers)).json().data;
    expect(adjusts.list).toHaveLength(1);
    const future = (await sut.get('/api/f/v1/wallet/records?startTime=2099-01-01%2000:00:00', member.headers)).json()
      .data;
    expect(future.total).toBe(0);
    const detail = (await sut.get(`/api/f/v1/wallet/records/detail?id=${adjusts.list[0].id}`, member.headers)).json()
      .data;
    expect(detail).toMatchObject({
      code: 'adjust',
      balanceBefore: '0.0000',
      balanceAfter: '100.0000',
      counterparty: 'house:adjustments',
      memo: 'test credit',
    });
  });

  it('reports the day to the operator', async () => {
    const summary = (await desk.get('/api/admin/v1/wallet/summary')).json().data;
    expect(summary.deposits.count).toBeGreaterThanOrEqual(3);
    expect(summary).toHaveProperty('pending.withdrawals');
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });
});

describe('operator switches', () => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp('pglite');
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('waives unmet turnover so the member can withdraw', async () => {
    const member = await walletMember(sut);
    await desk.settings({ flowMultiple: '1' });
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '200' }, member.headers)
    ).json().data;
    await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    const withdraw = () =>
      sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '100', cardId: member.cardId, password: '123456' },
        member.headers,
      );
    expect((await withdraw()).json().code).toBe('TURNOVER_UNMET');
    expect((await desk.post(`/api/admin/v1/members/${member.id}/turnover/waive`)).json().data).toEqual({
      waived: '200.0000',
    });
    expect((await withdraw()).json().status).toBe(true);
  });

  it('moves money without the withdraw password when the operator switched the feature off', async () => {
    const member = await walletMember(sut);
    await desk.settings({ flowMultiple: '0', withdrawPasswordEnabled: false });
    await desk.credit(member.id, '300');
    const response = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '100', cardId: member.cardId, password: '000000' },
      member.headers,
    );
    expect(response.json().status).toBe(true);
    expect((await sut.get('/api/f/v1/withdraw/password/config', member.headers)).json().data.d).toBe(false);
    await desk.settings({ withdrawPasswordEnabled: true });
  });
});

describe('operator roles', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite');
    await sut.container.admin.createOperator('helpdesk', 'helpdesk12345', 'support');
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('lets a support operator look at a wallet but not move money or change the rules', async () => {
    const member = await walletMember(sut, { card: false });
    const token = (await sut.operatorLogin('helpdesk', 'helpdesk12345')).json().data.token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await sut.get(`/api/admin/v1/members/${member.id}/wallet`, headers)).statusCode).toBe(200);
    const adjust = await sut.post(
      `/api/admin/v1/members/${member.id}/adjust`,
      { amount: '100', reason: 'not allowed' },
      headers,
    );
    expect(adjust.statusCode).toBe(403);
    expect(adjust.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
    const settings = (await sut.get('/api/admin/v1/wallet/settings', headers)).json().data;
    expect(
      (await sut.app.inject({ method: 'PUT', url: '/api/admin/v1/wallet/settings', payload: settings, headers }))
        .statusCode,
    ).toBe(403);
    expect((await sut.get('/api/findmed/v1/member/balance', member.headers)).json().data.balance).toBe('0.0000');
  });
});

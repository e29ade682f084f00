import {
  dateRangeFor,
  formatDateTime,
  formatOrderNo,
  type WalletRecord,
  type WalletRecordDetail,
  WITHDRAW_STATUSES,
  WITHDRAWAL_RECORD_STATE,
  type Withdrawal,
} from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, walletMember } from '../../test/wallet-fixtures';
import { SimulatedVenue } from '../venues/venue-wallet';

// Not the machine's zone and not Shanghai: a date filter read in the wrong zone misses by 15 or 16 hours.
const PLATFORM_ZONE = 'America/Los_Angeles';

type Member = Awaited<ReturnType<typeof walletMember>>;

describe.each(testDatabases)('transaction records on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  const vendor = new SimulatedVenue(2, 'sim', '模拟场馆');
  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { PLATFORM_TIMEZONE: PLATFORM_ZONE }, venues: [vendor] });
    desk = await operator(sut);
    await desk.settings({ flowMultiple: '0' });
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function records(member: Member, query = ''): Promise<{ list: WalletRecord[]; total: number }> {
    const response = await sut.get(`/api/f/v1/wallet/records?${query}`, member.headers);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  async function detail(member: Member, id: string): Promise<WalletRecordDetail> {
    return (await sut.get(`/api/f/v1/wallet/records/detail?id=${id}`, member.headers)).json().data;
  }

  async function withdraw(member: Member, amount: string): Promise<{ id: string; createdAt: string }> {
    const response = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount, cardId: member.cardId, password: sut.encrypt('123456') },
      member.headers,
    );
    if (response.statusCode !== 200) throw new Error(`withdraw: ${response.body}`);
    return response.json().data;
  }

  const rows = (list: WalletRecord[]) =>
    list.map((record) => [record.code, record.amount, record.state, record.balanceAfter]);

  it('When a member withdraws, then one row follows it from review to paid, with the fee in its details', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    await desk.settings({ withdrawFeeRate: '1.5', withdrawFeeFixed: '2.0000' });
    const withdrawal = await withdraw(member, '200').finally(() =>
      desk.settings({ withdrawFeeRate: '0', withdrawFeeFixed: '0.0000' }),
    );

    const waiting = await records(member);
    expect(waiting.total).toBe(2);
    expect(rows(waiting.list)).toEqual([
      ['withdraw', '-200.0000', 'pending', '800.0000'],
      ['adjust', '1000.0000', 'completed', '1000.0000'],
    ]);

    await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/accept`);
    expect((await records(member)).list[0]?.state).toBe('processing');
    await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/pay`);

    const paid = await records(member);
    expect(paid.total).toBe(2);
    expect(rows(paid.list)[0]).toEqual(['withdraw', '-200.0000', 'completed', '800.0000']);
    const shown = await detail(member, paid.list[0]!.id);
    expect(shown).toMatchObject({
      type: 'withdraw',
      state: 'completed',
      amount: '-200.0000',
      balanceBefore: '1000.0000',
      balanceAfter: '800.0000',
      fee: '5.0000',
      actual: '195.0000',
    });
    expect(shown.legs.map((leg) => [leg.code, leg.account, leg.amount])).toEqual([
      ['withdraw_freeze', 'main', '-200.0000'],
      ['withdraw_paid', 'frozen', '-195.0000'],
      ['withdraw_fee', 'frozen', '-5.0000'],
    ]);
  });

  it('When a withdrawal is refused or cancelled, then its row says so and frozen funds never show as income', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '500');
    const refused = await withdraw(member, '150');
    await desk.post(`/api/admin/v1/withdrawals/${refused.id}/refuse`, { reason: '银行卡信息有误' });
    const cancelled = await withdraw(member, '120');
    await sut.post('/api/f/v1/wallet/withdraw/cancel', { id: cancelled.id }, member.headers);

    const { list, total } = await records(member);
    expect(total).toBe(3);
    expect(rows(list)).toEqual([
      ['withdraw', '-120.0000', 'cancelled', '500.0000'],
      ['withdraw', '-150.0000', 'refused', '500.0000'],
      ['adjust', '500.0000', 'completed', '500.0000'],
    ]);
    expect(list.filter((record) => record.account !== 'main')).toEqual([]);
    expect(list[1]?.memo).toBe('银行卡信息有误');

    const shown = await detail(member, list[1]!.id);
    expect(shown).toMatchObject({ state: 'refused', reason: '银行卡信息有误', fee: null, actual: null });
    // The refund is money back in the main wallet, shown as such; the frozen side of each leg is not shown.
    expect(shown.legs.map((leg) => [leg.code, leg.account, leg.amount])).toEqual([
      ['withdraw_freeze', 'main', '-150.0000'],
      ['withdraw_unfreeze', 'main', '150.0000'],
    ]);
  });

  it('When withdrawals stand in every status, then each record states it as the withdraw page reads that status', async () => {
    // The withdraw page names a withdrawal by WITHDRAWAL_RECORD_STATE[status] in the records' words; the records must
    // give it that very state, so one withdrawal is one word on both pages.
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    await withdraw(member, '101'); // left waiting for review
    const accepted = await withdraw(member, '102');
    const paid = await withdraw(member, '103');
    const refused = await withdraw(member, '104');
    const cancelled = await withdraw(member, '105');
    await desk.post(`/api/admin/v1/withdrawals/${accepted.id}/accept`);
    await desk.post(`/api/admin/v1/withdrawals/${paid.id}/pay`);
    await desk.post(`/api/admin/v1/withdrawals/${refused.id}/refuse`, { reason: '银行卡信息有误' });
    await sut.post('/api/f/v1/wallet/withdraw/cancel', { id: cancelled.id }, member.headers);

    const onWithdrawPage: Withdrawal[] = (await sut.get('/api/f/v1/wallet/withdrawals', member.headers)).json().data;
    expect(onWithdrawPage.map((item) => item.status).sort()).toEqual([...WITHDRAW_STATUSES].sort());
    const { list } = await records(member);
    const stateOf = (item: Withdrawal) =>
      list.find((record) => record.orderNo === formatOrderNo('withdrawal', item.id, item.createdAt, PLATFORM_ZONE))
        ?.state;
    expect(onWithdrawPage.map((item) => [item.status, stateOf(item)])).toEqual(
      onWithdrawPage.map((item) => [item.status, WITHDRAWAL_RECORD_STATE[item.status]]),
    );
  });

  it('When orders are listed, then each carries a readable number made of its kind, date and id', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '300');
    const withdrawal = await withdraw(member, '100');
    const order = (
      await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '50' }, member.headers)
    ).json().data as { id: string; createdAt: string };
    await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '20' }, member.headers);

    const { list } = await records(member);
    const day = (iso: string) => formatDateTime(new Date(iso), PLATFORM_ZONE).slice(0, 10).replaceAll('-', '');
    const byCode = new Map(list.map((record) => [record.code, record]));
    expect(byCode.get('withdraw')?.orderNo).toBe(`W${day(withdrawal.createdAt)}${withdrawal.id.padStart(6, '0')}`);
    expect(byCode.get('deposit')?.orderNo).toBe(`D${day(order.createdAt)}${order.id.padStart(6, '0')}`);
    expect(byCode.get('venue_out')?.orderNo).toMatch(/^T\d{8}\d{6,}$/);
    expect(byCode.get('adjust')?.orderNo).toMatch(/^A\d{8}\d{6,}$/);
    expect(rows(list)).toEqual([
      ['venue_out', '-20.0000', 'completed', '230.0000'],
      ['deposit', '50.0000', 'completed', '250.0000'],
      ['withdraw', '-100.0000', 'pending', '200.0000'],
      ['adjust', '300.0000', 'completed', '300.0000'],
    ]);
  });

  it('When a venue refuses a transfer, then its one row says it failed and the money is back', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '500');
    vendor.behaviour = 'fail';
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '100' }, member.headers);
    vendor.behaviour = 'confirm';
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '60' }, member.headers);

    const { list, total } = await records(member);
    expect(total).toBe(3);
    expect(rows(list)).toEqual([
      ['venue_out', '-60.0000', 'completed', '440.0000'],
      ['venue_out', '-100.0000', 'failed', '500.0000'],
      ['adjust', '500.0000', 'completed', '500.0000'],
    ]);
  });

  it('When filtered by type or paged, then events are counted, not ledger legs', async () => {
    const member = await walletMember(sut);
    await desk.credit(member.id, '1000');
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '40' }, member.headers);
    const paid = await withdraw(member, '200');
    await desk.post(`/api/admin/v1/withdrawals/${paid.id}/pay`);
    const refused = await withdraw(member, '100');
    await desk.post(`/api/admin/v1/withdrawals/${refused.id}/refuse`, { reason: '风控审核未通过' });

    expect((await records(member)).total).toBe(4);
    const withdrawals = await records(member, 'type=withdraw');
    expect(withdrawals.total).toBe(2);
    expect(withdrawals.list.map((record) => record.state)).toEqual(['refused', 'completed']);
    expect((await records(member, 'type=transfer')).total).toBe(1);
    expect((await records(member, 'type=deposit')).total).toBe(0);

    const second = await records(member, 'page=2&size=1');
    expect(second.total).toBe(4);
    expect(rows(second.list)).toEqual([['withdraw', '-200.0000', 'completed', '760.0000']]);
    const beyond = await records(member, 'page=9&size=1');
    expect(beyond).toMatchObject({ list: [], total: 4 });
  });

  it('When the date range is given, then it is read as wall-clock time in the platform zone, to the second', async () => {
    expect((await sut.get('/api/f/v1/member/preInfo')).json().data.timeZone).toBe(PLATFORM_ZONE);
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '100');
    const [record] = (await records(member)).list;
    const at = new Date(record!.createdAt);
    const wall = (offsetMs: number) =>
      encodeURIComponent(formatDateTime(new Date(at.getTime() + offsetMs), PLATFORM_ZONE));
    const count = async (query: string) => (await records(member, query)).total;

    // The record's own second is inside the range on both ends.
    expect(await count(`startTime=${wall(0)}`)).toBe(1);
    expect(await count(`endTime=${wall(0)}`)).toBe(1);
    // One second either side of it is outside.
    expect(await count(`startTime=${wall(1000)}`)).toBe(0);
    expect(await count(`endTime=${wall(-1000)}`)).toBe(0);
    // A time that is not one is refused, not read as no filter.
    for (const bad of ['2099-13-01%2000:00:00', 'xxxxxxxx', '2026-02-29']) {
      const refused = await sut.get(`/api/f/v1/wallet/records?startTime=${bad}`, member.headers);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().code, bad).toBe('DATE_INVALID');
    }

    // "Today" as the site computes it for the platform, from any phone.
    const today = dateRangeFor(0, at, PLATFORM_ZONE);
    expect(
      await count(`startTime=${encodeURIComponent(today.startTime)}&endTime=${encodeURIComponent(today.endTime)}`),
    ).toBe(1);
    const yesterday = dateRangeFor(1, at, PLATFORM_ZONE);
    expect(
      await count(
        `startTime=${encodeURIComponent(yesterday.startTime)}&endTime=${encodeURIComponent(yesterday.endTime)}`,
      ),
    ).toBe(0);
  });

  it('When a member opens someone else’s record, then it is not found', async () => {
    const owner = await walletMember(sut, { card: false });
    await desk.credit(owner.id, '10');
    const [record] = (await records(owner)).list;
    const stranger = await walletMember(sut, { card: false });
    const response = await sut.get(`/api/f/v1/wallet/records/detail?id=${record!.id}`, stranger.headers);
    expect(response.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });
});

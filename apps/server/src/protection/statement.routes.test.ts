import { randomUUID } from 'node:crypto';
import { paths, platformDay, SESSION_EXPIRED_BODY } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

describe.each(testDatabases)('the activity statement and the reality check on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let member: Awaited<ReturnType<typeof walletMember>>;
  let deposited: string;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    member = await walletMember(sut);
    // An adjustment is not a deposit: it moves money but the statement leaves it out.
    await desk.credit(member.id, '300');
    const order = (
      await sut.post(
        paths.deposit,
        { channel: 'bank', amount: '500' },
        { ...member.headers, 'idempotency-key': randomUUID() },
      )
    ).json().data;
    deposited = order.payAmount;
    expect((await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`)).json().data.status).toBe('confirmed');
    const withdrawal = (
      await sut.post(
        paths.withdraw,
        { amount: '100', cardId: member.cardId, password: sut.encrypt('123456') },
        { ...member.headers, 'idempotency-key': randomUUID() },
      )
    ).json().data;
    expect((await desk.post(`/api/admin/v1/withdrawals/${withdrawal.id}/pay`)).json().data.status).toBe('paid');
    const event = await insertEvent(sut.container.db);
    const bet = await sut.app.inject({
      method: 'POST',
      url: paths.placeBet,
      payload: {
        type: 'single',
        stake: '10',
        legs: [{ selectionId: String(event.markets[0]!.selections.home), odds: '2.10' }],
      },
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });
    expect(bet.json().status).toBe(true);
    // Someone else's play never shows in this member's statement.
    const other = await walletMember(sut);
    await desk.credit(other.id, '50');
    await sut.app.inject({
      method: 'POST',
      url: paths.placeBet,
      payload: {
        type: 'single',
        stake: '20',
        legs: [{ selectionId: String(event.markets[0]!.selections.home), odds: '2.10' }],
      },
      headers: { ...other.headers, 'idempotency-key': randomUUID() },
    });
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  it('sums deposits credited, withdrawals paid, stakes and payouts per month, newest first', async () => {
    const month = platformDay(new Date(), sut.config.timeZone).slice(0, 7);
    const one = (await sut.get(`${paths.memberStatement}?months=1`, member.headers)).json().data;
    expect(one).toMatchObject({
      deposits: deposited,
      withdrawals: '100.0000',
      stakes: '10.0000',
      payouts: '0.0000',
      net: '-10.0000',
    });
    expect(one.months).toEqual([
      { month, deposits: deposited, withdrawals: '100.0000', stakes: '10.0000', payouts: '0.0000', net: '-10.0000' },
    ]);

    const year = (await sut.get(`${paths.memberStatement}?months=12`, member.headers)).json().data;
    expect(year.months).toHaveLength(12);
    expect(year.months[0].month).toBe(month);
    expect(year.months[1].month < month).toBe(true);
    expect(year.months[11]).toMatchObject({ deposits: '0.0000', net: '0.0000' });
    expect(year.net).toBe('-10.0000');
    expect(Date.parse(year.from)).toBeLessThan(Date.parse(one.from));

    const bad = await sut.get(`${paths.memberStatement}?months=2`, member.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('exports the statement as CSV with a BOM, a header in the reader’s language, a row per month and a total', async () => {
    const response = await sut.get(`${paths.memberStatementCsv}?months=3`, { ...member.headers, lang: 'zh-HK' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-3m.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('月份,充值,提現,投注,派彩,淨輸贏');
    expect(lines).toHaveLength(1 + 3 + 1);
    const shown = deposited.replace(/(\.\d{2})\d*$/, '$1');
    expect(lines[4]).toBe(`合計,${shown},100.00,10.00,0.00,-10.00`);

    const simplified = await sut.get(`${paths.memberStatementCsv}?months=1`, member.headers);
    expect(simplified.body.slice(1).split('\r\n')[0]).toBe('月份,充值,提现,投注,派彩,净输赢');
    const visitor = await sut.get(`${paths.memberStatementCsv}?months=1`);
    expect(visitor.json()).toEqual(SESSION_EXPIRED_BODY);
  });

  it("answers the reality check with the session's start, its stakes and result, and the member's intervals", async () => {
    await sut.put(paths.memberLimitsUpdate, { realityMinutes: '30', sessionMinutes: '120' }, member.headers);
    const summary = (await sut.get(paths.memberSession, member.headers)).json().data;
    expect(summary).toMatchObject({
      stakes: '10.0000',
      net: '-10.0000',
      realityMinutes: 30,
      sessionMinutes: 120,
      withdrawOnly: false,
    });
    expect(Date.now() - Date.parse(summary.startedAt)).toBeLessThan(120_000);

    // A new session starts from nothing.
    const fresh = (await sut.login(member.account, member.password)).json().data.token as string;
    const again = (await sut.get(paths.memberSession, { t: fresh })).json().data;
    expect(again).toMatchObject({ stakes: '0.0000', net: '0.0000' });
    expect(Date.parse(again.startedAt)).toBeGreaterThan(Date.parse(summary.startedAt));
  });
});

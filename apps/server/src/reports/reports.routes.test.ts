import { randomBytes } from 'node:crypto';
import { addDays, type DashboardView, platformDay } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorActor } from '../admin/operator-actor';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, signedInOperator, walletMember } from '../test/wallet-fixtures';
import { createReportsService } from './reports.service';

/** Scale-4 units of a wire amount. */
const units = (text: string): bigint => {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.value;
};

describe.each(testDatabases)('the console figures on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let today: string;
  const admin: OperatorActor = { id: 1n, account: 'admin', role: 'admin', ip: '127.0.0.1' };
  /** What the dashboard showed before the scenario (the demo seed's own rows), so the test checks its own sums. */
  let before: DashboardView;
  /** Figures read without the 30-second cache, straight from the service the route uses. */
  const figures = () =>
    createReportsService({ db: sut.container.db, timeZone: sut.config.timeZone, dashboardCacheMs: 0 }).dashboard(admin);

  const scenario = {
    oldDepositToday: '',
    newMemberDeposit: '',
    oldMemberAccount: '',
    oldMemberId: '',
    newMemberId: '',
    registeredDay: '',
  };

  async function insertSportsBet(
    memberId: string,
    stake: string,
    payout: string | null,
    settledDaysAgo: number | null,
  ) {
    await sut.container.db.execute(sql`
      insert into sports_bets (member_id, idempotency_key, params_hash, type, stake, line_count, total_stake,
        potential_payout, status, payout, placed_at, settled_at)
      values (${memberId}, ${randomBytes(6).toString('hex')}, 'h', 'single', ${units(stake).toString()}, 1,
        ${units(stake).toString()}, ${units(stake).toString()} * 3, ${settledDaysAgo === null ? 'open' : 'settled'},
        ${payout === null ? null : units(payout).toString()},
        now() - make_interval(days => ${settledDaysAgo ?? 0}),
        ${settledDaysAgo === null ? null : sql`now() - make_interval(days => ${settledDaysAgo})`})`);
  }

  async function insertVendorBet(memberId: string, stake: string, payout: string) {
    await sut.container.db.execute(sql`
      insert into vendor_bets (platform, member_id, reference, stake, payout, valid, status, settled_at)
      values ('SIMSLOT', ${memberId}, ${randomBytes(6).toString('hex')}, ${units(stake).toString()},
        ${units(payout).toString()}, ${units(stake).toString()}, 'settled', now())`);
  }

  /** A bank deposit confirmed by the desk: its id and the amount credited (with the odd cents). */
  async function deposit(member: { headers: Record<string, string> }, amount: string) {
    const order = (await sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount }, member.headers)).json().data;
    const confirmed = await desk.post(`/api/admin/v1/deposits/${order.id}/confirm`);
    expect(confirmed.json().data.status).toBe('confirmed');
    return { id: order.id as string, payAmount: order.payAmount as string };
  }

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    today = platformDay(new Date(), sut.config.timeZone);
    before = await figures();

    // An old member: registered 40 days ago, first deposit 35 days ago; today another deposit, a withdrawal paid
    // and one refused, and a sportsbook bet the house won.
    const old = await walletMember(sut);
    scenario.oldMemberId = old.id;
    scenario.oldMemberAccount = old.account;
    await sut.container.db.execute(
      sql`update members set created_at = now() - interval '40 days' where id = ${old.id}`,
    );
    const first = await deposit(old, '500');
    await sut.container.db.execute(
      sql`update deposit_orders set resolved_at = now() - interval '35 days', created_at = now() - interval '35 days'
        where id = ${first.id}`,
    );
    scenario.registeredDay = platformDay(new Date(Date.now() - 40 * 86_400_000), sut.config.timeZone);
    scenario.oldDepositToday = (await deposit(old, '300')).payAmount;
    const paid = (
      await sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '200', cardId: old.cardId, password: sut.encrypt('123456') },
        old.headers,
      )
    ).json().data;
    expect((await desk.post(`/api/admin/v1/withdrawals/${paid.id}/pay`)).json().data.status).toBe('paid');
    const refused = (
      await sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '100', cardId: old.cardId, password: sut.encrypt('123456') },
        old.headers,
      )
    ).json().data;
    await desk.post(`/api/admin/v1/withdrawals/${refused.id}/refuse`, { reason: 'card holder mismatch' });
    await insertSportsBet(old.id, '100', '0', 0);
    await insertSportsBet(old.id, '40', '0', 2);

    // A new member: registers and makes a first deposit today; a sportsbook bet they won and a vendor game they lost.
    const fresh = await walletMember(sut);
    scenario.newMemberId = fresh.id;
    scenario.newMemberDeposit = (await deposit(fresh, '1000')).payAmount;
    await insertSportsBet(fresh.id, '50', '95', 0);
    await insertVendorBet(fresh.id, '20', '0');

    // A member who only has an open bet today: active, no deposit.
    const better = await walletMember(sut);
    await insertSportsBet(better.id, '10', null, null);
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('shows today’s deposits, paid withdrawals, net, GGR per product, active, new and first-deposit members', async () => {
    const view = await figures();
    const deposited = units(scenario.oldDepositToday) + units(scenario.newMemberDeposit);
    expect(view.day).toBe(today);
    expect(view.today.deposits).toEqual({
      count: before.today.deposits.count + 2,
      amount: formatAmount(units(before.today.deposits.amount) + deposited),
    });
    expect(view.today.withdrawals).toEqual({
      count: before.today.withdrawals.count + 1,
      amount: formatAmount(units(before.today.withdrawals.amount) + units('200')),
    });
    expect(units(view.today.net) - units(before.today.net)).toBe(deposited - units('200'));
    // Sportsbook 100 won and 50 staked for 95 paid: 55; the vendor 20.
    expect(view.today.products).toEqual([
      { product: 'sports', kind: 'sports', name: '', bets: 2, stake: '150.0000', payout: '95.0000', ggr: '55.0000' },
      {
        product: 'vendor:SIMSLOT',
        kind: 'vendor',
        name: 'SIMSLOT',
        bets: 1,
        stake: '20.0000',
        payout: '0.0000',
        ggr: '20.0000',
      },
    ]);
    expect(units(view.today.ggr) - units(before.today.ggr)).toBe(units('75'));
    expect(view.today.activeMembers - before.today.activeMembers).toBe(3);
    // The old member's registration is 40 days back: only the new member and the bettor are new today.
    expect(view.today.newMembers - before.today.newMembers).toBe(2);
    expect(view.today.firstDeposits).toEqual({
      count: before.today.firstDeposits.count + 1,
      amount: formatAmount(units(before.today.firstDeposits.amount) + units(scenario.newMemberDeposit)),
    });
  });

  it('charts 30 days ending today, with the bet settled two days ago on its day', async () => {
    const view = await figures();
    expect(view.series).toHaveLength(30);
    expect(view.series[29]?.day).toBe(today);
    expect(view.series[0]?.day).toBe(addDays(today, -29));
    const twoDaysAgo = view.series.find((day) => day.day === addDays(today, -2));
    const earlier = before.series.find((day) => day.day === addDays(today, -2));
    expect(units(twoDaysAgo?.ggr ?? '0') - units(earlier?.ggr ?? '0')).toBe(units('40'));
    expect(view.series[29]?.ggr).toBe(view.today.ggr);
    expect(view.series[29]?.firstDeposits).toBe(view.today.firstDeposits.count);
  });

  it('counts each queue with its oldest item', async () => {
    const member = await walletMember(sut);
    await sut.post('/api/f/v1/wallet/deposit', { channel: 'bank', amount: '321' }, member.headers);
    const view = await figures();
    const deposits = view.queues.find((queue) => queue.key === 'deposits');
    expect(deposits?.count).toBe((before.queues.find((queue) => queue.key === 'deposits')?.count ?? 0) + 1);
    expect(deposits?.oldestAt).not.toBeNull();
    expect(view.queues.map((queue) => queue.key)).toEqual(['deposits', 'withdrawals', 'approvals', 'claims', 'chats']);
  });

  it('answers the dashboard to the report roles and refuses support', async () => {
    const response = await desk.get('/api/admin/v1/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.day).toBe(today);
    const support = await signedInOperator(sut, 'support');
    const refused = await sut.get('/api/admin/v1/dashboard', support.headers);
    expect(refused.statusCode).toBe(403);
    const finance = await signedInOperator(sut, 'finance');
    expect((await sut.get(`/api/admin/v1/reports/pnl?from=${today}&to=${today}`, finance.headers)).statusCode).toBe(
      200,
    );
  });

  it('reports the daily P&L per product over a range, sorted and paged, with totals', async () => {
    const from = addDays(today, -6);
    const page = (await desk.get(`/api/admin/v1/reports/pnl?from=${from}&to=${today}&sort=-ggr&pageSize=1`)).json()
      .data;
    expect(page.total).toBe(3);
    expect(page.rows).toEqual([
      {
        day: today,
        product: 'sports',
        kind: 'sports',
        name: '',
        bets: 2,
        stake: '150.0000',
        payout: '95.0000',
        ggr: '55.0000',
      },
    ]);
    expect(page.totals).toEqual({ bets: 4, stake: '210.0000', payout: '95.0000', ggr: '115.0000' });
    // Every day of the range, days without bets at zero.
    expect(page.byDay).toHaveLength(7);
    expect(page.byDay[0]).toEqual({ day: from, stake: '0.0000', payout: '0.0000', ggr: '0.0000' });
    expect(page.byDay[4]).toEqual({ day: addDays(today, -2), stake: '40.0000', payout: '0.0000', ggr: '40.0000' });
    expect(page.byDay[6]).toEqual({ day: today, stake: '170.0000', payout: '95.0000', ggr: '75.0000' });
    const second = (
      await desk.get(`/api/admin/v1/reports/pnl?from=${from}&to=${today}&sort=-ggr&pageSize=1&page=2`)
    ).json().data;
    expect(second.rows[0]).toMatchObject({ day: addDays(today, -2), product: 'sports', ggr: '40.0000' });
  });

  it('reports deposits by channel, withdrawals by day and status, and the registration cohorts', async () => {
    const range = `from=${addDays(today, -60)}&to=${today}`;
    const channels = (await desk.get(`/api/admin/v1/reports/deposit-channels?${range}`)).json().data;
    const bank = channels.rows.find((row: { channelId: string }) => row.channelId === 'bank');
    expect(bank).toMatchObject({ count: 3, members: 2 });
    expect(units(bank.amount)).toBeGreaterThan(units('1800'));

    const withdrawals = (await desk.get(`/api/admin/v1/reports/withdrawals?${range}`)).json().data;
    expect(withdrawals.rows).toEqual([
      {
        day: today,
        requested: 2,
        requestedAmount: '300.0000',
        waiting: 0,
        paid: 1,
        paidAmount: '200.0000',
        fee: expect.any(String),
        refused: 1,
        refusedAmount: '100.0000',
        cancelled: 0,
        cancelledAmount: '0.0000',
      },
    ]);

    const cohorts = (await desk.get(`/api/admin/v1/reports/registrations?${range}&sort=day`)).json().data;
    const oldCohort = cohorts.rows.find((row: { day: string }) => row.day === scenario.registeredDay);
    expect(oldCohort).toMatchObject({ registered: 1, within1: 0, within7: 1, within30: 1 });
    const todayCohort = cohorts.rows.find((row: { day: string }) => row.day === today);
    expect(todayCohort.within1).toBe(1);
    expect(todayCohort.registered).toBeGreaterThanOrEqual(3);
  });

  it('reports the agents’ commissions per period', async () => {
    const [run] = resultRows<{ id: string }>(
      await sut.container.db.execute(sql`
        insert into agent_commission_runs (period, scheme, status) values ('2099-W01', '{}', 'done') returning id`),
    );
    for (const [memberId, amount, status] of [
      [scenario.oldMemberId, 120000n, 'paid'],
      [scenario.newMemberId, 30000n, 'pending'],
    ] as const)
      await sut.container.db.execute(sql`
        insert into agent_commissions (agent_id, period, run_id, basis, basis_amount, second_amount, members,
          second_members, tier, rate, second_rate, amount, multiple, status)
        values (${memberId}, '2099-W01', ${run?.id}, 'turnover', 1000000, 0, 2, 0, 1, 100, 0, ${amount.toString()}, 1, ${status})`);
    const report = (await desk.get(`/api/admin/v1/reports/agent-commissions?from=${today}&to=${today}`)).json().data;
    expect(report.rows).toEqual([
      {
        period: '2099-W01',
        agents: 2,
        members: 4,
        basisAmount: '200.0000',
        secondAmount: '0.0000',
        amount: '15.0000',
        paid: '12.0000',
        pending: '3.0000',
        claimed: '0.0000',
        expired: '0.0000',
      },
    ]);
  });

  it('exports a report as CSV with a BOM, the zh-CN headers and amounts to 2 decimals', async () => {
    const response = await desk.get(`/api/admin/v1/reports/pnl.csv?from=${addDays(today, -6)}&to=${today}&sort=-ggr`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF日期,产品类别,产品,名称,注单数,投注额,派彩,毛利(GGR)');
    expect(lines[1]).toBe(`${today},体育,sports,,2,150.00,95.00,55.00`);
    expect(lines).toHaveLength(5);
    const support = await signedInOperator(sut, 'support');
    expect((await sut.get(`/api/admin/v1/reports/pnl.csv?from=${today}&to=${today}`, support.headers)).statusCode).toBe(
      403,
    );
  });

  it('refuses a range longer than 366 days or backwards', async () => {
    const long = await desk.get(`/api/admin/v1/reports/pnl?from=${addDays(today, -366)}&to=${today}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('REPORT_RANGE_TOO_LONG');
    expect((await desk.get(`/api/admin/v1/reports/pnl?from=${addDays(today, -365)}&to=${today}`)).statusCode).toBe(200);
    expect((await desk.get(`/api/admin/v1/reports/pnl?from=${today}&to=${addDays(today, -1)}`)).json().code).toBe(
      'DATE_INVALID',
    );
  });

  it('lets the audit log find an operator’s action by member, action, operator and time, with before and after', async () => {
    await desk.post(`/api/admin/v1/members/${scenario.oldMemberId}/adjust`, {
      amount: '12',
      reason: 'goodwill credit',
    });
    const byAccount = (
      await desk.get(`/api/admin/v1/audit-log?member=${scenario.oldMemberAccount}&action=wallet.adjust`)
    ).json().data;
    expect(byAccount.total).toBe(1);
    expect(byAccount.rows[0]).toMatchObject({
      action: 'wallet.adjust',
      target: `member:${scenario.oldMemberId}`,
      memberId: scenario.oldMemberId,
      operatorAccount: 'admin',
      before: null,
      after: { amount: '12.0000', reason: 'goodwill credit' },
    });
    const byId = (await desk.get(`/api/admin/v1/audit-log?member=${scenario.oldMemberId}`)).json().data;
    expect(byId.rows.map((row: { action: string }) => row.action)).toContain('wallet.adjust');
    expect(byId.rows.every((row: { memberId: string }) => row.memberId === scenario.oldMemberId)).toBe(true);

    const prefix = (await desk.get('/api/admin/v1/audit-log?action=withdrawal.&pageSize=100')).json().data;
    expect(prefix.rows.map((row: { action: string }) => row.action).sort()).toEqual([
      'withdrawal.pay',
      'withdrawal.refuse',
    ]);
    expect((await desk.get('/api/admin/v1/audit-log?operator=nobody')).json().data.total).toBe(0);
    expect((await desk.get(`/api/admin/v1/audit-log?operator=ADMIN&to=${addDays(today, -1)}`)).json().data.total).toBe(
      0,
    );
    const all = (await desk.get(`/api/admin/v1/audit-log?operator=admin&from=${today}&pageSize=2`)).json().data;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThan(4);
    expect(all.rows[0].action).toBe('wallet.adjust');
    expect(Date.parse(all.rows[0].at)).toBeGreaterThanOrEqual(Date.parse(all.rows[1].at));

    // A settings change records the whole new state: its before is the state the previous change recorded.
    await desk.settings({ withdrawMin: '101.0000' });
    await desk.settings({ withdrawMin: '102.0000' });
    const settings = (await desk.get('/api/admin/v1/audit-log?action=wallet.settings&pageSize=2')).json().data;
    expect(settings.rows[0].before).toMatchObject({ withdrawMin: expect.stringMatching(/^101/) });
    expect(settings.rows[0].after).toMatchObject({ withdrawMin: expect.stringMatching(/^102/) });

    const finance = await signedInOperator(sut, 'finance');
    expect((await sut.get('/api/admin/v1/audit-log', finance.headers)).statusCode).toBe(403);
    expect((await desk.get('/api/admin/v1/audit-log?from=2026-02-30')).statusCode).toBe(400);
  });
});

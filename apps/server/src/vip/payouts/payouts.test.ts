import { addDays, isoWeekOf, platformDay } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { fixtureMembers, mainOf } from '../../sports/settlement/bet-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { signedInOperator } from '../../test/wallet-fixtures';
import { ratePercent, rebateOf } from '../rebate-rates';
import { periodDays, weekMonday } from './payout-periods';
import { priceRebate } from './payouts.service';
import { casinoBet, grantsOf, setBirthday, setLevel, setMode, vendorBet } from './payouts-fixtures';
import { payoutTick } from './payouts-jobs';

const YUAN = 10_000n;

describe('payout arithmetic and periods', () => {
  it('prices a rebate per category, truncated to 0.0001, the default rate for unlisted ones', () => {
    expect(rebateOf(1_234_567n, 4000)).toBe(4938n); // 123.4567 x 0.4% = 0.4938268 -> 0.4938
    const priced = priceRebate(
      [
        { category: 'casino', valid: 1_234_567n },
        { category: 'pg', valid: 10_000_001n },
      ],
      { sports: 4000, casino: 4000, default: 3000 },
    );
    expect(priced.amount).toBe(4938n + 30_000n);
    expect(priced.detail).toMatchObject({ 'casino.rate': '0.4', 'pg.rate': '0.3', 'pg.amount': '3.0000' });
    expect(ratePercent(5500)).toBe('0.55');
    expect(ratePercent(10_000)).toBe('1');
  });

  it('names ISO weeks and months', () => {
    expect(isoWeekOf('2026-11-26')).toBe('2026-W48');
    expect(weekMonday('2026-W48')).toBe('2026-11-23');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(weekMonday('2020-W53')).toBe('2020-12-28');
    expect(periodDays('weekly', '2026-W48')).toEqual({ first: '2026-11-23', next: '2026-11-30' });
    expect(periodDays('monthly', '2026-12')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(periodDays('rebate', '2026-02-30')).toBeNull();
    expect(periodDays('weekly', '2026-W54')).toBeNull();
  });
});

describe.each(testDatabases)('VIP payouts on %s', (kind) => {
  let sut: TestApp;
  let timeZone: string;
  let today: string;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    timeZone = sut.config.timeZone;
    today = platformDay(new Date(), timeZone);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  const members = (count: number) => fixtureMembers(sut.container.db, sut.container.wallet.ledger, count, 0n);
  const payouts = () => sut.container.vipPayouts;

  it('pays a day of bets its rebate at the configured rate to the 0.0001, per category, once', async () => {
    const db = sut.container.db;
    const day = addDays(today, -3);
    const [a, b] = (await members(2)) as [bigint, bigint];
    await setLevel(db, [a], 1); // sports/casino 0.4%, default 0.3%
    await setLevel(db, [b], 2); // 0.5%, default 0.4%
    await setMode(db, 'rebate', { mode: 'auto' });
    await casinoBet(db, a, day, 1_234_567n, timeZone);
    await casinoBet(db, a, day, 100_000n, timeZone);
    await vendorBet(db, a, day, { platform: 'pg', valid: 10_000_001n }, timeZone);
    await vendorBet(db, a, day, { platform: 'pg', valid: 50_000_000n, status: 'rolled_back' }, timeZone);
    await vendorBet(db, a, addDays(day, -1), { platform: 'pg', valid: 90_000_000n }, timeZone);
    await vendorBet(db, b, day, { platform: 'jdb', valid: 33_333_333n }, timeZone);

    const run = await payouts().runPeriod('rebate', day);
    expect(run.status).toBe('done');
    const grants = await grantsOf(db, 'rebate', [a, b]);
    // a: casino 133.4567 x 0.4% = 0.5338 (0.53382...), pg 1000.0001 x 0.3% = 3.0000; b: jdb 3333.3333 x 0.4% = 13.3333
    expect(grants.map((grant) => [grant.member_id, grant.amount])).toEqual([
      [String(a), String(5338n + 30_000n)],
      [String(b), '133333'],
    ]);
    expect(grants[0]?.reference).toBe(`rebate:${day}`);
    expect(grants[0]?.detail).toMatchObject({
      'casino.valid': '133.4567',
      'casino.rate': '0.4',
      'casino.amount': '0.5338',
      'pg.valid': '1000.0001',
      'pg.amount': '3.0000',
    });
    expect(await mainOf(sut.container.wallet.ledger, a)).toBe(35_338n);

    // Again: the run says done; and forced from the start, every payout is already there: nothing more.
    await payouts().runPeriod('rebate', day);
    await db.execute(sql`update vip_payout_runs set status = 'running', cursor = 0
      where kind = 'rebate' and period = ${day}`);
    const forced = await payouts().runPeriod('rebate', day);
    expect(forced.status).toBe('done');
    expect(await grantsOf(db, 'rebate', [a, b])).toHaveLength(2);
    expect(await mainOf(sut.container.wallet.ledger, a)).toBe(35_338n);
    expect(forced.payouts).toBe(2);
  }, 60_000);

  it('resumes a run killed after its first slice and pays each member once', async () => {
    const db = sut.container.db;
    const day = addDays(today, -10);
    const ids = await members(5);
    await setLevel(db, ids, 1);
    await setMode(db, 'rebate', { mode: 'auto' });
    for (const id of ids) await casinoBet(db, id, day, 1_000_000n, timeZone);

    await expect(
      payouts().runPeriod('rebate', day, {
        sliceSize: 2,
        afterSlice: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const [half] = resultRows<{ status: string; cursor: string; payouts: number }>(
      await db.execute(sql`select status, cursor::text, payouts from vip_payout_runs
        where kind = 'rebate' and period = ${day}`),
    );
    expect(half).toMatchObject({ status: 'running', cursor: String(ids[1]), payouts: 2 });
    expect(await grantsOf(db, 'rebate', ids)).toHaveLength(2);

    // The next tick (or process) resumes from the cursor.
    const run = await payouts().runPeriod('rebate', day, { sliceSize: 2 });
    expect(run).toMatchObject({ status: 'done', payouts: 5, credited: 5, amount: 5n * 4_000n });
    const grants = await grantsOf(db, 'rebate', ids);
    expect(grants.map((grant) => grant.member_id)).toEqual(ids.map(String));
  }, 60_000);

  it('pays once when two runners take the same period at once', async () => {
    const db = sut.container.db;
    const day = addDays(today, -5);
    const ids = await members(7);
    await setLevel(db, ids, 2);
    await setMode(db, 'rebate', { mode: 'auto' });
    for (const id of ids) await vendorBet(db, id, day, { platform: 'pg', valid: 2_000_000n }, timeZone);
    const runs = await Promise.all([
      payouts().runPeriod('rebate', day, { sliceSize: 2 }),
      payouts().runPeriod('rebate', day, { sliceSize: 3 }),
      payouts().runPeriod('rebate', day, { sliceSize: 2 }),
    ]);
    for (const run of runs) expect(run.status).toBe('done');
    expect(runs[0]).toMatchObject({ payouts: 7, credited: 7 });
    const grants = await grantsOf(db, 'rebate', ids);
    expect(grants.map((grant) => grant.member_id)).toEqual(ids.map(String));
    for (const grant of grants) expect(grant.amount).toBe('8000'); // 200.0000 x 0.4% (level 2's default rate)
  }, 60_000);

  it('pays each level its wage, and only members whose turnover qualifies', async () => {
    const db = sut.container.db;
    const week = isoWeekOf(addDays(today, -14));
    const [zero, one, three, idle] = (await members(4)) as [bigint, bigint, bigint, bigint];
    await setLevel(db, [zero], 0);
    await setLevel(db, [one], 1);
    await setLevel(db, [three, idle], 3);
    await setMode(db, 'weekly', { mode: 'auto', minTurnover: 100n * YUAN });
    for (const id of [zero, one, three])
      await vendorBet(db, id, weekMonday(week), { platform: 'pg', valid: 150n * YUAN }, timeZone);
    await vendorBet(db, idle, weekMonday(week), { platform: 'pg', valid: 99n * YUAN }, timeZone);
    await payouts().runPeriod('weekly', week, { sliceSize: 3 });
    const grants = await grantsOf(db, 'vip_weekly', [zero, one, three, idle]);
    expect(grants.map((grant) => [grant.member_id, grant.amount])).toEqual([
      [String(one), '20000'],
      [String(three), '180000'],
    ]);
    await setMode(db, 'weekly', { minTurnover: 0n });

    const month = addDays(`${today.slice(0, 7)}-01`, -40).slice(0, 7);
    await setMode(db, 'monthly', { mode: 'auto' });
    await payouts().runPeriod('monthly', month);
    const monthly = await grantsOf(db, 'vip_monthly', [zero, one, three, idle]);
    expect(monthly.map((grant) => [grant.member_id, grant.amount])).toEqual([
      [String(one), '50000'],
      [String(three), '580000'],
      [String(idle), '580000'],
    ]);
    expect(monthly[0]?.reference).toBe(`vip_monthly:${month}`);
  }, 60_000);

  it('pays a birthday once a year', async () => {
    const db = sut.container.db;
    const [member] = (await members(1)) as [bigint];
    await setLevel(db, [member], 2);
    await setMode(db, 'birthday', { mode: 'auto' });
    const day = addDays(today, -2);
    await setBirthday(db, member, `1990-${day.slice(5)}`);
    await payouts().runPeriod('birthday', day);
    expect(await grantsOf(db, 'vip_birthday', [member])).toHaveLength(1);
    // An operator moves the birthday to the next day: the same year is not paid twice.
    await setBirthday(db, member, `1990-${addDays(day, 1).slice(5)}`);
    await payouts().runPeriod('birthday', addDays(day, 1));
    const grants = await grantsOf(db, 'vip_birthday', [member]);
    expect(grants.map((grant) => grant.amount)).toEqual(['280000']);
    // Next year's birthday is paid.
    const nextYear = `${Number(day.slice(0, 4)) + 1}${addDays(day, 1).slice(4)}`;
    await payouts().runPeriod('birthday', nextYear);
    expect(await grantsOf(db, 'vip_birthday', [member])).toHaveLength(2);
  }, 60_000);

  it('leaves claim-mode payouts to claim: 100 parallel claims credit once, others’ ids and expired ones refused', async () => {
    const db = sut.container.db;
    const alice = await sut.register();
    const bob = await sut.register();
    const idOf = async (token: string) =>
      BigInt((await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id as string);
    const aliceId = await idOf(alice.token);
    const bobId = await idOf(bob.token);
    await setLevel(db, [aliceId, bobId], 1);
    await setMode(db, 'weekly', { mode: 'claim', minTurnover: 0n });
    await setMode(db, 'monthly', { mode: 'claim' });
    const week = isoWeekOf(addDays(today, -21));
    const month = addDays(`${today.slice(0, 7)}-01`, -75).slice(0, 7);
    await payouts().runPeriod('weekly', week);
    await payouts().runPeriod('monthly', month);
    expect(await grantsOf(db, 'vip_weekly', [aliceId])).toHaveLength(0);

    const listed = (await sut.get('/api/f/v1/vip/payouts', { t: alice.token })).json().data;
    expect(listed.total).toBe(2);
    expect(listed.amount).toBe('7.0000');
    const weekly = listed.list.find((one: { kind: string }) => one.kind === 'weekly');
    expect(weekly).toMatchObject({ period: week, amount: '2.0000', status: 'pending', multiple: '1' });

    // Bob cannot see or claim Alice's.
    const foreign = await sut.post('/api/f/v1/vip/payouts/claim', { id: weekly.id }, { t: bob.token });
    expect(foreign.json()).toMatchObject({ status: false, code: 'REWARD_NOT_FOUND' });

    const before = await mainOf(sut.container.wallet.ledger, aliceId);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => sut.post('/api/f/v1/vip/payouts/claim', { id: weekly.id }, { t: alice.token })),
    );
    const okCount = answers.filter((answer) => answer.json().status === true).length;
    expect(okCount).toBe(1);
    for (const answer of answers.filter((one) => one.json().status !== true))
      expect(answer.json().code).toBe('VIP_PAYOUT_CLAIMED');
    expect(await mainOf(sut.container.wallet.ledger, aliceId)).toBe(before + 20_000n);
    expect(await grantsOf(db, 'vip_weekly', [aliceId])).toHaveLength(1);

    // Bob's monthly wage expires unclaimed.
    const bobList = (await sut.get('/api/f/v1/vip/payouts', { t: bob.token })).json().data;
    const bobMonthly = bobList.list.find((one: { kind: string }) => one.kind === 'monthly');
    await db.execute(sql`update vip_payouts set expires_at = now() - interval '1 minute' where id = ${bobMonthly.id}`);
    const expired = await sut.post('/api/f/v1/vip/payouts/claim', { id: bobMonthly.id }, { t: bob.token });
    expect(expired.json()).toMatchObject({ status: false, code: 'VIP_PAYOUT_EXPIRED' });

    // Alice claims the rest at once; then there is nothing left.
    const all = await sut.post('/api/f/v1/vip/payouts/claim-all', {}, { t: alice.token });
    expect(all.json().data).toEqual({ claimed: 1, amount: '5.0000' });
    const none = await sut.post('/api/f/v1/vip/payouts/claim-all', {}, { t: alice.token });
    expect(none.json()).toMatchObject({ status: false, code: 'VIP_NOTHING_TO_CLAIM' });
    expect(await mainOf(sut.container.wallet.ledger, aliceId)).toBe(before + 70_000n);
  }, 120_000);

  it('lets operators set the modes, run a period (once) and list the runs, audited', async () => {
    const db = sut.container.db;
    const marketer = await signedInOperator(sut, 'marketing');
    const support = await signedInOperator(sut, 'support');
    const settings = await sut.get('/api/admin/v1/vip/payout-settings', support.headers);
    expect(settings.json().data.map((one: { kind: string }) => one.kind)).toEqual([
      'rebate',
      'weekly',
      'monthly',
      'birthday',
    ]);
    const refused = await sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/vip/payout-settings',
      payload: { settings: [{ kind: 'rebate', mode: 'claim', enabled: true, minTurnover: '0', expiryDays: 3 }] },
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
    const saved = await sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/vip/payout-settings',
      payload: { settings: [{ kind: 'rebate', mode: 'claim', enabled: true, minTurnover: '0', expiryDays: 3 }] },
      headers: marketer.headers,
    });
    expect(saved.json().data[0]).toMatchObject({ kind: 'rebate', mode: 'claim', expiryDays: 3 });

    const day = addDays(today, -6);
    const [member] = (await members(1)) as [bigint];
    await setLevel(db, [member], 1);
    await casinoBet(db, member, day, 500n * YUAN, timeZone);
    const run = (
      await sut.app.inject({
        method: 'POST',
        url: '/api/admin/v1/vip/payout-runs',
        payload: { kind: 'rebate', period: day },
        headers: marketer.headers,
      })
    ).json().data;
    expect(run).toMatchObject({ kind: 'rebate', period: day, mode: 'claim', status: 'done', payouts: 1, credited: 0 });
    expect(run.amount).toBe('2.0000');
    expect(run.startedBy).toBe(`operator:${marketer.id}`);
    const again = (
      await sut.app.inject({
        method: 'POST',
        url: '/api/admin/v1/vip/payout-runs',
        payload: { kind: 'rebate', period: day },
        headers: marketer.headers,
      })
    ).json().data;
    expect(again).toEqual(run);
    const notOver = await sut.app.inject({
      method: 'POST',
      url: '/api/admin/v1/vip/payout-runs',
      payload: { kind: 'rebate', period: today },
      headers: marketer.headers,
    });
    expect(notOver.json()).toMatchObject({ status: false, code: 'VIP_PAYOUT_PERIOD_INVALID' });
    const runs = (await sut.get('/api/admin/v1/vip/payout-runs?kind=rebate', support.headers)).json().data;
    expect(runs.list.some((one: { period: string }) => one.period === day)).toBe(true);
    const audits = resultRows<{ action: string }>(
      await db.execute(sql`select action from audit_log where action like 'vip.payouts.%' order by id`),
    );
    expect(audits.map((one) => one.action)).toEqual(['vip.payouts.settings', 'vip.payouts.run']);
    await setMode(db, 'rebate', { mode: 'auto' });
  }, 60_000);

  it('runs what is due on a tick: yesterday’s rebate after the delay, once', async () => {
    const db = sut.container.db;
    const [member] = (await members(1)) as [bigint];
    await setLevel(db, [member], 1);
    await setMode(db, 'rebate', { mode: 'auto' });
    const yesterday = addDays(today, -1);
    await casinoBet(db, member, yesterday, 1_000n * YUAN, timeZone);
    const now = new Date();
    await payoutTick(payouts(), { now, timeZone });
    await payoutTick(payouts(), { now, timeZone });
    const run = resultRows<{ status: string }>(
      await db.execute(sql`select status from vip_payout_runs where kind = 'rebate' and period = ${yesterday}`),
    );
    // Before the delay after midnight nothing runs; afterwards the day is paid once.
    const grants = await grantsOf(db, 'rebate', [member]);
    if (run.length === 0) expect(grants).toHaveLength(0);
    else expect(grants.map((grant) => grant.amount)).toEqual(['40000']);
    const weekly = resultRows<{ status: string }>(
      await db.execute(sql`select status from vip_payout_runs where kind = 'weekly'
        and period = ${isoWeekOf(addDays(today, -7))}`),
    );
    expect(weekly.map((one) => one.status)).toEqual(['done']);
  }, 60_000);
});

import { addDays, isoWeekOf, platformDay } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { mainOf } from '../sports/settlement/bet-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';
import { casinoBet, grantsOf } from '../vip/payouts/payouts-fixtures';
import { maskAccount, priceCommission } from './agent.service';
import { lastEndedPeriod, periodKind } from './agent-periods';

/** A fresh operator with the marketing role (issue 27), signed in. */
async function signedInMarketer(sut: TestApp) {
  const account = `opmkt${Date.now().toString(36).slice(-6)}`;
  const created = await sut.container.admin.createOperator(account, 'operator12345', 'marketing');
  if (!created) throw new Error('operator not created');
  const login = await sut.operatorLogin(account, 'operator12345');
  return { id: String(created.id), headers: { authorization: `Bearer ${login.json().data.token}` } };
}

const YUAN = 10_000n;

describe('commission arithmetic', () => {
  const scheme = {
    tiers: [
      { from: 0n, rate: 2000 },
      { from: 1000n * YUAN, rate: 3000 },
      { from: 5000n * YUAN, rate: 5000 },
    ],
    secondRate: 1000,
  };

  it('picks the highest tier the direct total reaches and truncates each level to 0.0001', () => {
    // 1,500.0000 reaches the 1,000 tier: x 0.3% = 4.5000; second level 200.0000 x 0.1% = 0.2000.
    expect(priceCommission(scheme, 1500n * YUAN, 200n * YUAN)).toEqual({ tier: 2, rate: 3000, amount: 47_000n });
    // 999.9999 stays in the first tier: x 0.2% = 1.9999998 -> 1.9999.
    expect(priceCommission(scheme, 9_999_999n, 0n)).toEqual({ tier: 1, rate: 2000, amount: 19_999n });
    // Exactly 5,000.0000 is the third tier: 25.0000.
    expect(priceCommission(scheme, 5000n * YUAN, 0n).amount).toBe(250_000n);
    // A net-loss basis below zero (the downline won) pays nothing on that level.
    expect(priceCommission(scheme, -300n * YUAN, 100n * YUAN).amount).toBe(1_000n);
  });

  it('masks accounts and reads period keys', () => {
    expect(maskAccount('abcdef9')).toBe('ab***9');
    expect(maskAccount('abc')).toBe('a***');
    expect(periodKind('2026-11-25')).toBe('day');
    expect(periodKind('2026-W48')).toBe('week');
    expect(periodKind('2026-11')).toBe('month');
    expect(periodKind('2026-13')).toBeNull();
    const now = new Date('2026-11-26T12:00:00+08:00');
    expect(lastEndedPeriod('day', now, 'Asia/Shanghai')).toBe('2026-11-25');
    expect(lastEndedPeriod('week', now, 'Asia/Shanghai')).toBe(isoWeekOf('2026-11-19'));
    expect(lastEndedPeriod('month', now, 'Asia/Shanghai')).toBe('2026-10');
  });
});

describe.each(testDatabases)('the agent programme on %s', (kind) => {
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

  const idOf = async (token: string) =>
    BigInt((await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id as string);

  /** Registers through an invite code from this device (the site sends the kept `aid` as `i_code`). */
  async function registerVia(code: string, device: string = sut.newDevice()) {
    const { token, account } = await sut.register(undefined, undefined, undefined, { device, inviteCode: code });
    return { token, account, device, id: await idOf(token) };
  }

  /** Members written straight into the table under an inviter (no sign-in needed). */
  async function downlineOf(inviterId: bigint, count: number): Promise<bigint[]> {
    const rows = resultRows<{ id: string }>(
      await sut.container.db.execute(sql`insert into members (account, password_hash, invite_code, inviter_id)
        select 'f' || substr(md5(random()::text), 1, 8) || n, 'x', 'F' || upper(substr(md5(random()::text), 1, 8)) || n,
          ${inviterId}
        from generate_series(1, ${count}) as n returning id::text`),
    );
    return rows.map((row) => BigInt(row.id));
  }

  async function saveScheme(headers: Record<string, string>, change: Record<string, unknown> = {}) {
    return sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/agent/settings',
      payload: {
        enabled: true,
        basis: 'turnover',
        period: 'day',
        tiers: [
          { from: '0', rate: '0.2' },
          { from: '1000', rate: '0.3' },
          { from: '5000', rate: '0.5' },
        ],
        secondRate: '0.1',
        multiple: '1',
        mode: 'claim',
        expiryDays: 7,
        ...change,
      },
      headers,
    });
  }

  const commissionOf = async (agentId: bigint, period: string) =>
    resultRows<{
      id: string;
      amount: string;
      tier: number;
      basis_amount: string;
      second_amount: string;
      status: string;
    }>(
      await sut.container.db.execute(sql`select id::text, amount::text, tier, basis_amount::text, second_amount::text,
        status from agent_commissions where agent_id = ${agentId} and period = ${period}`),
    )[0];

  it('pays a two-level downline its hand-computed commission once; self-invites and shared devices earn nothing', async () => {
    const db = sut.container.db;
    const finance = await signedInOperator(sut, 'finance');
    const support = await signedInOperator(sut, 'support');
    // The scheme is marketing's (the console's role matrix); the money desk computes periods and decides flags.
    const marketing = await signedInMarketer(sut);
    expect((await saveScheme(support.headers)).statusCode).toBe(403);
    expect((await saveScheme(finance.headers)).statusCode).toBe(403);
    const badTiers = await saveScheme(marketing.headers, {
      tiers: [
        { from: '100', rate: '0.2' },
        { from: '100', rate: '0.3' },
      ],
    });
    expect(badTiers.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    const saved = await saveScheme(marketing.headers);
    expect(saved.json().data).toMatchObject({
      period: 'day',
      secondRate: '0.1',
      tiers: [{ from: '0.0000', rate: '0.2' }, {}, {}],
    });

    // A (the agent) registered normally; B through A's link on a phone of its own; D through A's link on A's own
    // phone (self-invite); E on its own phone, then signs in on A's (shared device, found when the day is computed).
    const a = await sut.register();
    const aId = await idOf(a.token);
    const info = (await sut.get('/api/f/v1/agent/info', { t: a.token, host: 'm.example.com' })).json().data;
    expect(info.link).toBe(`http://m.example.com/register?i_code=${info.inviteCode}`);
    const b = await registerVia(info.inviteCode);
    const d = await registerVia(info.inviteCode, a.device);
    const e = await registerVia(info.inviteCode);
    expect((await sut.login(e.account, 'secret123', a.device)).statusCode).toBe(200);
    const [c] = (await downlineOf(aId, 1)) as [bigint];
    const [f, g] = (await downlineOf(b.id, 2)) as [bigint, bigint];
    const [h] = (await downlineOf(d.id, 1)) as [bigint];

    const day = addDays(today, -3);
    const bets: Array<[bigint, bigint]> = [
      [b.id, 800n],
      [c, 700n],
      [d.id, 5000n],
      [e.id, 3000n],
      [f, 150n],
      [g, 50n],
      [h, 1000n],
    ];
    for (const [member, yuan] of bets) await casinoBet(db, member, day, yuan * YUAN, timeZone);
    await casinoBet(db, b.id, addDays(day, -1), 9000n * YUAN, timeZone); // another day: not this period's

    const run = await sut.container.agent.runPeriod(day);
    expect(run.status).toBe('done');

    // The hand-computed table (valid turnover of the day, tiers 0 -> 0.2%, 1,000 -> 0.3%, 5,000 -> 0.5%, second 0.1%):
    // | agent | direct counted          | direct total | tier, rate | second counted  | second total | commission              |
    // | A     | B 800 + C 700           | 1,500        | 2, 0.3%    | F 150 + G 50    | 200          | 4.5000 + 0.2000 = 4.7000 |
    // |       | (D 5,000 self-invite, E 3,000 shared device: left out; they would have made it 9,500 at 0.5%)          |
    // |       |                         |              |            | (H 1,000: under D, flagged)                    |
    // | B     | F 150 + G 50            | 200          | 1, 0.2%    | -               | 0            | 0.4000                  |
    // | D     | H 1,000                 | 1,000        | 2, 0.3%    | -               | 0            | 3.0000                  |
    // | E     | -                       | 0            |            |                 |              | nothing                 |
    expect(await commissionOf(aId, day)).toMatchObject({
      amount: '47000',
      tier: 2,
      basis_amount: String(1500n * YUAN),
      second_amount: String(200n * YUAN),
      status: 'pending',
    });
    expect(await commissionOf(b.id, day)).toMatchObject({ amount: '4000', tier: 1 });
    expect(await commissionOf(d.id, day)).toMatchObject({ amount: '30000', tier: 2 });
    expect(await commissionOf(e.id, day)).toBeUndefined();

    const flags = (await sut.get('/api/admin/v1/agent/flags?status=pending', support.headers)).json().data;
    const mine = flags.list.filter((flag: { agentId: string }) => flag.agentId === String(aId));
    expect(mine.map((flag: { account: string; reason: string }) => [flag.account, flag.reason]).sort()).toEqual(
      [
        [d.account, 'self_invite'],
        [e.account, 'shared_device'],
      ].sort(),
    );

    // The member's page: the period, then the claim; another member's id is not found; twice is not claimable.
    const listed = (await sut.get('/api/f/v1/agent/commissions', { t: a.token })).json().data;
    expect(listed.list[0]).toMatchObject({
      period: day,
      basis: 'turnover',
      basisAmount: '1500.0000',
      secondAmount: '200.0000',
      tier: 2,
      rate: '0.3',
      secondRate: '0.1',
      amount: '4.7000',
      status: 'pending',
    });
    const foreign = await sut.post('/api/f/v1/agent/commissions/claim', { id: listed.list[0].id }, { t: b.token });
    expect(foreign.json()).toMatchObject({ status: false, code: 'COMMISSION_NOT_FOUND' });
    const before = await mainOf(sut.container.wallet.ledger, aId);
    const claimed = await sut.post('/api/f/v1/agent/commissions/claim', { id: listed.list[0].id }, { t: a.token });
    expect(claimed.json().data).toEqual({ id: listed.list[0].id, amount: '4.7000' });
    expect(await mainOf(sut.container.wallet.ledger, aId)).toBe(before + 47_000n);
    const again = await sut.post('/api/f/v1/agent/commissions/claim', { id: listed.list[0].id }, { t: a.token });
    expect(again.json()).toMatchObject({ status: false, code: 'COMMISSION_NOT_CLAIMABLE' });
    const [grant] = await grantsOf(db, 'agent_commission', [aId]);
    expect(grant).toMatchObject({ amount: '47000', reference: `agent_commission:${day}` });
    const records = (await sut.get('/api/f/v1/wallet/records?type=bonus', { t: a.token })).json();
    expect(JSON.stringify(records)).toContain('commission');

    // Re-running: done; forced from the start, every commission exists already: nothing more is written or paid.
    await sut.container.agent.runPeriod(day);
    await db.execute(sql`update agent_commission_runs set status = 'running', cursor = 0 where period = ${day}`);
    const forced = await sut.container.agent.runPeriod(day);
    expect(forced.status).toBe('done');
    expect(await mainOf(sut.container.wallet.ledger, aId)).toBe(before + 47_000n);
    expect(await grantsOf(db, 'agent_commission', [aId])).toHaveLength(1);

    // The downline, masked, newest first, two levels.
    const level1 = (await sut.get('/api/f/v1/agent/downline?level=1', { t: a.token })).json().data;
    expect(level1.total).toBe(4);
    expect(level1.list.map((one: { account: string }) => one.account)).toContain(maskAccount(b.account));
    expect(Object.keys(level1.list[0]).sort()).toEqual(['account', 'deposits', 'registeredAt', 'validTurnover']);
    const bRow = level1.list.find((one: { account: string }) => one.account === maskAccount(b.account));
    expect(bRow.validTurnover).toBe('9800.0000');
    const inDay = (await sut.get(`/api/f/v1/agent/downline?level=1&from=${day}&to=${day}`, { t: a.token })).json().data;
    expect(inDay.list.find((one: { account: string }) => one.account === maskAccount(b.account)).validTurnover).toBe(
      '800.0000',
    );
    const level2 = (await sut.get('/api/f/v1/agent/downline?level=2', { t: a.token })).json().data;
    expect(level2.total).toBe(3);
    const infoAfter = (await sut.get('/api/f/v1/agent/info', { t: a.token })).json().data;
    expect(infoAfter).toMatchObject({ direct: 4, second: 3, paid: '4.7000', waiting: '0.0000' });

    // 100 parallel claims of B's commission: one credit.
    const bList = (await sut.get('/api/f/v1/agent/commissions', { t: b.token })).json().data;
    const bBefore = await mainOf(sut.container.wallet.ledger, b.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        sut.post('/api/f/v1/agent/commissions/claim', { id: bList.list[0].id }, { t: b.token }),
      ),
    );
    expect(answers.filter((answer) => answer.json().status === true)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.json().status !== true))
      expect(answer.json().code).toBe('COMMISSION_NOT_CLAIMABLE');
    expect(await mainOf(sut.container.wallet.ledger, b.id)).toBe(bBefore + 4_000n);
    expect(await grantsOf(db, 'agent_commission', [b.id])).toHaveLength(1);

    // An operator clears E's flag: E counts from the next day computed (auto mode this time), a card bound later
    // by C that A also holds is flagged at that run and C is left out.
    const eFlag = mine.find((flag: { reason: string }) => flag.reason === 'shared_device');
    const decided = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/agent/flags/${eFlag.id}/decide`,
      payload: { decision: 'clear' },
      headers: finance.headers,
    });
    expect(decided.json().data).toMatchObject({ status: 'cleared', decidedBy: `operator:${finance.id}` });
    await saveScheme(marketing.headers, { mode: 'auto' });
    for (const [owner, key] of [
      [c, 'c-card'],
      [aId, 'a-card'],
    ] as const)
      await db.execute(sql`insert into member_cards (member_id, kind, account_no, idempotency_key)
        values (${owner}, 'bank', '6222000011112222', ${key})`);
    const next = addDays(today, -2);
    await casinoBet(db, e.id, next, 2000n * YUAN, timeZone);
    await casinoBet(db, c, next, 4000n * YUAN, timeZone);
    const nextRun = (
      await sut.app.inject({
        method: 'POST',
        url: '/api/admin/v1/agent/runs',
        payload: { period: next },
        headers: finance.headers,
      })
    ).json().data;
    expect(nextRun).toMatchObject({ period: next, status: 'done', startedBy: `operator:${finance.id}` });
    // A: E 2,000 at the 1,000 tier (0.3%) = 6.0000, credited by the run; C's 4,000 left out (shared card).
    expect(await commissionOf(aId, next)).toMatchObject({ amount: '60000', status: 'paid' });
    expect(await mainOf(sut.container.wallet.ledger, aId)).toBe(before + 47_000n + 60_000n);
    const cardFlag = (await sut.get('/api/admin/v1/agent/flags', support.headers))
      .json()
      .data.list.find((flag: { memberId: string; reason: string }) => flag.memberId === String(c));
    expect(cardFlag).toMatchObject({ reason: 'shared_card', detail: '****2222', status: 'pending' });

    // The report, filtered; a period not ended, or not the scheme's kind, is refused.
    const report = (
      await sut.get(`/api/admin/v1/agent/commissions?period=${day}&agentId=${aId}`, support.headers)
    ).json().data;
    expect(report).toMatchObject({ total: 1, amount: '4.7000' });
    expect(report.list[0]).toMatchObject({ account: a.account, members: 2, secondMembers: 2, status: 'claimed' });
    for (const period of [today, isoWeekOf(addDays(today, -14))]) {
      const refused = await sut.app.inject({
        method: 'POST',
        url: '/api/admin/v1/agent/runs',
        payload: { period },
        headers: finance.headers,
      });
      expect(refused.json()).toMatchObject({ status: false, code: 'COMMISSION_PERIOD_INVALID' });
    }
    const audits = resultRows<{ action: string }>(
      await db.execute(sql`select action from audit_log where action like 'agent.%' order by id`),
    ).map((row) => row.action);
    expect(audits).toEqual(expect.arrayContaining(['agent.settings', 'agent.flag.decide', 'agent.run']));
  }, 180_000);

  it('resumes a run killed after its first slice and pays each agent once', async () => {
    const db = sut.container.db;
    const day = addDays(today, -20);
    await db.execute(sql`update agent_settings set period = 'day', mode = 'auto', enabled = true`);
    const agents = resultRows<{ id: string }>(
      await db.execute(sql`insert into members (account, password_hash, invite_code)
        select 'r' || substr(md5(random()::text), 1, 8) || n, 'x', 'R' || upper(substr(md5(random()::text), 1, 8)) || n
        from generate_series(1, 4) as n returning id::text`),
    ).map((row) => BigInt(row.id));
    for (const agentId of agents) {
      const [friend] = (await downlineOf(agentId, 1)) as [bigint];
      await casinoBet(db, friend, day, 1000n * YUAN, timeZone);
    }
    await expect(
      sut.container.agent.runPeriod(day, {
        sliceSize: 2,
        afterSlice: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const run = await sut.container.agent.runPeriod(day, { sliceSize: 2 });
    expect(run.status).toBe('done');
    const grants = await grantsOf(db, 'agent_commission', agents);
    expect(grants.map((grant) => grant.amount)).toEqual(agents.map(() => '30000'));
  }, 120_000);
});

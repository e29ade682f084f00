import { platformDay } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { exclusionRepository } from '../protection/exclusion.repository';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../test/wallet-fixtures';

let reference = 0;

/** A settled valid bet at a vendor, as the vendor callbacks record it (member_valid_bets counts it). */
async function bet(sut: TestApp, memberId: string, valid: string, at = new Date()) {
  reference += 1;
  const amount = BigInt(valid) * 10_000n;
  await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid,
      status, placed_at, settled_at)
    values ('vipt', ${BigInt(memberId)}, ${`vip-${Date.now()}-${reference}`}, ${amount}, 0, ${amount}, 'settled',
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

/** A confirmed deposit (member_deposits counts it). */
async function deposit(sut: TestApp, memberId: string, amountText: string) {
  reference += 1;
  const amount = BigInt(amountText) * 10_000n;
  await sut.container.db.execute(sql`insert into deposit_channels (id, kind, name, min_amount, max_amount, payee)
    values ('vip-test', 'bank', 'VIP test', 0, 100000000000, '{}'::jsonb) on conflict (id) do nothing`);
  await sut.container.db.execute(sql`insert into deposit_orders (member_id, channel_id, amount, pay_amount, remark,
      payee, status, idempotency_key, expires_at, resolved_at)
    values (${BigInt(memberId)}, 'vip-test', ${amount}, ${amount}, 'vip', '{}'::jsonb, 'confirmed',
      ${`vip-${reference}`}, now(), now())`);
}

async function grants(sut: TestApp, memberId: string) {
  return resultRows<{ reference: string; amount: string; turnover_required: string }>(
    await sut.container.db.execute(sql`select reference, amount::text, turnover_required::text from reward_grants
      where member_id = ${BigInt(memberId)} and programme = 'vip_upgrade' order by reference`),
  );
}

async function memberLevel(sut: TestApp, memberId: string) {
  const [row] = resultRows<{ vip_level: number; level: number | null; peak: number | null }>(
    await sut.container.db.execute(sql`select m.vip_level, v.level, v.peak from members m
      left join vip_members v on v.member_id = m.id where m.id = ${BigInt(memberId)}`),
  );
  return row;
}

describe.each(testDatabases)('VIP levels (%s)', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    await desk.settings({ flowMultiple: '0' });
  }, 60_000);
  afterAll(async () => {
    await sut.app.close();
  });

  it('shows a visitor the levels with thresholds and privileges, and no standing', async () => {
    for (const url of ['/api/findmed/v1/member/vips', '/api/findmed/v1/member/vips/list']) {
      const data = (await sut.get(url)).json().data;
      expect(data.level).toBeNull();
      expect(data.levels).toHaveLength(11);
      expect(data.levels[1]).toMatchObject({
        level: 1,
        name: 'VIP1',
        turnover: '1000.0000',
        deposits: '100.0000',
        upgradeBonus: '8.0000',
        rebateRates: { sports: '0.4', casino: '0.4', default: '0.3' },
        withdrawCount: 5,
        withdrawMax: '300000.0000',
        multiple: '1',
      });
    }
    expect((await sut.get('/api/findmed/v1/member/vips')).json().data.member).toBeNull();
  });

  it('walks a member from VIP0 to VIP2 by betting, each upgrade bonus once, withdrawals held by its turnover', async () => {
    const member = await walletMember(sut);
    let vips = (await sut.get('/api/findmed/v1/member/vips', member.headers)).json().data;
    expect(vips.level).toBe(0);
    expect(vips.member).toMatchObject({ level: 0, name: 'VIP0', turnover: '0.0000', next: { level: 1 } });

    await bet(sut, member.id, '600');
    await deposit(sut, member.id, '100');
    vips = (await sut.get('/api/findmed/v1/member/vips', member.headers)).json().data;
    expect(vips.member).toMatchObject({
      level: 0,
      turnover: '600.0000',
      deposits: '100.0000',
      next: { level: 1, turnoverPercent: 60, depositsPercent: 100 },
    });

    // The job (every 60 s) levels up a member who never opens the page.
    await bet(sut, member.id, '400');
    await sut.container.vip.upgradePass();
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 1, level: 1, peak: 1 });
    expect(await grants(sut, member.id)).toEqual([{ reference: 'vip:1', amount: '80000', turnover_required: '80000' }]);

    await bet(sut, member.id, '9000');
    await deposit(sut, member.id, '900');
    vips = (await sut.get('/api/findmed/v1/member/vips/list', member.headers)).json().data;
    expect(vips.level).toBe(2);
    // Evaluating again, and the job again, pay nothing more.
    await sut.get('/api/findmed/v1/member/vips', member.headers);
    await sut.container.vip.upgradePass();
    expect(await grants(sut, member.id)).toEqual([
      { reference: 'vip:1', amount: '80000', turnover_required: '80000' },
      { reference: 'vip:2', amount: '280000', turnover_required: '280000' },
    ]);
    expect(await mainBalance(sut, member.token)).toBe('36.0000');
    const received = (await sut.get('/api/f/v1/rewards/grants?programme=vip_upgrade', member.headers)).json().data;
    expect(received.total).toBe(2);
    expect(received.amount).toBe('36.0000');

    // VIP2's withdrawal limits apply; the bonuses' turnover holds the withdrawal until it is met.
    await desk.credit(member.id, '500');
    const info = (await sut.get('/api/f/v1/wallet/withdraw/info', member.headers)).json().data;
    expect(info).toMatchObject({ dailyCount: 6, dailyAmount: '500000.0000', unmetTurnover: '36.0000' });
    const withdraw = () =>
      sut.post(
        '/api/f/v1/wallet/withdraw',
        { amount: '100', cardId: member.cardId, password: sut.encrypt('123456') },
        member.headers,
      );
    expect((await withdraw()).json().code).toBe('TURNOVER_UNMET');
    expect(await mainBalance(sut, member.token)).toBe('536.0000');
    // Wagering what the bonuses require (as placed bets count it) lets the withdrawal through.
    await sut.container.db.execute(sql`update turnover_requirements set wagered = required
      where member_id = ${BigInt(member.id)}`);
    expect((await withdraw()).json().status).toBe(true);
  });

  it('pays each upgrade bonus once when 50 evaluations run at the same time', { timeout: 120_000 }, async () => {
    const member = await walletMember(sut, { card: false });
    await bet(sut, member.id, '20000');
    await deposit(sut, member.id, '2000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? sut.get('/api/findmed/v1/member/vips', member.headers)
          : sut.container.vip.evaluate(BigInt(member.id), 'system:test'),
      ),
    );
    for (const answer of answers) if ('statusCode' in answer) expect(answer.statusCode).toBe(200);
    expect((await grants(sut, member.id)).map((row) => row.reference)).toEqual(['vip:1', 'vip:2']);
    expect(await mainBalance(sut, member.token)).toBe('36.0000');
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 2, level: 2, peak: 2 });
  });

  it('leaves a member in a time-out where they are, without an error, and moves them up once it has ended', async () => {
    const member = await walletMember(sut, { card: false });
    await bet(sut, member.id, '1000');
    await deposit(sut, member.id, '100');
    const startsAt = new Date(Date.now() - 1_000);
    await exclusionRepository.insert(sut.container.db, {
      memberId: BigInt(member.id),
      kind: 'timeout',
      startsAt,
      endsAt: new Date(Date.now() + 1_500),
    });
    const failures: unknown[] = [];
    await sut.container.vip.upgradePass((_, error) => failures.push(error));
    expect(failures).toEqual([]);
    expect(await grants(sut, member.id)).toEqual([]);
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 0 });

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await sut.container.vip.evaluate(BigInt(member.id), 'system:test');
    expect((await grants(sut, member.id)).map((row) => row.reference)).toEqual(['vip:1']);
  });

  it('relegates one level after a month below the keep requirement and restores it without a second bonus', async () => {
    const member = await walletMember(sut, { card: false });
    await bet(sut, member.id, '10000');
    await deposit(sut, member.id, '1000');
    await sut.container.vip.evaluate(BigInt(member.id), 'system:test');
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 2, peak: 2 });

    // Last month the member bet nothing: below VIP2's 2,000 keep requirement, down to VIP1 (VIP1 keeps for ever).
    const last = sut.container.vip.dueReviewMonth();
    await sut.container.vip.reviewMonth(last);
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 1, level: 1, peak: 2 });
    // The review of a month runs once: again, nothing moves.
    await sut.container.vip.reviewMonth(last);
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 1, level: 1 });
    // Evaluating the lifetime figures does not lift a relegated member (they earn no level above the peak).
    await sut.get('/api/findmed/v1/member/vips', member.headers);
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 1 });

    // This month's 10,000 meets VIP2's keep requirement: VIP2 again, no second bonus.
    const thisMonth = platformDay(new Date(), sut.config.timeZone).slice(0, 7);
    await sut.container.vip.reviewMonth(thisMonth);
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 2, level: 2, peak: 2 });
    expect((await grants(sut, member.id)).map((row) => row.reference)).toEqual(['vip:1', 'vip:2']);
    const standing = (await sut.get('/api/findmed/v1/member/vips', member.headers)).json().data.member;
    expect(standing.month).toMatchObject({ turnover: '10000.0000', keepTurnover: '2000.0000', kept: true });
  });

  it('relegates one level a month, never below the level the lifetime figures keep for ever, and resumes a review', async () => {
    const member = await walletMember(sut, { card: false });
    await bet(sut, member.id, '200000');
    await deposit(sut, member.id, '20000');
    await sut.container.vip.evaluate(BigInt(member.id), 'system:test');
    expect(await memberLevel(sut, member.id)).toMatchObject({ vip_level: 4, peak: 4 });
    // Months with no turnover at all: VIP3, VIP2, then VIP1 (keep requirement 0), and VIP1 stays.
    for (const [month, level] of [
      ['2020-01', 3],
      ['2020-02', 2],
      ['2020-03', 1],
      ['2020-04', 1],
    ] as const) {
      await sut.container.vip.reviewMonth(month);
      expect(await memberLevel(sut, member.id), month).toMatchObject({ vip_level: level, level, peak: 4 });
    }
    expect((await grants(sut, member.id)).map((row) => row.reference)).toEqual(['vip:1', 'vip:2', 'vip:3', 'vip:4']);

    // A review that stopped after this member (a crash) resumes after it: the member is not reviewed twice.
    await sut.container.db.execute(
      sql`insert into vip_reviews (month, after_member) values ('2020-05', ${BigInt(member.id)})`,
    );
    await sut.container.vip.reviewMonth('2020-05');
    expect(await memberLevel(sut, member.id)).toMatchObject({ level: 1 });
    const [review] = resultRows<{ finished: boolean }>(
      await sut.container.db.execute(
        sql`select finished_at is not null as finished from vip_reviews where month = '2020-05'`,
      ),
    );
    expect(review?.finished).toBe(true);
  });

  it('sets a birthday once; operators change it', async () => {
    const member = await walletMember(sut, { card: false });
    const set = (birthday: string) => sut.post('/api/f/v1/vip/birthday', { birthday }, member.headers);
    expect((await set('1990-02-30')).json().code).toBe('BIRTHDAY_INVALID');
    expect((await set('2999-01-01')).json().code).toBe('BIRTHDAY_INVALID');
    expect((await set('nope')).json().code).toBe('BIRTHDAY_INVALID');
    expect((await set('1990-05-20')).json().data.birthday).toBe('1990-05-20');
    const again = await set('1991-06-01');
    expect(again.json().code).toBe('BIRTHDAY_SET');
    expect(again.statusCode).toBe(409);
    const changed = await sut.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/vip/members/${member.id}/birthday`,
      payload: { birthday: '1991-06-01' },
      headers: desk.headers,
    });
    expect(changed.json().data.birthday).toBe('1991-06-01');
    const standing = (await desk.get(`/api/admin/v1/vip/members/${member.id}`)).json().data;
    expect(standing.birthday).toBe('1991-06-01');
    const [audit] = resultRows<{ action: string }>(
      await sut.container.db.execute(sql`select action from audit_log where target = ${`member:${member.id}`}
        and action = 'vip.birthday'`),
    );
    expect(audit?.action).toBe('vip.birthday');
  });

  it('refuses an invalid level table whole and saves a valid one', async () => {
    const current = (await desk.get('/api/admin/v1/vip/levels')).json().data as Array<Record<string, unknown>>;
    expect(current).toHaveLength(11);
    const put = (levels: unknown) =>
      sut.app.inject({ method: 'PUT', url: '/api/admin/v1/vip/levels', payload: { levels }, headers: desk.headers });
    const changed = (index: number, change: Record<string, unknown>) =>
      current.map((one, at) => (at === index ? { ...one, ...change } : one));
    const invalid = [
      changed(0, { turnover: '1.0000' }),
      changed(3, { turnover: '1000.0000' }),
      changed(3, { deposits: (current[2] as { deposits: string }).deposits }),
      changed(4, { level: 12 }),
      changed(5, { name: 'VIP1' }),
      changed(2, { rebateRates: { sports: '101' } }),
      changed(2, { multiple: '-1' }),
      changed(2, { withdrawMax: '0' }),
      [],
    ];
    for (const levels of invalid) {
      const answer = await put(levels);
      expect(answer.json().code, JSON.stringify(levels).slice(0, 80)).toMatch(/VIP_LEVEL_INVALID|MULTIPLE_INVALID/);
    }
    expect((await desk.get('/api/admin/v1/vip/levels')).json().data).toEqual(current);

    const saved = await put(changed(1, { upgradeBonus: '9.5000', rebateRates: { sports: '0.45' }, multiple: '1.5' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[1]).toMatchObject({
      upgradeBonus: '9.5000',
      rebateRates: { sports: '0.45' },
      multiple: '1.5',
    });
    const [row] = resultRows<{ upgrade_bonus: string; multiple: number }>(
      await sut.container.db.execute(sql`select upgrade_bonus::text, multiple from vip_levels where level = 1`),
    );
    expect(row).toMatchObject({ upgrade_bonus: '95000', multiple: 150 });
    expect((await put(current)).statusCode).toBe(200);
  });

  it("names each level in the request language: the operator's zh-HK name, or the simplified one converted", async () => {
    const current = (await desk.get('/api/admin/v1/vip/levels')).json().data as Array<Record<string, unknown>>;
    const named = current.map((one, at) =>
      at === 1
        ? { ...one, name: '青铜会员', i18n: { 'zh-HK': { name: '青銅級' } } }
        : at === 2
          ? { ...one, name: '白银会员' }
          : one,
    );
    const put = (levels: unknown) =>
      sut.app.inject({ method: 'PUT', url: '/api/admin/v1/vip/levels', payload: { levels }, headers: desk.headers });
    const saved = await put(named);
    expect(saved.json().data[1]).toMatchObject({ name: '青铜会员', i18n: { 'zh-HK': { name: '青銅級' } } });
    const names = async (lang: string) =>
      ((await sut.get('/api/findmed/v1/member/vips/list', { lang })).json().data.levels as Array<{ name: string }>)
        .slice(1, 3)
        .map((one) => one.name);
    expect(await names('zh-CN')).toEqual(['青铜会员', '白银会员']);
    expect(await names('zh-HK')).toEqual(['青銅級', '白銀會員']);
    expect(
      (await sut.get('/api/findmed/v1/member/vips/list', { lang: 'zh-HK' })).json().data.levels[1].i18n,
    ).toBeUndefined();
    expect((await put(current.map((one) => ({ ...one, i18n: {} })))).statusCode).toBe(200);
  });
});

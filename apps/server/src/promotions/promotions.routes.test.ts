import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { AppError } from '../shared/app-error';
import { fixtureMembers, mainOf } from '../sports/settlement/bet-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../test/wallet-fixtures';

const YUAN = 10_000n;
let serial = 0;

async function json(sut: TestApp, method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string>) {
  return sut.app.inject({ method, url, payload: body as Record<string, unknown>, headers });
}

/** A promotion with its rule, through the console; answers its id. */
async function createPromo(sut: TestApp, desk: Operator, rule: Record<string, unknown>): Promise<number> {
  serial += 1;
  const response = await json(
    sut,
    'POST',
    '/api/admin/v1/promotions/new',
    { title: `测试活动 ${serial}`, summary: 's', content: 'c', ...rule },
    desk.headers,
  );
  if (response.statusCode !== 200) throw new Error(`promotion: ${response.body}`);
  return response.json().data.promoId as number;
}

async function confirmedDeposit(sut: TestApp, memberId: string | bigint, yuan: number, kind = 'bank') {
  serial += 1;
  const amount = BigInt(yuan) * YUAN;
  await sut.container.db.execute(sql`insert into deposit_channels (id, kind, name, min_amount, max_amount, payee)
    values (${`promo-${kind}`}, ${kind}, 'promo test', 0, 100000000000, '{}'::jsonb) on conflict (id) do nothing`);
  await sut.container.db.execute(sql`insert into deposit_orders (member_id, channel_id, amount, pay_amount, remark,
      payee, status, idempotency_key, expires_at, resolved_at)
    values (${BigInt(memberId)}, ${`promo-${kind}`}, ${amount}, ${amount}, 'promo', '{}'::jsonb, 'confirmed',
      ${`promo-${serial}`}, now(), now())`);
}

async function grantsOf(sut: TestApp, programme: string, reference: string) {
  return resultRows<{ member_id: string; amount: string; turnover_required: string }>(
    await sut.container.db.execute(sql`select member_id::text, amount::text, turnover_required::text from reward_grants
      where programme = ${programme} and reference = ${reference}`),
  );
}

const claim = (sut: TestApp, t: string, id: number) => sut.post('/api/f/v1/promo/claim', { id: String(id) }, { t });
const eligibility = async (sut: TestApp, t: string, id: number) =>
  (await sut.get(`/api/f/v1/promo/eligibility?id=${id}`, { t })).json().data;

async function codeBatch(desk: Operator, body: Record<string, string>) {
  const response = await desk.post('/api/admin/v1/codes', {
    count: '1',
    amount: '10',
    uses: '1',
    expiresAt: '2099-01-01 00:00:00',
    multiple: '2',
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`codes: ${response.body}`);
  return response.json().data as { batch: { id: string; redeemed: number }; codes: string[] };
}

async function outcomes(work: Array<Promise<unknown>>) {
  const settled = await Promise.allSettled(work);
  const codes = settled.map((one) =>
    one.status === 'fulfilled' ? 'ok' : one.reason instanceof AppError ? one.reason.code : String(one.reason),
  );
  return { ok: codes.filter((code) => code === 'ok').length, codes };
}

describe.each(testDatabases)('promotions and redemption codes on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('issues codes (audited) that a member redeems once, with its turnover, records and detail', async () => {
    const { batch, codes } = await codeBatch(desk, { count: '3', amount: '12.5', uses: '1', name: 'T' });
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
    const [audit] = resultRows<{ action: string }>(
      await sut.container.db.execute(sql`select action from audit_log where target = ${`code_batch:${batch.id}`}`),
    );
    expect(audit?.action).toBe('codes.create');

    const alice = await walletMember(sut, { card: false });
    const bob = await walletMember(sut, { card: false });
    const redeemed = await sut.post('/api/f/v1/redeem', { code: (codes[0] as string).toLowerCase() }, alice.headers);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().data).toMatchObject({ amount: '12.5000', turnoverRequired: '25.0000', status: 'credited' });
    expect(await mainBalance(sut, alice.token)).toBe('12.5000');

    const again = await sut.post('/api/f/v1/redeem', { code: codes[0] as string }, alice.headers);
    expect(again.json().code).toBe('REDEEM_CODE_REDEEMED');
    const usedUp = await sut.post('/api/f/v1/redeem', { code: codes[0] as string }, bob.headers);
    expect(usedUp.json().code).toBe('REDEEM_CODE_USED_UP');
    const unknown = await sut.post('/api/f/v1/redeem', { code: 'NOSUCHCODE' }, bob.headers);
    expect(unknown.json().code).toBe('REDEEM_CODE_UNKNOWN');
    expect(await mainBalance(sut, bob.token)).toBe('0.0000');

    const records = (await sut.get('/api/f/v1/redeem/records?page=1&size=10', alice.headers)).json().data;
    expect(records.total).toBe(1);
    expect(records.list[0].code).toBe(codes[0]);
    const id = records.list[0].id as string;
    const detail = await sut.get(`/api/f/v1/redeem/detail?id=${id}`, alice.headers);
    expect(detail.json().data).toMatchObject({ id, code: codes[0], amount: '12.5000' });
    const theirs = await sut.get(`/api/f/v1/redeem/detail?id=${id}`, bob.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('REWARD_NOT_FOUND');
    const future = (await sut.get('/api/f/v1/redeem/records?startTime=2099-01-01', alice.headers)).json().data;
    expect(future.total).toBe(0);

    const batches = (await desk.get('/api/admin/v1/codes/batches')).json().data;
    expect(batches.list.find((one: { id: string }) => one.id === batch.id)).toMatchObject({ codes: 3, redeemed: 1 });
  });

  it('refuses an expired, disabled, level-restricted code and a bad batch, moving nothing', async () => {
    const member = await walletMember(sut, { card: false });
    const expired = await codeBatch(desk, {});
    await sut.container.db.execute(
      sql`update code_batches set expires_at = now() - interval '1 minute' where id = ${BigInt(expired.batch.id)}`,
    );
    expect((await sut.post('/api/f/v1/redeem', { code: expired.codes[0] as string }, member.headers)).json().code).toBe(
      'REDEEM_CODE_EXPIRED',
    );
    const disabled = await codeBatch(desk, {});
    expect((await desk.post(`/api/admin/v1/codes/batches/${disabled.batch.id}/disable`)).statusCode).toBe(200);
    expect(
      (await sut.post('/api/f/v1/redeem', { code: disabled.codes[0] as string }, member.headers)).json().code,
    ).toBe('REDEEM_CODE_DISABLED');
    const vip = await codeBatch(desk, { minLevel: '3' });
    expect((await sut.post('/api/f/v1/redeem', { code: vip.codes[0] as string }, member.headers)).json().code).toBe(
      'REDEEM_CODE_LEVEL',
    );
    expect(await mainBalance(sut, member.token)).toBe('0.0000');

    // A batch issued already past its expiry is taken; its codes are dead on arrival.
    const past = await desk.post('/api/admin/v1/codes', {
      count: '1',
      amount: '10',
      uses: '1',
      expiresAt: '2020-01-01',
      multiple: '1',
    });
    expect(past.json().status).toBe(true);
    expect((await sut.post('/api/f/v1/redeem', { code: past.json().data.codes[0] }, member.headers)).json().code).toBe(
      'REDEEM_CODE_EXPIRED',
    );
    const epoch = await desk.post('/api/admin/v1/codes', {
      count: '1',
      amount: '10',
      uses: '1',
      expiresAt: String(Date.now() + 86_400_000),
      multiple: '1',
    });
    expect(Date.parse(epoch.json().data.batch.expiresAt)).toBeGreaterThan(Date.now());
    const garbage = await desk.post('/api/admin/v1/codes', {
      count: '1',
      amount: '10',
      uses: '1',
      expiresAt: 'next tuesday',
      multiple: '1',
    });
    expect(garbage.json().code).toBe('DATE_INVALID');
    const badMultiple = await desk.post('/api/admin/v1/codes', {
      count: '1',
      amount: '10',
      uses: '1',
      expiresAt: '2099-01-01',
      multiple: 'x',
    });
    expect(badMultiple.json().code).toBe('MULTIPLE_INVALID');
    const asMember = await sut.post(
      '/api/admin/v1/codes',
      { count: '1', amount: '1', uses: '1', expiresAt: '2099-01-01', multiple: '1' },
      member.headers,
    );
    expect(asMember.statusCode).toBe(401);
  });

  it('pays a single-use code to exactly one of 100 members, and a 5-use code to exactly 5', async () => {
    const { codes } = await sut.container.promotions.codes.create(
      { id: 1n, account: 'admin', role: 'admin', ip: '' },
      { count: 2, amount: 10n * YUAN, uses: 1, expiresAt: '2099-01-01', multiple: 100, minLevel: 0, name: '' },
    );
    const members = await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 100, 0n);
    const single = await outcomes(
      members.map((memberId) => sut.container.promotions.codes.redeem(memberId, codes[0] as string)),
    );
    expect(single.ok).toBe(1);
    expect(single.codes.filter((code) => code !== 'ok').every((code) => code === 'REDEEM_CODE_USED_UP')).toBe(true);

    const five = await sut.container.promotions.codes.create(
      { id: 1n, account: 'admin', role: 'admin', ip: '' },
      { count: 1, amount: 10n * YUAN, uses: 5, expiresAt: '2099-01-01', multiple: 100, minLevel: 0, name: '' },
    );
    const many = await outcomes(
      members.map((memberId) => sut.container.promotions.codes.redeem(memberId, five.codes[0] as string)),
    );
    expect(many.ok).toBe(5);
    const [row] = resultRows<{ redeemed: number; n: number }>(
      await sut.container.db.execute(sql`select c.redeemed, (select count(*)::int from code_redemptions r
          where r.code_id = c.id) as n from redemption_codes c where c.code = ${five.codes[0] as string}`),
    );
    expect(row).toMatchObject({ redeemed: 5, n: 5 });
    const paid = await sut.container.db.execute(sql`select count(*)::int as n from reward_grants
        where programme = 'code' and detail->>'code' in (${codes[0] as string}, ${five.codes[0] as string})`);
    expect(resultRows<{ n: number }>(paid)[0]?.n).toBe(6);
  }, 120_000);

  it('pays a red packet once a day, answers eligibility and the exact reasons', async () => {
    const promoId = await createPromo(sut, desk, {
      kind: 'red_packet',
      minAmount: '1',
      maxAmount: '2',
      frequency: 'day',
      multiple: '1',
    });
    const member = await walletMember(sut, { card: false });
    expect(await eligibility(sut, member.token, promoId)).toMatchObject({ eligible: true, reason: null });
    const paid = await claim(sut, member.token, promoId);
    expect(paid.statusCode).toBe(200);
    const amount = BigInt(paid.json().data.amount.replace('.', ''));
    expect(amount >= 10_000n && amount <= 20_000n).toBe(true);
    expect(await mainBalance(sut, member.token)).toBe(paid.json().data.amount);
    expect((await claim(sut, member.token, promoId)).json().code).toBe('PROMO_PERIOD_USED');
    expect(await eligibility(sut, member.token, promoId)).toMatchObject({
      eligible: false,
      reason: 'PROMO_PERIOD_USED',
    });
    const claims = (await sut.get('/api/f/v1/promo/claims', member.headers)).json().data;
    expect(claims.list[0]).toMatchObject({ promoId, status: 'paid' });

    const later = await createPromo(sut, desk, {
      kind: 'red_packet',
      minAmount: '1',
      maxAmount: '2',
      startAt: '2099-01-01 00:00:00',
    });
    expect((await claim(sut, member.token, later)).json().code).toBe('PROMO_NOT_STARTED');
    const over = await createPromo(sut, desk, {
      kind: 'red_packet',
      minAmount: '1',
      maxAmount: '2',
      startAt: '2020-01-01',
      endAt: '2020-02-01',
    });
    expect((await claim(sut, member.token, over)).json().code).toBe('PROMO_ENDED');
    const vip = await createPromo(sut, desk, { kind: 'red_packet', minAmount: '1', maxAmount: '2', minLevel: '2' });
    expect((await claim(sut, member.token, vip)).json().code).toBe('PROMO_LEVEL');
    expect((await claim(sut, member.token, 999_999)).json().code).toBe('PROMO_NOT_FOUND');
    expect(await mainBalance(sut, member.token)).toBe(paid.json().data.amount);
  });

  it('pays a first deposit bonus from the channel kinds it counts, capped, once', async () => {
    const promoId = await createPromo(sut, desk, {
      kind: 'first_deposit',
      rate: '100',
      cap: '888',
      channelKinds: ['bank'],
      multiple: '1.5',
    });
    const member = await walletMember(sut, { card: false });
    expect((await claim(sut, member.token, promoId)).json().code).toBe('PROMO_NO_DEPOSIT');
    await confirmedDeposit(sut, member.id, 1000);
    await confirmedDeposit(sut, member.id, 50);
    expect(await eligibility(sut, member.token, promoId)).toMatchObject({
      eligible: true,
      amount: '888.0000',
      basis: '1000.0000',
    });
    const paid = await claim(sut, member.token, promoId);
    expect(paid.json().data).toMatchObject({ status: 'paid', amount: '888.0000' });
    const [grant] = await grantsOf(sut, 'promotion', `promo:${promoId}`);
    expect(grant).toMatchObject({ amount: String(888n * YUAN), turnover_required: String(1332n * YUAN) });
    expect((await claim(sut, member.token, promoId)).json().code).toBe('PROMO_ONCE');

    const usdtOnly = await createPromo(sut, desk, { kind: 'first_deposit', rate: '10', channelKinds: ['usdt_trc20'] });
    expect((await claim(sut, member.token, usdtOnly)).json().code).toBe('PROMO_NO_DEPOSIT');
  });

  it('pays a loss rebate on the previous day’s net loss (stakes minus returns)', async () => {
    const promoId = await createPromo(sut, desk, {
      kind: 'loss_rebate',
      rate: '10',
      cap: '50',
      minAmount: '100',
      frequency: 'day',
    });
    const member = await walletMember(sut, { card: false });
    expect((await claim(sut, member.token, promoId)).json().code).toBe('PROMO_NOTHING');
    const bet = async (stake: bigint, payout: bigint) => {
      serial += 1;
      await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid,
          status, placed_at, settled_at)
        values ('TEST', ${BigInt(member.id)}, ${`loss-${serial}`}, ${stake}, ${payout}, ${stake}, 'settled',
          now() - interval '1 day', now() - interval '1 day')`);
    };
    await bet(300n * YUAN, 0n);
    await bet(100n * YUAN, 150n * YUAN);
    // Net loss 300 + 100 - 150 = 250 -> 10% = 25.
    expect(await eligibility(sut, member.token, promoId)).toMatchObject({
      eligible: true,
      amount: '25.0000',
      basis: '250.0000',
    });
    expect((await claim(sut, member.token, promoId)).json().data.amount).toBe('25.0000');
    expect(await mainBalance(sut, member.token)).toBe('25.0000');
  });

  it('credits 100 parallel claims of one promotion by one member once', async () => {
    const promoId = await createPromo(sut, desk, { kind: 'red_packet', minAmount: '1', maxAmount: '1' });
    const [memberId] = (await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 1, 0n)) as [bigint];
    const result = await outcomes(
      Array.from({ length: 100 }, () => sut.container.promotions.promotions.claim(memberId, promoId)),
    );
    expect(result.ok).toBe(1);
    expect(result.codes.filter((code) => code !== 'ok').every((code) => code === 'PROMO_ONCE')).toBe(true);
    expect(await mainOf(sut.container.wallet.ledger, memberId)).toBe(YUAN);
    expect(await grantsOf(sut, 'promotion', `promo:${promoId}`)).toHaveLength(1);
  }, 120_000);

  it('keeps a second account of one person for review; an operator approves it once or rejects (audited)', async () => {
    const promoId = await createPromo(sut, desk, { kind: 'red_packet', minAmount: '3', maxAmount: '3' });
    const first = await walletMember(sut, { card: false });
    const second = await walletMember(sut, { card: false });
    const third = await walletMember(sut, { card: false });
    const name = `王${serial}测试`;
    await sut.container.db.execute(sql`update members set real_name = ${name}
      where id in (${BigInt(first.id)}, ${BigInt(second.id)}, ${BigInt(third.id)})`);
    expect((await claim(sut, first.token, promoId)).statusCode).toBe(200);
    const flagged = await claim(sut, second.token, promoId);
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json().code).toBe('REWARD_REVIEW');
    expect(await mainBalance(sut, second.token)).toBe('0.0000');
    expect(await eligibility(sut, second.token, promoId)).toMatchObject({ reason: 'PROMO_PENDING' });
    expect((await claim(sut, third.token, promoId)).json().code).toBe('REWARD_REVIEW');

    const open = (await desk.get('/api/admin/v1/promotions/claims')).json().data.list as Array<{
      id: string;
      memberId: string;
      flags: string[];
    }>;
    const secondClaim = open.find((one) => one.memberId === second.id);
    const thirdClaim = open.find((one) => one.memberId === third.id);
    expect(secondClaim?.flags).toEqual(['real_name']);
    const approved = await desk.post(`/api/admin/v1/promotions/claims/${secondClaim?.id}/approve`, { note: 'ok' });
    expect(approved.json().data).toMatchObject({ status: 'paid', amount: '3.0000' });
    expect((await desk.post(`/api/admin/v1/promotions/claims/${secondClaim?.id}/approve`)).json().code).toBe(
      'APPROVAL_DECIDED',
    );
    expect(await mainBalance(sut, second.token)).toBe('3.0000');
    const rejected = await desk.post(`/api/admin/v1/promotions/claims/${thirdClaim?.id}/reject`, { note: 'dup' });
    expect(rejected.json().data.status).toBe('rejected');
    expect(await mainBalance(sut, third.token)).toBe('0.0000');
    const audits = resultRows<{ action: string }>(
      await sut.container.db.execute(sql`select action from audit_log where target in
        (${`promotion_claim:${secondClaim?.id}`}, ${`promotion_claim:${thirdClaim?.id}`}) order by id`),
    );
    expect(audits.map((one) => one.action)).toEqual(['promotion.claim.approve', 'promotion.claim.reject']);
  });

  it('takes an application, which an operator pays with an amount', async () => {
    const promoId = await createPromo(sut, desk, { kind: 'apply', frequency: 'week', multiple: '2' });
    const member = await walletMember(sut, { card: false });
    expect((await claim(sut, member.token, promoId)).json().code).toBe('PROMO_NOT_CLAIMABLE');
    const applied = await sut.post('/api/f/v1/promo/apply', { id: String(promoId), note: '请审核' }, member.headers);
    expect(applied.json().data).toMatchObject({ status: 'pending', note: '请审核' });
    expect(await eligibility(sut, member.token, promoId)).toMatchObject({ reason: 'PROMO_PENDING' });
    const noAmount = await desk.post(`/api/admin/v1/promotions/claims/${applied.json().data.id}/approve`);
    expect(noAmount.json().code).toBe('AMOUNT_INVALID');
    const paid = await desk.post(`/api/admin/v1/promotions/claims/${applied.json().data.id}/approve`, {
      amount: '66',
    });
    expect(paid.json().data).toMatchObject({ status: 'paid', amount: '66.0000' });
    expect(await mainBalance(sut, member.token)).toBe('66.0000');
    const [grant] = await grantsOf(sut, 'promotion', `promo:${promoId}`);
    expect(grant?.turnover_required).toBe(String(132n * YUAN));
  });

  it('pays a reload on the largest qualifying deposit of the day, and a rebate boost on yesterday’s turnover', async () => {
    const reload = await createPromo(sut, desk, {
      kind: 'reload',
      rate: '10',
      cap: '30',
      minAmount: '100',
      channelKinds: ['alipay'],
      frequency: 'day',
    });
    const member = await walletMember(sut, { card: false });
    await confirmedDeposit(sut, member.id, 50, 'alipay');
    await confirmedDeposit(sut, member.id, 900, 'bank');
    expect((await claim(sut, member.token, reload)).json().code).toBe('PROMO_NO_DEPOSIT');
    await confirmedDeposit(sut, member.id, 200, 'alipay');
    await confirmedDeposit(sut, member.id, 150, 'alipay');
    // The largest alipay deposit of at least 100 is 200: 10% = 20 (under the cap of 30).
    expect((await claim(sut, member.token, reload)).json().data).toMatchObject({
      amount: '20.0000',
      basis: '200.0000',
    });

    const boost = await createPromo(sut, desk, { kind: 'rebate_boost', rate: '1.5', frequency: 'day' });
    expect((await claim(sut, member.token, boost)).json().code).toBe('PROMO_NOTHING');
    serial += 1;
    await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid,
        status, placed_at, settled_at)
      values ('TEST', ${BigInt(member.id)}, ${`boost-${serial}`}, ${1000n * YUAN}, ${900n * YUAN}, ${1000n * YUAN},
        'settled', now() - interval '1 day', now() - interval '1 day')`);
    // Today's bets count tomorrow, not now.
    await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid,
        status, placed_at, settled_at)
      values ('TEST', ${BigInt(member.id)}, ${`boost-today-${serial}`}, ${500n * YUAN}, 0, ${500n * YUAN},
        'settled', now(), now())`);
    expect((await claim(sut, member.token, boost)).json().data).toMatchObject({
      amount: '15.0000',
      basis: '1000.0000',
    });
    expect(await mainBalance(sut, member.token)).toBe('35.0000');
  });

  it('never pays a red packet pool beyond what the day holds', async () => {
    const promoId = await createPromo(sut, desk, {
      kind: 'red_packet',
      minAmount: '4',
      maxAmount: '4',
      dailyPool: '10',
      frequency: 'day',
    });
    const members = await Promise.all([1, 2, 3].map(() => walletMember(sut, { card: false })));
    const paid = [];
    for (const member of members) paid.push((await claim(sut, member.token, promoId)).json());
    expect(paid.map((one) => one.data?.amount ?? one.code)).toEqual(['4.0000', '4.0000', 'PROMO_NOTHING']);
  });

  it('flags a claim from a device another paid member signed in from', async () => {
    const promoId = await createPromo(sut, desk, { kind: 'red_packet', minAmount: '1', maxAmount: '1' });
    const first = await walletMember(sut, { card: false });
    const second = await walletMember(sut, { card: false });
    expect((await claim(sut, first.token, promoId)).statusCode).toBe(200);
    // The second account signs in on the first one's phone.
    const login = await sut.login(second.account, second.password, first.device);
    expect(login.statusCode).toBe(200);
    const flagged = await claim(sut, login.json().data.token, promoId);
    expect(flagged.json().code).toBe('REWARD_REVIEW');
    const [row] = resultRows<{ flags: string[] | string }>(
      await sut.container.db.execute(sql`select flags from promotion_claims
        where promo_id = ${promoId} and member_id = ${BigInt(second.id)}`),
    );
    expect(typeof row?.flags === 'string' ? JSON.parse(row.flags) : row?.flags).toEqual(['device']);
  });

  it('shows the seeded rules beside the promotions', async () => {
    const list = (await desk.get('/api/admin/v1/promotions')).json().data as Array<{ title: string; kind: string }>;
    expect(list.find((one) => one.title === '新人首存礼')?.kind).toBe('first_deposit');
    expect(list.find((one) => one.title === '每日幸运红包')?.kind).toBe('red_packet');
    const first = list.find((one) => one.title === '新人首存礼') as unknown as { promoId: number };
    const rule = (await sut.get(`/api/f/v1/promo/rule?id=${first.promoId}`)).json().data;
    expect(rule).toMatchObject({ kind: 'first_deposit', rate: '100', cap: '888.0000' });
  });
});

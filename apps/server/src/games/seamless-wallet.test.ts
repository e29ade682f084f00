import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { TEST_VENDOR_SECRET, testVendors, vendorWalletCall } from '../test/vendor-fixtures';
import { mainBalance, type Operator, operator, signedInOperator, walletMember } from '../test/wallet-fixtures';
import { vendorSignature } from './vendors/vendor-signature';

const VENDORS = testVendors();

describe.each(testDatabases)('the seamless wallet API on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let seq = 0;
  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { VENDORS } });
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function funded(amount: string) {
    const member = await walletMember(sut, { card: false });
    if (amount !== '0') await desk.credit(member.id, amount);
    return { ...member, player: `p${member.id}`, headers: { t: member.token } };
  }

  const call = (action: string, body: object, options: { secret?: string; timestamp?: number } = {}) =>
    vendorWalletCall(sut, action, body, options);

  const tx = (label: string) => `${label}-${kind}-${++seq}`;

  it('takes a bet once however often its txId comes, and refuses the txId with other content', async () => {
    const m = await funded('100');
    const bet = { player: m.player, txId: tx('bet'), amount: '30', round: 'r1', game: 'live1-1015' };
    const first = await call('bet', bet);
    expect(first).toMatchObject({ status: 200, body: { code: 'OK', balance: '70.0000' } });
    const again = await call('bet', bet);
    expect(again.body).toMatchObject({ code: 'OK', balance: '70.0000', duplicate: true });
    expect(await mainBalance(sut, m.token)).toBe('70.0000');
    const other = await call('bet', { ...bet, amount: '31' });
    expect(other.body.code).toBe('TX_CONFLICT');
    expect(await mainBalance(sut, m.token)).toBe('70.0000');

    const win = { player: m.player, txId: tx('win'), betTxId: bet.txId, amount: '55.5', round: 'r1' };
    expect((await call('win', win)).body).toMatchObject({ code: 'OK', balance: '125.5000' });
    expect((await call('win', win)).body).toMatchObject({ code: 'OK', duplicate: true });
    expect(await mainBalance(sut, m.token)).toBe('125.5000');
    expect((await call('balance', { player: m.player })).body).toEqual({ code: 'OK', balance: '125.5000' });
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('refuses a bet beyond the balance and moves nothing', async () => {
    const m = await funded('20');
    const refused = await call('bet', { player: m.player, txId: tx('bet'), amount: '20.0001' });
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: '20.0000' });
    expect(await mainBalance(sut, m.token)).toBe('20.0000');
    expect((await call('bet', { player: m.player, txId: tx('bet'), amount: '20' })).body).toMatchObject({
      code: 'OK',
      balance: '0.0000',
    });
  });

  it('records a rollback of a bet it never saw, so the late bet is refused', async () => {
    const m = await funded('50');
    const betTxId = tx('bet');
    const rollback = await call('rollback', { player: m.player, txId: tx('rb'), betTxId, amount: '10' });
    expect(rollback.body).toMatchObject({ code: 'OK', balance: '50.0000' });
    const late = await call('bet', { player: m.player, txId: betTxId, amount: '10' });
    expect(late.body).toMatchObject({ code: 'BET_ROLLED_BACK', balance: '50.0000' });
    expect(await mainBalance(sut, m.token)).toBe('50.0000');
    // The refused bet is no record of the member's.
    expect((await sut.get('/api/f/v1/game/records', m.headers)).json().data.total).toBe(0);
  });

  it('gives a rolled-back bet its stake back once, and refuses a win for it', async () => {
    const m = await funded('50');
    const betTxId = tx('bet');
    await call('bet', { player: m.player, txId: betTxId, amount: '10' });
    const rollback = { player: m.player, txId: tx('rb'), betTxId };
    expect((await call('rollback', rollback)).body).toMatchObject({ code: 'OK', balance: '50.0000' });
    expect((await call('rollback', rollback)).body).toMatchObject({ code: 'OK', duplicate: true });
    // Another rollback of the same bet under a new txId moves nothing either.
    expect((await call('rollback', { ...rollback, txId: tx('rb') })).body).toMatchObject({ code: 'OK' });
    expect(await mainBalance(sut, m.token)).toBe('50.0000');
    const win = await call('win', { player: m.player, txId: tx('win'), betTxId, amount: '20' });
    expect(win.body).toMatchObject({ code: 'BET_ROLLED_BACK', balance: '50.0000' });
    expect((await call('win', { player: m.player, txId: tx('win'), betTxId: 'never', amount: '1' })).body.code).toBe(
      'BET_NOT_FOUND',
    );
    expect(await mainBalance(sut, m.token)).toBe('50.0000');
  });

  it('refuses to roll back a bet that has its win', async () => {
    const m = await funded('50');
    const betTxId = tx('bet');
    await call('bet', { player: m.player, txId: betTxId, amount: '10' });
    await call('win', { player: m.player, txId: tx('win'), betTxId, amount: '0' });
    const rollback = await call('rollback', { player: m.player, txId: tx('rb'), betTxId });
    expect(rollback.body).toMatchObject({ code: 'BET_SETTLED', balance: '40.0000' });
    expect(await mainBalance(sut, m.token)).toBe('40.0000');
  });

  it('refuses a call without the vendor signature, with a stale timestamp, or for another platform', async () => {
    const m = await funded('10');
    const bet = { player: m.player, txId: tx('bet'), amount: '5' };
    expect(await call('bet', bet, { secret: 'not-the-vendor-secret-000' })).toEqual({
      status: 401,
      body: { code: 'SIGNATURE_INVALID' },
    });
    expect((await call('bet', bet, { timestamp: Date.now() - 6 * 60_000 })).status).toBe(401);
    const tampered = await sut.app.inject({
      method: 'POST',
      url: '/api/vendor/v1/live1/wallet/bet',
      payload: JSON.stringify({ ...bet, amount: '9' }),
      headers: {
        'content-type': 'application/json',
        'x-vendor-timestamp': String(Date.now()),
        'x-vendor-signature': vendorSignature(TEST_VENDOR_SECRET, String(Date.now()), JSON.stringify(bet)),
      },
    });
    expect(tampered.statusCode).toBe(401);
    expect(
      (await sut.app.inject({ method: 'POST', url: '/api/vendor/v1/nope1/wallet/bet', payload: {} })).statusCode,
    ).toBe(404);
    expect(await mainBalance(sut, m.token)).toBe('10.0000');
    expect((await call('bet', { ...bet, player: 'p999999999' })).body.code).toBe('PLAYER_UNKNOWN');
  });

  it('serialises concurrent calls for one member: never below zero, each txId once', async () => {
    const m = await funded('200');
    // 40 different bets of 10 against 200, and one bet sent 10 times at once.
    const bets = Array.from({ length: 40 }, () => ({ player: m.player, txId: tx('bet'), amount: '10' }));
    const repeated = { player: m.player, txId: tx('bet'), amount: '10' };
    const answers = await Promise.all([
      ...bets.map((bet) => call('bet', bet)),
      ...Array.from({ length: 10 }, () => call('bet', repeated)),
    ]);
    const codes = answers.map((answer) => answer.body.code);
    const taken = answers.slice(0, 40).filter((answer) => answer.body.code === 'OK').length;
    const repeatedOk = answers.slice(40).filter((answer) => answer.body.code === 'OK');
    // The repeated txId gets one answer everywhere: all OK or all refused, moving money once at most.
    expect(new Set(answers.slice(40).map((answer) => answer.body.code)).size).toBe(1);
    expect(taken + (repeatedOk.length > 0 ? 1 : 0)).toBe(20);
    expect(codes.filter((code) => code !== 'OK' && code !== 'INSUFFICIENT_FUNDS')).toEqual([]);
    expect(await mainBalance(sut, m.token)).toBe('0.0000');
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('refuses new bets while the vendor is in maintenance, and still pays the bets it took', async () => {
    const m = await funded('50');
    const betTxId = tx('bet');
    await call('bet', { player: m.player, txId: betTxId, amount: '10' });
    expect((await desk.post('/api/admin/v1/vendors/live1/maintenance', { maintenance: 'true' })).statusCode).toBe(200);
    try {
      expect((await call('bet', { player: m.player, txId: tx('bet'), amount: '10' })).body).toMatchObject({
        code: 'GAME_MAINTENANCE',
        balance: '40.0000',
      });
      expect((await call('win', { player: m.player, txId: tx('win'), betTxId, amount: '25' })).body).toMatchObject({
        code: 'OK',
        balance: '65.0000',
      });
    } finally {
      await desk.post('/api/admin/v1/vendors/live1/maintenance', { maintenance: 'false' });
    }
    expect((await call('bet', { player: m.player, txId: tx('bet'), amount: '10' })).body.code).toBe('OK');
  });

  it('switches nothing when the audit row of a maintenance switch cannot be written', async () => {
    // A trigger that refuses audit rows stands in for a crash or a failed insert between the switch and its record.
    await sut.container.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_vendor_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`);
    await sut.container.db.execute(
      sql`CREATE TRIGGER refuse_vendor_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_vendor_audit()`,
    );
    try {
      const refused = await desk.post('/api/admin/v1/vendors/live1/maintenance', { maintenance: 'true' });
      expect(refused.statusCode).toBe(500);
    } finally {
      await sut.container.db.execute(sql`DROP TRIGGER IF EXISTS refuse_vendor_audit ON audit_log`);
    }
    expect((await desk.get('/api/admin/v1/vendors')).json().data).toEqual([
      { platform: 'live1', name: '测试真人', wallet: 'seamless', maintenance: false, players: 0 },
    ]);
    const stored = resultRows(
      await sut.container.db.execute(sql`select 1 from vendor_settings where platform = 'live1' and maintenance`),
    );
    expect(stored).toEqual([]);
    const support = await signedInOperator(sut, 'support');
    const forbidden = await sut.post(
      '/api/admin/v1/vendors/live1/maintenance',
      { maintenance: 'true' },
      support.headers,
    );
    expect(forbidden.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
  });

  it("shows the member's vendor bets with stake, payout and valid turnover, and counts the turnover", async () => {
    const m = await funded('100');
    const first = tx('bet');
    const second = tx('bet');
    await call('bet', { player: m.player, txId: first, amount: '10', round: 'R-1', game: 'live1-1015' });
    await call('win', { player: m.player, txId: tx('win'), betTxId: first, amount: '19.5', round: 'R-1' });
    await call('bet', { player: m.player, txId: second, amount: '5', round: 'R-2', game: 'live1-1016' });
    const page = (await sut.get('/api/f/v1/game/records', m.headers)).json().data;
    expect(page.total).toBe(2);
    expect(page.list).toMatchObject([
      {
        platform: 'live1',
        vendor: '测试真人',
        game: 'live1-1016',
        // The catalogue's name for the vendor's game code.
        gameName: '牛牛',
        reference: 'R-2',
        stake: '5.0000',
        payout: null,
        valid: '0.0000',
        status: 'open',
      },
      {
        platform: 'live1',
        game: 'live1-1015',
        gameName: '番摊',
        reference: 'R-1',
        stake: '10.0000',
        payout: '19.5000',
        valid: '10.0000',
        status: 'settled',
      },
    ]);
    expect(page.totals).toEqual({ stake: '15.0000', payout: '19.5000', valid: '10.0000' });
    // The settled bet's stake counts towards the member's turnover requirement; the open one not yet.
    const [row] = resultRows<{ wagered: string }>(
      await sut.container.db.execute(sql`select wagered::text from turnover_requirements where member_id = ${m.id}`),
    );
    expect(row?.wagered).toBe('100000');
  });
});

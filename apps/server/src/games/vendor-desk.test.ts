import { randomBytes } from 'node:crypto';
import type { VendorCallbackRow, VendorReconciliationRow } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { testVendors, vendorWalletCall } from '../test/vendor-fixtures';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

// The test is the seamless vendor, calling our wallet API itself; the transfer vendor is only listed and reconciled.
const VENDORS = testVendors({
  platform: 'slot1',
  name: '测试电子',
  wallet: 'transfer',
  baseUrl: 'http://127.0.0.1:9',
  secret: 'vendor-desk-transfer-secret-0123456789',
  venueId: 2,
});

async function roleOperator(sut: TestApp, role: 'trader' | 'marketing') {
  const account = `op${role}${randomBytes(3).toString('hex')}`;
  if (!(await sut.container.admin.createOperator(account, 'operator12345', role))) throw new Error('no operator');
  const login = await sut.operatorLogin(account, 'operator12345');
  return { authorization: `Bearer ${login.json().data.token}` };
}

describe.each(testDatabases)('the console vendor desk on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let trader: Record<string, string>;
  let marketing: Record<string, string>;
  const tag = randomBytes(3).toString('hex');

  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { VENDORS } });
    desk = await operator(sut);
    trader = await roleOperator(sut, 'trader');
    marketing = await roleOperator(sut, 'marketing');
  });
  afterAll(async () => {
    await sut?.close();
  });

  const get = (url: string, headers: Record<string, string> = trader) =>
    sut.app.inject({ method: 'GET', url, headers });

  const wallet = async (action: string, body: object) => (await vendorWalletCall(sut, action, body)).body;

  it('logs every seamless call as answered, filtered and paged, and reconciles the day against the ledger', async () => {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '100');
    const player = `p${member.id}`;
    const tx = (label: string) => `${label}-${tag}`;
    expect((await wallet('bet', { player, txId: tx('b1'), amount: '30', game: 'live1-1' })).code).toBe('OK');
    expect((await wallet('win', { player, txId: tx('w1'), betTxId: tx('b1'), amount: '45' })).code).toBe('OK');
    expect((await wallet('bet', { player, txId: tx('b2'), amount: '500', game: 'live1-1' })).code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect((await wallet('bet', { player, txId: tx('b3'), amount: '20', game: 'live1-1' })).code).toBe('OK');
    expect((await wallet('rollback', { player, txId: tx('r3'), betTxId: tx('b3') })).code).toBe('OK');
    expect((await wallet('bet', { player, txId: tx('b4'), amount: '10', game: 'live1-1' })).code).toBe('OK');

    const log = (await get(`/api/admin/v1/vendors/callbacks?account=${member.account}`)).json().data as {
      rows: VendorCallbackRow[];
      total: number;
    };
    expect(log.total).toBe(6);
    expect(log.rows.map((row) => [row.action, row.txId, row.code, row.balance])).toEqual([
      ['bet', tx('b4'), 'OK', '105.0000'],
      ['rollback', tx('r3'), 'OK', '115.0000'],
      ['bet', tx('b3'), 'OK', '95.0000'],
      ['bet', tx('b2'), 'INSUFFICIENT_FUNDS', '115.0000'],
      ['win', tx('w1'), 'OK', '115.0000'],
      ['bet', tx('b1'), 'OK', '70.0000'],
    ]);
    expect(log.rows[0]).toMatchObject({
      platform: 'live1',
      memberId: member.id,
      account: member.account.toLowerCase(),
    });
    const refusals = (
      await get(`/api/admin/v1/vendors/callbacks?account=${member.account}&code=INSUFFICIENT_FUNDS`)
    ).json().data;
    expect(refusals.rows.map((row: VendorCallbackRow) => row.txId)).toEqual([tx('b2')]);
    const wins = (await get(`/api/admin/v1/vendors/callbacks?account=${member.account}&action=win`)).json().data;
    expect(wins.total).toBe(1);
    const oldest = (
      await get(`/api/admin/v1/vendors/callbacks?account=${member.account}&sort=createdAt&pageSize=2&page=1`)
    ).json().data;
    expect(oldest.rows.map((row: VendorCallbackRow) => row.txId)).toEqual([tx('b1'), tx('w1')]);

    const day = async () => {
      const response = await get('/api/admin/v1/vendors/reconciliation');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { day: string; rows: VendorReconciliationRow[] };
    };
    const clean = await day();
    expect(clean.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(clean.rows.find((row) => row.platform === 'live1')).toMatchObject({
      name: '测试真人',
      wallet: 'seamless',
      maintenance: false,
      bets: 3,
      openBets: 1,
      stake: '40.0000',
      payout: '45.0000',
      ledgerStake: '40.0000',
      ledgerPayout: '45.0000',
      mismatches: 0,
    });

    // A bet the ledger never moved (a row written around the wallet) is what reconciliation is for.
    await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, status)
      values ('live1', ${member.id}, ${tx('ghost')}, 70000, 'open')`);
    // And a transfer to the transfer vendor that never got its answer stays in transit.
    await sut.container.db.execute(sql`insert into venue_transfers (member_id, venue, direction, amount, status,
      idempotency_key) values (${member.id}, 'slot1', 'out', 250000, 'pending', ${tx('vt')})`);
    const after = await day();
    expect(after.rows.find((row) => row.platform === 'live1')).toMatchObject({
      bets: 4,
      stake: '47.0000',
      ledgerStake: '40.0000',
      mismatches: 1,
    });
    expect(after.rows.find((row) => row.platform === 'slot1')).toMatchObject({
      wallet: 'transfer',
      ledgerStake: null,
      mismatches: 0,
      pendingTransfers: 1,
      pendingAmount: '25.0000',
      oldestPendingAt: expect.any(String),
    });
    const yesterday = (await get('/api/admin/v1/vendors/reconciliation?day=2020-01-01')).json().data;
    expect(yesterday.rows.find((row: VendorReconciliationRow) => row.platform === 'live1')).toMatchObject({
      bets: 0,
      mismatches: 0,
    });
  });

  it('lets the trading desk switch maintenance and keeps the vendor desk from marketing', async () => {
    const on = await sut.app.inject({
      method: 'POST',
      url: '/api/admin/v1/vendors/live1/maintenance',
      payload: { maintenance: true },
      headers: trader,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ platform: 'live1', maintenance: true });
    const off = await sut.app.inject({
      method: 'POST',
      url: '/api/admin/v1/vendors/live1/maintenance',
      payload: { maintenance: false },
      headers: marketing,
    });
    expect(off.statusCode).toBe(403);
    for (const url of ['/api/admin/v1/vendors/callbacks', '/api/admin/v1/vendors/reconciliation']) {
      expect((await get(url, marketing)).statusCode, url).toBe(403);
    }
    expect((await get('/api/admin/v1/vendors/callbacks?action=refund')).json().code).toBe('STATUS_UNKNOWN');
    expect((await get('/api/admin/v1/vendors/reconciliation?day=2026-02-30x')).json().code).toBe('DATE_INVALID');
    await sut.app.inject({
      method: 'POST',
      url: '/api/admin/v1/vendors/live1/maintenance',
      payload: { maintenance: false },
      headers: trader,
    });
  });
});

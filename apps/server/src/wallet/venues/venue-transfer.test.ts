import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, walletMember } from '../../test/wallet-fixtures';
import { SimulatedVenue } from './venue-wallet';

describe.each(testDatabases)('an external venue on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  const vendor = new SimulatedVenue(2, 'sim', '模拟场馆');
  beforeAll(async () => {
    sut = await createTestApp(kind, { venues: [vendor] });
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function member() {
    const created = await walletMember(sut, { card: false });
    await desk.credit(created.id, '500');
    return created;
  }

  const venueOf = (data: { venues: Array<{ code: string; balance: string; pending: string }> }) =>
    data.venues.find((venue) => venue.code === 'sim');

  it('confirms a transfer the venue accepts: the money leaves our ledger for the venue', async () => {
    vendor.behaviour = 'confirm';
    const m = await member();
    const result = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '100' }, m.headers)
    ).json().data;
    expect(result).toMatchObject({ status: 'confirmed', main: '400.0000' });
    expect(venueOf(result)).toMatchObject({ balance: '100.0000', pending: '0.0000' });
    const back = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'sim', to: 'main', amount: '30' }, m.headers)
    ).json().data;
    expect(back).toMatchObject({ status: 'confirmed', main: '430.0000' });
  });

  it('refunds a transfer the venue refuses', async () => {
    vendor.behaviour = 'fail';
    const m = await member();
    const result = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '100' }, m.headers)
    ).json().data;
    expect(result).toMatchObject({ status: 'failed', main: '500.0000' });
  });

  it('leaves a timed-out transfer pending in transit, and reconciliation settles it on exactly one side', async () => {
    const m = await member();
    vendor.behaviour = 'lose-reply';
    const lost = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '100' }, m.headers)
    ).json().data;
    expect(lost).toMatchObject({ status: 'pending', main: '400.0000' });
    expect(venueOf(lost)?.pending).toBe('100.0000');
    vendor.behaviour = 'timeout';
    const silent = (
      await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '50' }, m.headers)
    ).json().data;
    expect(silent).toMatchObject({ status: 'pending', main: '350.0000' });

    const assets = (await sut.get('/api/f/v1/wallet/assets', m.headers)).json().data;
    // In transit is still the member's money and counts in the total.
    expect(assets.total).toBe('600.0000');

    vendor.behaviour = 'confirm';
    const outcome = (await desk.post('/api/admin/v1/venues/reconcile')).json().data;
    expect(outcome).toMatchObject({ confirmed: 1, failed: 1, stillPending: 0 });
    const after = (await sut.get('/api/f/v1/wallet/assets', m.headers)).json().data;
    // The lost-reply transfer did reach the venue (confirmed there); the silent one never did (refunded).
    expect(after.main).toBe('400.0000');
    expect(venueOf(after)).toMatchObject({ balance: '100.0000', pending: '0.0000' });
    expect((await desk.post('/api/admin/v1/venues/reconcile')).json().data.checked).toBe(0);
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('recalls from every venue at once', async () => {
    vendor.behaviour = 'confirm';
    const m = await member();
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'sim', amount: '100' }, m.headers);
    await sut.post('/api/f/v1/wallet/transfer', { from: 'main', to: 'house', amount: '50' }, m.headers);
    const recalled = (await sut.post('/api/f/v1/wallet/recall', {}, m.headers)).json().data;
    expect(recalled.main).toBe('500.0000');
  });
});

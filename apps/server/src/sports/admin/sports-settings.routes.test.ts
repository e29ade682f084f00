import type { SportsSettings } from '@jinb/contract/sports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { signedInOperator } from '../../test/wallet-fixtures';
import { DEFAULT_SPORTS_SETTINGS } from '../sports-settings';

const URL = '/api/admin/v1/sports/settings';

describe.each(testDatabases)('sportsbook settings on %s', (kind) => {
  let sut: TestApp;
  let admin: Record<string, string>;
  /** Finance reads the book's settings (role group tradingViewers) but may not change them. */
  let viewer: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    admin = (await signedInOperator(sut, 'admin')).headers;
    viewer = (await signedInOperator(sut, 'finance')).headers;
    support = (await signedInOperator(sut, 'support')).headers;
  });
  afterAll(async () => {
    await sut?.close();
  });

  const save = (body: unknown, headers: Record<string, string>) =>
    sut.app.inject({ method: 'PUT', url: URL, payload: body as object, headers });

  it('serves the defaults until an operator saves, and only the trading desk may save', async () => {
    const read = await sut.get(URL, viewer);
    expect(read.json().data).toEqual(DEFAULT_SPORTS_SETTINGS);
    const refused = await save({ ...DEFAULT_SPORTS_SETTINGS, minTurnoverOdds: '2.00' }, viewer);
    expect(refused.statusCode).toBe(403);
    expect((await sut.get(URL, support)).statusCode).toBe(403);
    expect((await sut.get(URL, admin)).json().data.minTurnoverOdds).toBe('1.50');
  });

  it('saves limits with overrides, applies the tightest to a bet and writes the audit row', async () => {
    const next: SportsSettings = {
      ...DEFAULT_SPORTS_SETTINGS,
      limits: {
        minStake: '5',
        maxStake: '20000',
        maxPayout: '300000',
        maxDailyPayout: '1000000',
        maxLiability: '80000',
      },
      bySport: { tennis: { maxStake: '1000' } },
      byMarketType: { cs: { maxPayout: '50000', minStake: '20', maxLiability: '5000' } },
      minTurnoverOdds: '1.8',
      quickStakes: ['10', '20.5'],
    };
    const saved = await save(next, admin);
    expect(saved.json().data).toEqual({
      ...next,
      limits: {
        minStake: '5.0000',
        maxStake: '20000.0000',
        maxPayout: '300000.0000',
        maxDailyPayout: '1000000.0000',
        maxLiability: '80000.0000',
      },
      bySport: { tennis: { maxStake: '1000.0000' } },
      byMarketType: { cs: { maxPayout: '50000.0000', minStake: '20.0000', maxLiability: '5000.0000' } },
      minTurnoverOdds: '1.80',
      quickStakes: ['10.0000', '20.5000'],
    });
    expect((await sut.get(URL, viewer)).json().data.minTurnoverOdds).toBe('1.80');

    const rules = await sut.container.sports.settings.rules();
    expect(rules.minTurnoverOdds).toBe(18_000n);
    expect(rules.quickStakes).toEqual([100_000n, 205_000n]);
    expect(rules.limitsFor([{ sport: 'football', type: '1x2' }])).toEqual({
      minStake: 50_000n,
      maxStake: 200_000_000n,
      maxPayout: 3_000_000_000n,
      maxDailyPayout: 10_000_000_000n,
      maxLiability: 800_000_000n,
    });
    expect(
      rules.limitsFor([
        { sport: 'tennis', type: 'ml' },
        { sport: 'football', type: 'cs' },
      ]),
    ).toEqual({
      minStake: 200_000n,
      maxStake: 10_000_000n,
      maxPayout: 500_000_000n,
      maxDailyPayout: 10_000_000_000n,
      maxLiability: 50_000_000n,
    });

    const audit = await sut.container.db.select().from(auditLog).where(eq(auditLog.action, 'sports.settings'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.target).toBe('sports');
  });

  it('refuses incoherent settings and keeps the saved ones', async () => {
    const before = (await sut.get(URL, admin)).json().data;
    for (const bad of [
      { ...before, limits: { ...before.limits, minStake: '100', maxStake: '50' } },
      { ...before, limits: { ...before.limits, minStake: '0' } },
      { ...before, minTurnoverOdds: '0.5' },
      { ...before, limits: { ...before.limits, maxPayout: 'abc' } },
      { ...before, margin: { overround: 0.9, correctScore: 0.1 } },
      { ...before, bySport: { tennis: { maxStake: '-1' } } },
    ]) {
      const response = await save(bad, admin);
      expect(response.json().status).toBe(false);
    }
    expect((await sut.get(URL, admin)).json().data).toEqual(before);
    const audit = await sut.container.db.select().from(auditLog).where(eq(auditLog.action, 'sports.settings'));
    expect(audit).toHaveLength(1);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { memberActivityRepository } from './member-activity.repository';

describe.each(testDatabases)('what members did, as rewards count it, on %s', (kind) => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  async function memberId(): Promise<bigint> {
    const { token } = await sut.register();
    return BigInt((await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id);
  }

  async function vendorBet(member: bigint, valid: bigint, at: string, status = 'settled', tombstone = false) {
    await sut.container.db.execute(sql`insert into vendor_bets
        (platform, member_id, reference, stake, payout, valid, status, tombstone, placed_at, settled_at)
      values ('PGS', ${member}, ${`r${Math.random()}`}, ${valid}, 0, ${valid}, ${status}, ${tombstone},
        ${at}::timestamptz, ${status === 'settled' ? sql`${at}::timestamptz` : sql`null`})`);
  }

  it('counts settled vendor bets by platform, leaves rolled-back bets and tombstones out, and keeps to the span', async () => {
    const member = await memberId();
    await vendorBet(member, 100_0000n, '2026-11-25T10:00:00Z');
    await vendorBet(member, 50_0000n, '2026-11-25T23:59:59Z');
    await vendorBet(member, 70_0000n, '2026-11-26T00:00:00Z');
    await vendorBet(member, 999_0000n, '2026-11-25T11:00:00Z', 'rolled_back');
    await vendorBet(member, 999_0000n, '2026-11-25T12:00:00Z', 'rolled_back', true);
    const day = { start: new Date('2026-11-25T00:00:00Z'), end: new Date('2026-11-26T00:00:00Z') };

    const inDay = await memberActivityRepository.validTurnover(sut.container.db, member, day);
    const ever = await memberActivityRepository.validTurnover(sut.container.db, member);
    const slice = await memberActivityRepository.turnoverByMember(sut.container.db, day, {
      afterMemberId: member - 1n,
      limit: 10,
    });

    expect(inDay).toEqual(new Map([['PGS', 150_0000n]]));
    expect(ever).toEqual(new Map([['PGS', 220_0000n]]));
    expect(slice).toEqual([{ memberId: member, category: 'PGS', valid: 150_0000n }]);
  });

  it('counts only confirmed deposits, at the amount paid', async () => {
    const member = await memberId();
    for (const [status, amount] of [
      ['confirmed', 100_0100n],
      ['confirmed', 50_0000n],
      ['rejected', 70_0000n],
      ['pending', 80_0000n],
    ] as const)
      await sut.container.db.execute(sql`insert into deposit_orders
          (member_id, channel_id, amount, pay_amount, remark, payee, status, idempotency_key, expires_at, resolved_at)
        values (${member}, (select id from deposit_channels limit 1), ${amount}, ${amount}, '', '{}'::jsonb, ${status},
          ${`k${Math.random()}`}, now() + interval '15 minutes', ${status === 'pending' ? sql`null` : sql`now()`})`);

    expect(await memberActivityRepository.deposits(sut.container.db, member)).toEqual({
      count: 2,
      amount: 150_0100n,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, walletMember } from '../../test/wallet-fixtures';
import type { Grant } from './bonus.service';

describe.each(testDatabases)('reward grants on %s', (kind) => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  const grantFor = (memberId: string, overrides: Partial<Grant> = {}): Grant => ({
    memberId: BigInt(memberId),
    programme: 'task',
    reference: 'task:1:2026-11-25',
    amount: 88_0000n,
    multiple: 300,
    key: `test:${memberId}:${Math.random()}`,
    actor: 'system:test',
    detail: { title: 'sign in' },
    ...overrides,
  });

  const unmet = async (t: string) =>
    (await sut.get('/api/f/v1/wallet/withdraw/info', { t })).json().data.unmetTurnover as string;

  it('credits the main wallet, records the grant and adds amount x multiple to the turnover still to wager', async () => {
    const member = await walletMember(sut, { card: false });

    const { grant, replayed } = await sut.container.wallet.bonus.grant(grantFor(member.id, { multiple: 150 }));

    expect(replayed).toBe(false);
    expect(grant.turnoverRequired).toBe(132_0000n);
    expect(await mainBalance(sut, member.token)).toBe('88.0000');
    expect(await unmet(member.token)).toBe('132.0000');
    const received = (await sut.get('/api/f/v1/rewards/grants?programme=task', member.headers)).json().data;
    expect(received).toMatchObject({ total: 1, amount: '88.0000' });
    expect(received.list[0]).toMatchObject({ programme: 'task', amount: '88.0000', turnoverRequired: '132.0000' });
    const records = (await sut.get('/api/f/v1/wallet/records?type=bonus', member.headers)).json().data;
    expect(records.list).toHaveLength(1);
  });

  it('when the same grant is sent 50 times at once, then it is credited once and its turnover added once', async () => {
    const member = await walletMember(sut, { card: false });
    const grant = grantFor(member.id, { key: `race:${member.id}` });

    const results = await Promise.all(Array.from({ length: 50 }, () => sut.container.wallet.bonus.grant(grant)));

    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => String(result.grant.id))).size).toBe(1);
    expect(await mainBalance(sut, member.token)).toBe('88.0000');
    expect(await unmet(member.token)).toBe('264.0000');
  }, 120_000);

  it('when a batch is sent again after it committed, then nothing more is credited', async () => {
    const members = await Promise.all([walletMember(sut, { card: false }), walletMember(sut, { card: false })]);
    const grants = members.map((member) =>
      grantFor(member.id, { programme: 'rebate', key: `rebate:${member.id}:2026-11-25`, amount: 1_2345n }),
    );
    const bonus = sut.container.wallet.bonus;

    const first = await sut.container.wallet.ledger.transaction((tx) => bonus.grantBatchIn(tx, grants));
    const again = await sut.container.wallet.ledger.transaction((tx) => bonus.grantBatchIn(tx, grants));

    expect(first).toEqual({ credited: 2, replayed: 0, skipped: 0 });
    expect(again).toEqual({ credited: 0, replayed: 2, skipped: 0 });
    for (const member of members) {
      expect(await mainBalance(sut, member.token)).toBe('1.2345');
      expect(await unmet(member.token)).toBe('3.7035');
    }
  });

  it('when the key is reused for another amount, then it is refused and nothing moves', async () => {
    const member = await walletMember(sut, { card: false });
    const key = `conflict:${member.id}`;
    await sut.container.wallet.bonus.grant(grantFor(member.id, { key }));

    await expect(
      sut.container.wallet.bonus.grant(grantFor(member.id, { key, amount: 99_0000n })),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await mainBalance(sut, member.token)).toBe('88.0000');
  });

  it('lists only the member’s own grants and refuses a programme it does not know', async () => {
    const [mine, theirs] = await Promise.all([walletMember(sut, { card: false }), walletMember(sut, { card: false })]);
    await sut.container.wallet.bonus.grant(grantFor(theirs.id, { programme: 'code' }));

    const list = (await sut.get('/api/f/v1/rewards/grants', mine.headers)).json().data;
    const unknown = await sut.get('/api/f/v1/rewards/grants?programme=lottery', mine.headers);

    expect(list).toMatchObject({ total: 0, list: [], amount: '0.0000' });
    expect(unknown.statusCode).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { ledgerEntries } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { house, type Movement, member, paramsHashOf } from './ledger.service';

describe.each(testDatabases)('batch posting on %s', (kind) => {
  let sut: TestApp;
  let members: bigint[];
  beforeAll(async () => {
    sut = await createTestApp(kind);
    members = [];
    for (let index = 0; index < 4; index++) {
      const registered = await sut.register();
      const me = await sut.get('/api/findmed/v1/member/token', { t: registered.token });
      members.push(BigInt(me.json().data.id));
    }
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('hashes a posting in SQL exactly as in TypeScript, so either side replays the other', async () => {
    const cases: Array<[Movement['code'], bigint, bigint, bigint, string]> = [
      ['venue_out', 12n, 13n, 1n, 'venue-transfer:5'],
      ['withdraw_freeze', 9_007_199_254_740_993n, 1n, 10_000_000_000_000_000n, 'withdrawal:42'],
      ['adjust', 1n, 2n, 3n, '说明 "quoted" \\ back\nslash \u0001'],
    ];
    for (const [code, fromId, toId, amount, reference] of cases) {
      const movement: Movement = { key: 'k', code, from: house('a'), to: house('b'), amount, actor: 'x', reference };
      const result = await sut.container.db.execute(
        sql`select ledger_params_hash(${code}, ${fromId}, ${toId}, ${amount}, ${reference}) as hash`,
      );
      expect(resultRows<{ hash: string }>(result)[0]?.hash).toBe(paramsHashOf(movement, fromId, toId));
    }
  });

  const payout = (batch: string, memberId: bigint, index: number, amount: bigint): Movement => ({
    key: `payout:${batch}:${index}`,
    code: 'bonus',
    from: house('payouts'),
    to: member(memberId, 'main'),
    amount,
    actor: 'system:test',
    reference: `batch:${batch}`,
  });

  const balanceOf = async (memberId: bigint) =>
    (await sut.container.wallet.ledger.balances(memberId)).find((account) => account.kind === 'main')?.balance ?? 0n;

  it('posts many movements at once, with the entries a sequence of single posts would leave', async () => {
    const { ledger } = sut.container.wallet;
    const batch = randomUUID();
    const before = await Promise.all(members.map(balanceOf));
    // Several payouts per member in one batch, so each account's entries must chain inside the statement.
    const movements = Array.from({ length: 200 }, (_, index) =>
      payout(batch, members[index % members.length] as bigint, index, BigInt(index + 1) * 100n),
    );
    const posted = await ledger.transaction((tx) => ledger.postBatch(tx, movements));
    expect(posted.every((result) => !result.replayed)).toBe(true);
    expect(new Set(posted.map((result) => result.transfer.id)).size).toBe(200);

    for (const [position, memberId] of members.entries()) {
      const expected = movements
        .filter((movement) => 'memberId' in movement.to && movement.to.memberId === memberId)
        .reduce((sum, movement) => sum + movement.amount, 0n);
      expect(await balanceOf(memberId)).toBe((before[position] ?? 0n) + expected);
    }
    const accountId = await ledger.accountId(sut.container.db, member(members[0] as bigint, 'main'));
    const entries = await sut.container.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(asc(ledgerEntries.accountVersion));
    for (let index = 1; index < entries.length; index++) {
      expect(entries[index]?.balanceBefore).toBe(entries[index - 1]?.balanceAfter);
      expect(entries[index]?.accountVersion).toBe((entries[index - 1]?.accountVersion ?? 0n) + 1n);
    }
    expect((await ledger.check()).unbalancedTransfers).toBe(0);
    expect((await ledger.check()).mismatchedAccounts).toBe(0);
  });

  it('resumes after a crash: sending the batch again replays what committed and posts the rest, once', async () => {
    const { ledger } = sut.container.wallet;
    const batch = randomUUID();
    const movements = Array.from({ length: 60 }, (_, index) =>
      payout(batch, members[index % members.length] as bigint, index, 1_0000n),
    );
    const before = await Promise.all(members.map(balanceOf));
    // The first chunk committed before the "crash"; the second never ran.
    await ledger.transaction((tx) => ledger.postBatch(tx, movements.slice(0, 25)));
    const resumed = await ledger.transaction((tx) => ledger.postBatch(tx, movements));
    expect(resumed.filter((result) => result.replayed)).toHaveLength(25);
    expect(resumed.filter((result) => !result.replayed)).toHaveLength(35);
    const again = await ledger.transaction((tx) => ledger.postBatch(tx, movements));
    expect(again.every((result) => result.replayed)).toBe(true);
    expect(again.map((result) => result.transfer.id)).toEqual(resumed.map((result) => result.transfer.id));
    const after = await Promise.all(members.map(balanceOf));
    expect(after.map((balance, index) => balance - (before[index] ?? 0n))).toEqual(members.map(() => 15_0000n));
  });

  it('refuses the whole batch when one movement would overdraw a member, and one key reused for something else', async () => {
    const { ledger } = sut.container.wallet;
    const [rich, poor] = members as [bigint, bigint];
    const balance = await balanceOf(poor);
    const batch = randomUUID();
    const movements: Movement[] = [
      payout(batch, rich, 0, 5_0000n),
      {
        key: `debit:${batch}`,
        code: 'adjust',
        from: member(poor, 'main'),
        to: house('adjustments'),
        amount: balance + 1n,
        actor: 'system:test',
        reference: 'overdraw',
      },
    ];
    const refusal = ledger.transaction((tx) => ledger.postBatch(tx, movements));
    await expect(refusal).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS',
    );
    const richBefore = await balanceOf(rich);
    await ledger.transaction((tx) => ledger.postBatch(tx, [payout(batch, rich, 0, 5_0000n)]));
    expect(await balanceOf(rich)).toBe(richBefore + 5_0000n);
    const conflict = ledger.transaction((tx) => ledger.postBatch(tx, [payout(batch, rich, 0, 6_0000n)]));
    await expect(conflict).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT',
    );
    expect(await balanceOf(poor)).toBe(balance);
  });

  it('runs beside single postings on the same accounts without deadlocks or lost updates', async () => {
    const { ledger } = sut.container.wallet;
    const before = await Promise.all(members.map(balanceOf));
    const batches = Array.from({ length: 4 }, (_, round) => {
      const batch = randomUUID();
      return Array.from({ length: 40 }, (_, index) =>
        payout(batch, members[(index + round) % members.length] as bigint, index, 1_0000n),
      );
    });
    const singles = Array.from({ length: 40 }, (_, index) =>
      ledger.transfer(payout(`single-${randomUUID()}`, members[index % members.length] as bigint, 0, 1_0000n)),
    );
    await Promise.all([
      ...batches.map((movements) => ledger.transaction((tx) => ledger.postBatch(tx, movements))),
      ...singles,
    ]);
    const after = await Promise.all(members.map(balanceOf));
    const gained = after.reduce((sum, balance, index) => sum + balance - (before[index] ?? 0n), 0n);
    expect(gained).toBe(200n * 1_0000n);
    const check = await ledger.check();
    expect(check.unbalancedTransfers + check.mismatchedAccounts + check.negativeMemberAccounts).toBe(0);
  });
});

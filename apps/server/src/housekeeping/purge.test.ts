import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, memberSessions, members, operatorSessions, operators, verificationCodes } from '../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

const HOUR = 3_600_000;

describe.each(testDatabases)('purge of expired rows (%s)', (kind) => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('deletes captchas, codes and sessions expired beyond the margin and keeps live and recent ones', async () => {
    const { db } = sut.container;
    const now = Date.now();
    const longGone = new Date(now - 3 * 24 * HOUR);
    const recentlyExpired = new Date(now - HOUR);
    const live = new Date(now + HOUR);
    const [member] = await db
      .insert(members)
      .values({ account: 'purgemember', passwordHash: 'x', inviteCode: 'PURGE01' })
      .returning({ id: members.id });
    const [operator] = await db
      .insert(operators)
      .values({ account: 'purgeop', passwordHash: 'x', role: 'support' })
      .returning({ id: operators.id });

    await db.insert(captchas).values([
      { clientKey: 'purge-old', answer: 'x', expiresAt: longGone },
      { clientKey: 'purge-recent', answer: 'x', expiresAt: recentlyExpired },
      { clientKey: 'purge-live', answer: 'x', expiresAt: live },
    ]);
    const code = { channel: 'sms', purpose: 'register', codeHash: 'h' };
    await db.insert(verificationCodes).values([
      { ...code, target: 'purge-old', expiresAt: longGone },
      { ...code, target: 'purge-live', expiresAt: live },
    ]);
    await db.insert(memberSessions).values([
      { memberId: member!.id, tokenHash: 'purge-old', expiresAt: longGone },
      { memberId: member!.id, tokenHash: 'purge-live', expiresAt: live },
    ]);
    await db.insert(operatorSessions).values([
      { operatorId: operator!.id, tokenHash: 'purge-old', expiresAt: longGone },
      { operatorId: operator!.id, tokenHash: 'purge-live', expiresAt: live },
    ]);

    const result = await sut.container.purge.purgeExpired();

    expect(result.skipped).toBe(false);
    const keys = ['purge-old', 'purge-recent', 'purge-live'];
    const left = {
      captchas: (await db.select().from(captchas).where(inArray(captchas.clientKey, keys))).map((r) => r.clientKey),
      codes: (await db.select().from(verificationCodes).where(inArray(verificationCodes.target, keys))).map(
        (r) => r.target,
      ),
      memberSessions: (await db.select().from(memberSessions).where(inArray(memberSessions.tokenHash, keys))).map(
        (r) => r.tokenHash,
      ),
      operatorSessions: (await db.select().from(operatorSessions).where(inArray(operatorSessions.tokenHash, keys))).map(
        (r) => r.tokenHash,
      ),
    };
    expect(left.captchas.sort()).toEqual(['purge-live', 'purge-recent']);
    expect(left.codes).toEqual(['purge-live']);
    expect(left.memberSessions).toEqual(['purge-live']);
    expect(left.operatorSessions).toEqual(['purge-live']);
  });

  it('deletes in batches until nothing expired is left', async () => {
    const { db } = sut.container;
    const longGone = new Date(Date.now() - 3 * 24 * HOUR);
    await db
      .insert(captchas)
      .values(
        Array.from({ length: 25 }, (_, i) => ({ clientKey: `purge-batch-${i}`, answer: 'x', expiresAt: longGone })),
      );
    const { createPurgeService } = await import('./purge.service');

    const result = await createPurgeService(db, { batchSize: 10 }).purgeExpired();

    expect(result.deleted.captchas).toBe(25);
    expect(await db.$count(captchas, inArray(captchas.clientKey, ['purge-batch-0', 'purge-batch-24']))).toBe(0);
  });
});

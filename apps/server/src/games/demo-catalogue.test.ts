import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { seedDemoContent } from '../seed/demo-seed';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the demo catalogue', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite');
  });
  afterAll(async () => {
    await sut?.close();
  });

  const rows = async () =>
    resultRows<{ id: number; platform: string; code: string; playable: boolean }>(
      await sut.container.db.execute(
        sql`select id, platform, code, playable from games where id in (1002, 1012, 1013, 1014, 1015, 1018, 1025) order by id`,
      ),
    );

  it('seeds our tables and the simulated vendors’ games playable', async () => {
    expect(await rows()).toEqual([
      { id: 1002, platform: 'house', code: 'house-1002', playable: true },
      { id: 1012, platform: 'house', code: 'house-1012', playable: true },
      { id: 1013, platform: 'house', code: 'house-1013', playable: true },
      { id: 1014, platform: 'house', code: 'house-1014', playable: true },
      { id: 1015, platform: 'live1', code: 'live1-1015', playable: true },
      { id: 1018, platform: 'slot1', code: 'slot1-1018', playable: true },
      { id: 1025, platform: 'card1', code: 'card1-1025', playable: false },
    ]);
  });

  it('upgrades a database seeded before issue 22 once, leaving what an operator changed', async () => {
    const { db } = sut.container;
    // As seeded before: 1012-1014 on live1, nothing playable; an operator has since recoded 1014.
    await db.execute(sql`update games set playable = false`);
    await db.execute(sql`update games set platform = 'live1', code = 'live1-' || id where id in (1012, 1013)`);
    await db.execute(sql`update games set platform = 'live1', code = 'operator-sicbo' where id = 1014`);
    await db.execute(sql`delete from settings where key = 'demo.catalogue'`);
    await seedDemoContent(db, sut.config.site);
    expect(await rows()).toEqual([
      { id: 1002, platform: 'house', code: 'house-1002', playable: true },
      { id: 1012, platform: 'house', code: 'house-1012', playable: true },
      { id: 1013, platform: 'house', code: 'house-1013', playable: true },
      { id: 1014, platform: 'live1', code: 'operator-sicbo', playable: true },
      { id: 1015, platform: 'live1', code: 'live1-1015', playable: true },
      { id: 1018, platform: 'slot1', code: 'slot1-1018', playable: true },
      { id: 1025, platform: 'card1', code: 'card1-1025', playable: false },
    ]);
    // Once: an operator who then takes a game off keeps it off across restarts.
    await db.execute(sql`update games set playable = false where id = 1018`);
    await seedDemoContent(db, sut.config.site);
    expect((await rows()).find((row) => row.id === 1018)?.playable).toBe(false);
  });
});

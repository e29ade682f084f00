import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { createFeedRunner } from './feed-runner';
import { createSimulatedFeed, SIM_HORIZON_MS, SIMULATED_FEED } from './simulated-feed';
import { SIM_COMPETITIONS } from './simulated-teams';

const SEED = 'feed-test';
const SPEED = 60;

/** Failures are the test's business: a step that fails must not pass silently. */
const errors: unknown[] = [];
const log = { info() {}, warn() {}, error: (object: object) => errors.push(object) };

describe.each(testDatabases)('the simulated feed on %s', (kind) => {
  let sut: TestApp;
  // Whole minutes, a little ahead of the database's clock (bets check kick-off against it).
  let clock = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const T0 = clock;

  function runner(owner: string) {
    const adapter = createSimulatedFeed({
      seed: SEED,
      speed: SPEED,
      settings: sut.container.sports.settings,
      // One competition of each sport keeps the test quick; simulated-world.test.ts covers them all.
      competitions: SIM_COMPETITIONS.filter((competition) => ['epl', 'nba', 'atp'].includes(competition.ref)),
      batch: 10_000,
      budgetMs: Number.POSITIVE_INFINITY,
    });
    const feed = createFeedRunner({
      adapter,
      sink: sut.container.sports.feedSink(SIMULATED_FEED),
      settlement: sut.container.sports.settlement,
      db: sut.container.db,
      log,
      now: () => clock,
      owner,
    });
    return { adapter, feed };
  }

  async function counts() {
    const [row] = resultRows<{ events: number; markets: number; selections: number; competitions: number }>(
      await sut.container.db.execute(sql`
        select (select count(*) from sports_events where feed = 'simulated')::int as events,
          (select count(*) from sports_markets)::int as markets,
          (select count(*) from sports_selections)::int as selections,
          (select count(*) from sports_competitions where feed = 'simulated')::int as competitions`),
    );
    return row;
  }

  let first: ReturnType<typeof runner>;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    first = runner('first');
  });
  afterAll(async () => {
    await first?.feed.stop();
    await sut?.close();
  });

  it('fills three days of fixtures once, and a restarted process adds nothing', async () => {
    const scheduled = first.adapter.world.schedule(T0, new Date(T0.getTime() + SIM_HORIZON_MS));
    const tick = await first.feed.tick();
    expect(tick).toMatchObject({ skipped: false, events: scheduled.length, rejected: 0, failed: 0 });
    const filled = await counts();
    expect(filled).toMatchObject({ events: scheduled.length, competitions: 3 });
    expect(filled?.selections).toBeGreaterThan(scheduled.length * 10);

    expect(await first.feed.tick()).toMatchObject({ events: 0, prices: 0, statuses: 0, results: 0 });

    // Another process waits while the first holds the lease, and takes over once it stops.
    const second = runner('second');
    expect(await second.feed.tick()).toEqual({ skipped: true });
    await first.feed.stop();
    expect(await second.feed.tick()).toMatchObject({ skipped: false, events: 0, prices: 0, failed: 0 });
    expect(await counts()).toEqual(filled);
    await second.feed.stop();
    first = runner('first');
    expect(errors).toEqual([]);

    const menu = await sut.container.sports.catalogue.menu(clock);
    expect(menu.map((entry) => entry.competitions.map((c) => c.name))).toEqual([['英超'], ['NBA'], ['ATP']]);
  });

  it('moves prices as the clock moves, with new versions only where the odds changed', async () => {
    const selections = sql`select s.id::text as id, s.odds::text as odds, s.version, m.event_id::text as event
      from sports_selections s join sports_markets m on m.id = s.market_id`;
    type Row = { id: string; odds: string; version: number; event: string };
    const before = resultRows<Row>(await sut.container.db.execute(selections));
    const knownEvents = new Set(before.map((row) => row.event));
    clock = new Date(clock.getTime() + 15 * 60_000);
    const tick = await first.feed.tick();
    expect(tick).toMatchObject({ skipped: false, failed: 0 });
    if (tick.skipped) return;
    expect(tick.prices).toBeGreaterThan(0);
    // Fixtures whose kick-off entered the horizon in these 15 minutes arrive with prices of their own, which are
    // new events rather than moved prices (how many depends on the time of day the test runs).
    const after = new Map(
      resultRows<Row>(await sut.container.db.execute(selections))
        .filter((row) => knownEvents.has(row.event))
        .map((row) => [row.id, row]),
    );
    let moved = 0;
    for (const row of before) {
      const now = after.get(row.id);
      if (now?.odds === row.odds) expect(now.version).toBe(row.version);
      else {
        moved++;
        expect(now?.version).toBe(row.version + 1);
      }
    }
    // A line the drift had taken out of reach when its event was created can come back with a price of its own.
    const known = new Set(before.map((row) => row.id));
    const added = [...after.keys()].filter((id) => !known.has(id)).length;
    expect(added).toBeLessThan(moved / 10);
    expect(moved + added).toBe(tick.prices);
    expect(errors).toEqual([]);
  });
});

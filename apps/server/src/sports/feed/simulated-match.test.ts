import { randomUUID } from 'node:crypto';
import { formatOdds } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { operator, walletMember } from '../../test/wallet-fixtures';
import { createFeedRunner } from './feed-runner';
import { createSimulatedFeed, SIMULATED_FEED } from './simulated-feed';
import { SIM_COMPETITIONS } from './simulated-teams';

const errors: unknown[] = [];
const log = { info() {}, warn() {}, error: (object: object) => errors.push(object) };

/** A simulated match from its fixture to the settlement of a bet on it, the clock moved by hand. */
describe.each(testDatabases)('a simulated match on %s', (kind) => {
  let sut: TestApp;
  let clock = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const adapter = () =>
    createSimulatedFeed({
      seed: 'match-test',
      speed: 60,
      settings: sut.container.sports.settings,
      competitions: SIM_COMPETITIONS.filter((competition) => competition.ref === 'epl'),
      batch: 10_000,
      budgetMs: Number.POSITIVE_INFINITY,
    });
  let first: { adapter: ReturnType<typeof adapter>; feed: ReturnType<typeof createFeedRunner> };
  beforeAll(async () => {
    sut = await createTestApp(kind);
    const feedAdapter = adapter();
    first = {
      adapter: feedAdapter,
      feed: createFeedRunner({
        adapter: feedAdapter,
        sink: sut.container.sports.feedSink(SIMULATED_FEED),
        settlement: sut.container.sports.settlement,
        db: sut.container.db,
        log,
        now: () => clock,
      }),
    };
    await first.feed.tick();
  });
  afterAll(async () => {
    await first?.feed.stop();
    await sut?.close();
  });

  it('kicks a match off, runs it and settles it on the drawn result, paying the bet on it', async () => {
    const [row] = resultRows<{ id: string; ref: string; start_ms: string }>(
      await sut.container.db.execute(sql`
        select id::text as id, feed_ref as ref, floor(extract(epoch from start_at) * 1000)::bigint::text as start_ms
        from sports_events where feed = 'simulated' and sport = 'football' and status = 'scheduled'
        order by start_at, id limit 1`),
    );
    const eventId = BigInt(row?.id ?? '0');
    const start = Number(row?.start_ms);
    const book = sut.container.sports.catalogue;
    const x12 = (await book.event(eventId)).markets[0];
    expect(x12?.type).toBe('1x2');

    const desk = await operator(sut);
    const punter = await walletMember(sut, { card: false });
    await desk.credit(punter.id, '100');
    const home = x12?.selections[0];
    const placed = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: { type: 'single', stake: '10', legs: [{ selectionId: home?.id, odds: home?.odds }] },
      headers: { ...punter.headers, 'idempotency-key': randomUUID() },
    });
    expect(placed.json().status, placed.body).toBe(true);

    // Thirty simulated minutes in (half a real minute at 60x): live with the score so far, and the markets trade in
    // play at the prices of the match state (issue 21), unless a goal has just suspended them.
    clock = new Date(start + 30_000);
    await first.feed.tick();
    clock = new Date(start + 30_500);
    await first.feed.tick();
    const live = await book.event(eventId);
    expect(live.status).toBe('live');
    expect(live.score).not.toBeNull();
    const world = first.adapter.world;
    const simulated = world.event(row?.ref ?? '');
    if (!simulated) throw new Error('the feed does not know its own event');
    const matchResult = live.markets.find((market) => market.type === '1x2' && market.period === 'ft');
    expect(['open', 'suspended']).toContain(matchResult?.status);
    if (matchResult?.status === 'open') {
      const margin = { overround: 0.05, byType: { cs: 0.15 }, method: 'power' as const };
      const inPlay = world
        .priceInPlay(simulated, 30.5, margin)
        .find((market) => market.type === '1x2' && market.period === 'ft');
      expect(matchResult.selections.map((selection) => selection.odds)).toEqual(
        inPlay?.selections.map((selection) => formatOdds(selection.odds)),
      );
    }
    // After half time the first-half markets close.
    clock = new Date(start + 62_000);
    await first.feed.tick();
    const second = await book.event(eventId);
    expect(second.markets.filter((market) => market.period === '1h').every((m) => m.status === 'closed')).toBe(true);
    expect(live.score).toEqual({
      home: world.liveAt(simulated, 30).home,
      away: world.liveAt(simulated, 30).away,
    });

    // Past the final whistle: the drawn result is recorded and every bet on the event settled.
    clock = new Date(start + 106_000);
    expect(await first.feed.tick()).toMatchObject({ results: 1, failed: 0 });
    // The feed's result is paid by a run in the background, as an operator's is.
    await sut.container.sports.settlement.idle();
    const result = world.result(simulated);
    if (result.sport === 'tennis') throw new Error('a football event');
    const done = await book.event(eventId);
    expect(done.status).toBe('settled');
    expect(done.score).toEqual(result.ft);
    expect(done.halfTime).toEqual(result.ht);

    const homeWon = result.ft.home > result.ft.away;
    const bets = (await sut.get('/api/f/v1/sports/bets?status=settled', punter.headers)).json().data;
    expect(bets.list).toHaveLength(1);
    expect(Number(bets.list[0].payout)).toBeCloseTo(homeWon ? Number(home?.odds) * 10 : 0, 4);
    expect((await desk.ledgerCheck()).ok).toBe(true);

    // Nothing more to do for it.
    expect(await first.feed.tick()).toMatchObject({ results: 0 });
    expect(errors).toEqual([]);
  });
});

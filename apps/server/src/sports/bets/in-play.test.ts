import type { BetDetail, SportsSettings } from '@jinb/contract/sports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';
import { decide } from './bet-delay.service';

type Member = Awaited<ReturnType<typeof walletMember>>;

/** The football delay in these tests: short, so the suite waits little, long enough to change the book within it. */
const DELAY_S = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In-play betting with a bet delay (issue 21): a bet on a live event is held, its stake taken at once, and decided
 * when the delay ends: it stands only if its markets stayed open and its prices are acceptable under the member's
 * policy, otherwise it is refused and the stake returns.
 */
describe.each(testDatabases)('in-play bets and their delay on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let bettor: Member;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    bettor = await walletMember(sut, { card: false });
    await desk.credit(bettor.id, '10000');
    const settings = (await desk.get('/api/admin/v1/sports/settings')).json().data as SportsSettings;
    const saved = await sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/sports/settings',
      headers: desk.headers,
      payload: { ...settings, inPlay: { betDelay: { football: DELAY_S } } },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function liveEvent(): Promise<FixtureEvent> {
    const event = await insertEvent(sut.container.db);
    const kicked = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${event.id}/live`,
      headers: desk.headers,
      payload: { home: 0, away: 0, minute: 1 },
    });
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect(kicked.json().data).toMatchObject({ status: 'live', score: { home: 0, away: 0 }, minute: 1 });
    return event;
  }

  const home = (event: FixtureEvent) => event.markets[0]?.selections.home as bigint;
  const marketOf = (event: FixtureEvent) => event.markets[0]?.id as bigint;

  async function bet(selectionId: bigint, odds: string, acceptOdds: 'none' | 'higher' | 'any' = 'none') {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      headers: { ...bettor.headers, 'idempotency-key': `inplay-${Math.random()}` },
      payload: { type: 'single', stake: '100', acceptOdds, legs: [{ selectionId: selectionId.toString(), odds }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as BetDetail;
  }

  async function detail(id: string): Promise<BetDetail> {
    return (await sut.get(`/api/f/v1/sports/bets/detail?id=${id}`, bettor.headers)).json().data as BetDetail;
  }

  /** Past the delay, then the decision run (the process's own timer may have run it already: it happens once). */
  async function afterDelay(): Promise<void> {
    await sleep(DELAY_S * 1000 + 50);
    await sut.container.sports.delay.decideDue();
  }

  async function setPrice(event: FixtureEvent, odds: string) {
    const response = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/markets/${marketOf(event)}/prices`,
      headers: desk.headers,
      payload: { selections: [{ id: home(event).toString(), odds }] },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('holds an in-play bet with its stake taken, then lets it stand at the accepted price', async () => {
    const event = await liveEvent();
    const before = await mainBalance(sut, bettor.token);
    const placed = await bet(home(event), '2.10');
    expect(placed.status).toBe('pending');
    // The slip counts down to the decision.
    const wait = Date.parse(placed.decideAt ?? '') - Date.parse(placed.placedAt);
    expect(wait).toBeGreaterThanOrEqual(DELAY_S * 1000 - 5);
    expect(wait).toBeLessThanOrEqual(DELAY_S * 1000 + 5);
    expect(await mainBalance(sut, bettor.token)).toBe((Number(before) - 100).toFixed(4));
    expect((await detail(placed.id)).status).toBe('pending');

    await afterDelay();
    const decided = await detail(placed.id);
    expect(decided).toMatchObject({ status: 'open', potentialPayout: '210.0000' });
    expect(decided.legs[0]?.odds).toBe('2.10');
    expect(await mainBalance(sut, bettor.token)).toBe((Number(before) - 100).toFixed(4));
  });

  it('refuses a bet whose market a goal suspended during the delay, and gives the stake back', async () => {
    const event = await liveEvent();
    const before = await mainBalance(sut, bettor.token);
    const placed = await bet(home(event), '2.10');
    const goal = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${event.id}/live`,
      headers: desk.headers,
      payload: { home: 1, away: 0, minute: 12 },
    });
    expect(goal.json().data.markets.every((market: { status: string }) => market.status === 'suspended')).toBe(true);

    await afterDelay();
    expect(await detail(placed.id)).toMatchObject({ status: 'refused', payout: '100.0000' });
    expect(await mainBalance(sut, bettor.token)).toBe(before);

    // The goal's suspension holds new bets too, until the operator reopens the markets.
    const refused = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      headers: { ...bettor.headers, 'idempotency-key': `inplay-suspended-${event.id}` },
      payload: { type: 'single', stake: '100', legs: [{ selectionId: home(event).toString(), odds: '2.10' }] },
    });
    expect(refused.json()).toMatchObject({ status: false, code: 'MARKET_SUSPENDED' });
    const resumed = await desk.post(`/api/admin/v1/sports/events/${event.id}/resume`);
    expect(resumed.json().data.markets.every((market: { status: string }) => market.status === 'open')).toBe(true);
    expect((await bet(home(event), '2.10')).status).toBe('pending');
  });

  it('refuses a bet whose price dropped below what the member accepts, and takes it at the lower price under any', async () => {
    const event = await liveEvent();
    const before = await mainBalance(sut, bettor.token);
    const strict = await bet(home(event), '2.10', 'higher');
    const anyPrice = await bet(home(event), '2.10', 'any');
    await setPrice(event, '1.80');

    await afterDelay();
    expect((await detail(strict.id)).status).toBe('refused');
    const taken = await detail(anyPrice.id);
    expect(taken).toMatchObject({ status: 'open', potentialPayout: '180.0000' });
    expect(taken.legs[0]?.odds).toBe('1.80');
    expect(await mainBalance(sut, bettor.token)).toBe((Number(before) - 100).toFixed(4));
  });

  it('keeps a bet at its own odds when the price rose during the delay', async () => {
    const event = await liveEvent();
    const placed = await bet(home(event), '2.10', 'none');
    await setPrice(event, '2.50');
    await afterDelay();
    const decided = await detail(placed.id);
    expect(decided).toMatchObject({ status: 'open', potentialPayout: '210.0000' });
  });

  it('places a bet on an event not started at once, with no delay', async () => {
    const event = await insertEvent(sut.container.db);
    expect((await bet(home(event), '2.10')).status).toBe('open');
  });

  it('decides each bet once when several runs race, and never settles a bet still in its delay', async () => {
    const event = await liveEvent();
    const before = await mainBalance(sut, bettor.token);
    const bets = [];
    for (let index = 0; index < 5; index++) bets.push(await bet(home(event), '2.10'));
    await sut.post(`/api/admin/v1/sports/markets/${marketOf(event)}/suspend`, {}, desk.headers);
    // The result arrives while the bets are in their delay: they are refused, never paid.
    const result = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${event.id}/result`,
      headers: desk.headers,
      payload: { home: 2, away: 0, htHome: 1, htAway: 0 },
    });
    expect(result.statusCode, result.body).toBe(200);
    await sut.container.sports.settlement.settlePending();
    for (const placed of bets) expect((await detail(placed.id)).status).toBe('pending');

    await sleep(DELAY_S * 1000 + 50);
    await Promise.all([1, 2, 3, 4].map(() => sut.container.sports.delay.decideDue()));
    await sut.container.sports.settlement.settlePending();
    for (const placed of bets) expect(await detail(placed.id)).toMatchObject({ status: 'refused', payout: '100.0000' });
    expect(await mainBalance(sut, bettor.token)).toBe(before);
    const refunds = resultRows<{ n: number }>(
      await sut.container.db.execute(sql`
        select count(*)::int as n from ledger_transfers where code = 'bet_refund'
          and idempotency_key = any(${sql.param(bets.map((placed) => `bet:${placed.id}:refund`))}::text[])`),
    );
    expect(refunds[0]?.n).toBe(5);
    expect(await desk.ledgerCheck()).toMatchObject({ ok: true });
  });
});

describe('the decision rule', () => {
  const bet = {
    id: 1n,
    memberId: 1n,
    type: 'parlay' as const,
    system: null,
    acceptOdds: 'none' as const,
    stake: 100_0000n,
    totalStake: 100_0000n,
    potentialPayout: 399_0000n,
  };
  const leg = (odds: bigint, oddsNow: bigint, legNo = 0) => ({
    betId: 1n,
    legNo,
    selectionId: BigInt(legNo + 10),
    odds,
    lineStake: 100_0000n,
    linePayout: 399_0000n,
    oddsNow,
    versionNow: 7,
    marketStatus: 'open' as const,
    eventStatus: 'live' as const,
    started: true,
  });

  it('refuses a closed, suspended or finished leg whatever the prices', () => {
    expect(decide(bet, [leg(21000n, 21000n, 0), { ...leg(19000n, 19000n, 1), marketStatus: 'suspended' }])).toEqual({
      betId: 1n,
      outcome: 'refused',
    });
    expect(decide(bet, [leg(21000n, 21000n, 0), { ...leg(19000n, 19000n, 1), eventStatus: 'finished' }]).outcome).toBe(
      'refused',
    );
    expect(decide(bet, [{ ...leg(21000n, 21000n), eventStatus: 'scheduled', started: true }]).outcome).toBe('refused');
  });

  it('re-prices a parlay under any: the dropped leg at its new odds, the payout from them exactly', () => {
    const decision = decide({ ...bet, acceptOdds: 'any' }, [leg(21000n, 18000n, 0), leg(19000n, 20000n, 1)]);
    // 100 x 1.80 x 1.90 = 342: the leg that rose keeps its own 1.90.
    expect(decision).toMatchObject({ outcome: 'repriced', potentialPayout: 342_0000n });
    if (decision.outcome !== 'repriced') return;
    expect(decision.legs.map((entry) => [entry.odds, entry.version])).toEqual([
      [18000n, 7],
      [19000n, null],
    ]);
  });
});

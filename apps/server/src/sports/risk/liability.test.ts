import { randomUUID } from 'node:crypto';
import type { LiabilityView, SportsSettings } from '@jinb/contract/sports';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';
import { DEFAULT_SPORTS_SETTINGS } from '../sports-settings';

type Member = Awaited<ReturnType<typeof walletMember>>;

const oneXTwo = (home: bigint) => [
  {
    type: '1x2' as const,
    selections: [
      { side: 'home', odds: home },
      { side: 'draw', odds: 33_000n },
      { side: 'away', odds: 34_000n },
    ],
  },
];

/**
 * Risk limits per selection (issue 20): a selection's liability (what its open bet lines pay beyond their stakes if
 * it wins) may not pass the cap the operator sets per sport and market type; the bet that would pass it is refused
 * with LIABILITY_LIMIT and changes nothing, and the market is suspended for the trader, audited as the book's own.
 */
describe.each(testDatabases)('liability caps on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function settings(change: Partial<SportsSettings>) {
    const response = await sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/sports/settings',
      payload: { ...DEFAULT_SPORTS_SETTINGS, ...change },
      headers: desk.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function funded(amount: string): Promise<Member> {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, amount);
    return member;
  }

  function bet(member: Member, body: { type?: string; system?: string; stake: string; legs: unknown[] }) {
    return sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: { type: 'single', acceptOdds: 'any', ...body },
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });
  }

  const home = (event: FixtureEvent) => ({ selectionId: event.markets[0]!.selections.home!.toString(), odds: '1.01' });

  async function marketStatus(event: FixtureEvent) {
    const view = (await sut.get(`/api/admin/v1/sports/events/${event.id}`, desk.headers)).json().data;
    return view.markets[0].status as string;
  }

  async function liability(event: FixtureEvent) {
    const view = (await sut.get(`/api/admin/v1/sports/events/${event.id}/liability`, desk.headers)).json()
      .data as LiabilityView;
    return view.markets[0]!.selections[0]!;
  }

  it('refuses the bet that would pass the cap, changing nothing, and suspends the market, audited', async () => {
    await settings({ byMarketType: { '1x2': { maxLiability: '100' } } });
    const event = await insertEvent(sut.container.db, { markets: oneXTwo(21_000n) });
    const member = await funded('1000');

    // 50 at 2.10 pays 105: liability 55 of 100.
    expect((await bet(member, { stake: '50', legs: [home(event)] })).json().status).toBe(true);
    expect(await liability(event)).toMatchObject({ payout: '105.0000', liability: '55.0000', cap: '100.0000' });

    // Another 50 would make it 110.
    const refused = await bet(member, { stake: '50', legs: [home(event)] });
    expect(refused.json()).toMatchObject({ status: false, code: 'LIABILITY_LIMIT' });
    expect(refused.json().data).toBe('该选项投注已满，暂停接受投注，请选择其他选项');
    expect(await mainBalance(sut, member.token)).toBe('950.0000');
    expect(await liability(event)).toMatchObject({ bets: 1, liability: '55.0000' });

    expect(await marketStatus(event)).toBe('suspended');
    const audit = await sut.container.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'sports.market.suspend'),
          eq(auditLog.target, `market:${event.markets[0]!.id}`),
          isNull(auditLog.operatorId),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ reason: 'liability_cap', liability: '550000', cap: '1000000' });

    // Suspended, the market takes no bet at all until a trader resumes it.
    expect((await bet(member, { stake: '10', legs: [home(event)] })).json().code).toBe('MARKET_SUSPENDED');
  });

  it('lets parallel bets fill the cap exactly and no further', async () => {
    await settings({ byMarketType: { '1x2': { maxLiability: '100' } } });
    const event = await insertEvent(sut.container.db, { markets: oneXTwo(21_000n) });
    const members = await Promise.all(Array.from({ length: 4 }, () => funded('1000')));
    // 10 at 2.10 adds 11 of liability: nine fit under 100, the tenth would make 110.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        bet(members[index % members.length]!, { stake: '10', legs: [home(event)] }),
      ),
    );
    const accepted = answers.filter((answer) => answer.json().status === true);
    expect(accepted).toHaveLength(9);
    for (const answer of answers.filter((item) => item.json().status !== true))
      expect(['LIABILITY_LIMIT', 'MARKET_SUSPENDED']).toContain(answer.json().code);
    expect(await liability(event)).toMatchObject({ bets: 9, liability: '99.0000' });
    expect(await marketStatus(event)).toBe('suspended');
    expect(await desk.ledgerCheck()).toMatchObject({ ok: true, negativeMemberAccounts: 0 });
  });

  it('suspends the market when a bet takes it exactly to the cap', async () => {
    await settings({ byMarketType: { '1x2': { maxLiability: '55' } } });
    const event = await insertEvent(sut.container.db, { markets: oneXTwo(21_000n) });
    const member = await funded('1000');
    expect((await bet(member, { stake: '50', legs: [home(event)] })).json().status).toBe(true);
    expect(await marketStatus(event)).toBe('suspended');
  });

  it('counts a system bet on a selection by its lines with that selection only', async () => {
    await settings({});
    const [a, b, c] = [
      await insertEvent(sut.container.db, { markets: oneXTwo(20_000n) }),
      await insertEvent(sut.container.db, { markets: oneXTwo(30_000n) }),
      await insertEvent(sut.container.db, { markets: oneXTwo(40_000n) }),
    ] as [FixtureEvent, FixtureEvent, FixtureEvent];
    const member = await funded('1000');
    // 2/3 at 10 a line on 2.00, 3.00, 4.00: AB pays 60, AC 80, BC 120 (260 in all).
    const placed = await bet(member, { type: 'system', system: '2/3', stake: '10', legs: [home(a), home(b), home(c)] });
    expect(placed.json().data).toMatchObject({ potentialPayout: '260.0000', totalStake: '30.0000' });
    expect(await liability(a)).toMatchObject({ bets: 1, stake: '20.0000', payout: '140.0000', liability: '120.0000' });
    expect(await liability(b)).toMatchObject({ stake: '20.0000', payout: '180.0000', liability: '160.0000' });
    expect(await liability(c)).toMatchObject({ stake: '20.0000', payout: '200.0000', liability: '180.0000' });
  });

  it('takes the cap of each leg’s own market type', async () => {
    await settings({
      byMarketType: { '1x2': { maxLiability: '100' } },
      bySport: { basketball: { maxLiability: '5' } },
    });
    const football = await insertEvent(sut.container.db, { markets: oneXTwo(21_000n) });
    const basketball = await insertEvent(sut.container.db, {
      sport: 'basketball',
      markets: [
        {
          type: 'ml',
          selections: [
            { side: 'home', odds: 18_500n },
            { side: 'away', odds: 20_000n },
          ],
        },
      ],
    });
    const member = await funded('1000');
    // The parlay pays 10 x 2.10 x 1.85 = 38.85: 28.85 of liability on each leg, under football's 100, over
    // basketball's 5.
    const refused = await bet(member, { type: 'parlay', stake: '10', legs: [home(football), home(basketball)] });
    expect(refused.json().code).toBe('LIABILITY_LIMIT');
    expect(await marketStatus(basketball)).toBe('suspended');
    expect(await marketStatus(football)).toBe('open');
    expect(await mainBalance(sut, member.token)).toBe('1000.0000');
  });
});

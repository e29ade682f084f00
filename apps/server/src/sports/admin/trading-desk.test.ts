import { randomBytes, randomUUID } from 'node:crypto';
import { platformDay, type TradingEventBetRow, type TradingEventRow } from '@jinb/contract';
import type { AdminEventView } from '@jinb/contract/sports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, walletMember } from '../../test/wallet-fixtures';

const DESK = '/api/admin/v1/sports/desk';

/** An operator of a console role (issue 27): trader and marketing are the roles this issue adds. */
async function roleOperator(sut: TestApp, role: 'trader' | 'marketing') {
  const account = `op${role}${randomBytes(3).toString('hex')}`;
  if (!(await sut.container.admin.createOperator(account, 'operator12345', role))) throw new Error('no operator');
  const login = await sut.operatorLogin(account, 'operator12345');
  return { authorization: `Bearer ${login.json().data.token}` };
}

describe.each(testDatabases)('the console trading desk on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let trader: Record<string, string>;
  let marketing: Record<string, string>;
  const tag = randomBytes(3).toString('hex');
  const league = `测试联赛${tag}`;
  let today: AdminEventView;
  let later: AdminEventView;
  let tennis: AdminEventView;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    trader = await roleOperator(sut, 'trader');
    marketing = await roleOperator(sut, 'marketing');
    const market = {
      type: '1x2',
      period: 'ft',
      line: null,
      selections: [
        { side: 'home', odds: '2.00' },
        { side: 'draw', odds: '3.00' },
        { side: 'away', odds: '4.00' },
      ],
    };
    const create = async (body: object) => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/admin/v1/sports/events',
        payload: body,
        headers: trader,
      });
      if (response.statusCode !== 200) throw new Error(`create: ${response.body}`);
      return response.json().data as AdminEventView;
    };
    // One event starting in a few minutes (today on the platform's clock, unless the day is about to end), one in
    // three days, and one of another sport and competition.
    today = await create({
      sport: 'football',
      competition: league,
      home: `甲${tag}`,
      away: `乙${tag}`,
      startTime: new Date(Date.now() + 5 * 60_000).toISOString(),
      markets: [market],
    });
    later = await create({
      sport: 'football',
      competition: league,
      home: `丙${tag}`,
      away: `丁${tag}`,
      startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      markets: [market],
    });
    tennis = await create({
      sport: 'tennis',
      competition: `网球赛${tag}`,
      home: `戊${tag}`,
      away: `己${tag}`,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [
        { type: 'ml', period: 'ft', line: null, selections: market.selections.filter((s) => s.side !== 'draw') },
      ],
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  const get = (url: string, headers: Record<string, string> = trader) =>
    sut.app.inject({ method: 'GET', url, headers });
  const events = async (query: string) => {
    const response = await get(`${DESK}/events?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { rows: TradingEventRow[]; total: number };
  };

  async function placeBet(member: { headers: Record<string, string> }, selectionId: string, odds: string) {
    return sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: { type: 'single', stake: '100', legs: [{ selectionId, odds }], acceptOdds: 'none' },
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });
  }

  it('lists events by sport, competition, status, start day and text, paged, with their open bets', async () => {
    const punter = await walletMember(sut, { card: false });
    await desk.credit(punter.id, '1000');
    const home = today.markets[0]?.selections[0];
    expect((await placeBet(punter, home?.id ?? '', home?.odds ?? '')).statusCode).toBe(200);

    const league_ = today.competition.id;
    const all = await events(`competition=${league_}&sort=startTime`);
    expect(all.total).toBe(2);
    expect(all.rows.map((row) => row.id)).toEqual([today.id, later.id]);
    expect(all.rows[0]).toMatchObject({
      sport: 'football',
      competition: { id: league_, name: league },
      home: `甲${tag}`,
      status: 'scheduled',
      feed: 'manual',
      score: null,
      markets: 1,
      suspendedMarkets: 0,
      openBets: 1,
      openStake: '100.0000',
    });
    expect(all.rows[1]).toMatchObject({ openBets: 0, openStake: '0.0000' });

    expect((await events(`competition=${league_}&sort=-startTime`)).rows.map((row) => row.id)).toEqual([
      later.id,
      today.id,
    ]);
    const paged = await events(`competition=${league_}&sort=startTime&page=2&pageSize=1`);
    expect(paged).toMatchObject({ total: 2, rows: [{ id: later.id }] });
    expect((await events(`q=${encodeURIComponent(`丙${tag}`)}`)).rows.map((row) => row.id)).toEqual([later.id]);
    expect((await events(`sport=tennis&q=${tag}`)).rows.map((row) => row.id)).toEqual([tennis.id]);
    const day = platformDay(new Date(later.startTime), 'Asia/Shanghai');
    expect((await events(`day=${day}&q=${tag}`)).rows.map((row) => row.id)).toEqual([later.id]);
    expect((await events(`status=cancelled&q=${tag}`)).total).toBe(0);

    const competitions = (await get(`${DESK}/competitions?sport=football`)).json().data as Array<{ id: string }>;
    expect(competitions).toContainEqual({ id: league_, sport: 'football', name: league, events: 2 });
    expect(competitions.some((c) => c.id === tennis.competition.id)).toBe(false);
  });

  it('refuses a filter or sort it does not know, with the contract code', async () => {
    expect((await get(`${DESK}/events?status=postponed`)).json().code).toBe('STATUS_UNKNOWN');
    expect((await get(`${DESK}/events?sort=-home`)).statusCode).toBe(400);
    expect((await get(`${DESK}/events?day=2026-13-40`)).json().code).toBe('DATE_INVALID');
    expect((await get(`${DESK}/events?pageSize=500`)).statusCode).toBe(400);
    expect((await get(`${DESK}/events/99999999/bets`)).json().code).toBe('NOT_FOUND');
  });

  it('lets a trader suspend, resume and result an event, and shows its bets settling', async () => {
    const punter = await walletMember(sut, { card: false });
    await desk.credit(punter.id, '1000');
    const market = later.markets[0];
    const [home, draw] = market?.selections ?? [];
    expect((await placeBet(punter, home?.id ?? '', home?.odds ?? '')).statusCode).toBe(200);

    const suspend = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/markets/${market?.id}/suspend`,
      headers: trader,
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const refused = await placeBet(punter, draw?.id ?? '', draw?.odds ?? '');
    expect(refused.json().code).toBe('MARKET_SUSPENDED');
    expect((await events(`q=${encodeURIComponent(`丙${tag}`)}`)).rows[0]?.suspendedMarkets).toBe(1);
    const resume = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/markets/${market?.id}/resume`,
      headers: trader,
    });
    expect(resume.statusCode).toBe(200);
    expect((await placeBet(punter, draw?.id ?? '', draw?.odds ?? '')).statusCode).toBe(200);

    const open = (await get(`${DESK}/events/${later.id}/bets?status=open`)).json().data as {
      rows: TradingEventBetRow[];
      total: number;
    };
    expect(open.total).toBe(2);
    expect(open.rows[0]).toMatchObject({
      account: punter.account.toLowerCase(),
      memberId: punter.id,
      type: 'single',
      status: 'open',
      totalStake: '100.0000',
      payout: null,
      legCount: 1,
      legs: [{ marketId: market?.id, type: '1x2', side: 'draw', odds: '3.00', outcome: null }],
    });
    expect(open.rows[0]?.orderNo).toMatch(/^S\d{8}/);

    const result = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/events/${later.id}/result`,
      payload: { home: 2, away: 1 },
      headers: trader,
    });
    expect(result.statusCode, result.body).toBe(200);
    await sut.container.sports.settlement.idle();
    const settled = (await get(`${DESK}/events/${later.id}/bets?status=settled&sort=placedAt`)).json().data as {
      rows: TradingEventBetRow[];
      total: number;
    };
    expect(settled.rows.map((row) => [row.legs[0]?.side, row.status, row.payout, row.legs[0]?.outcome])).toEqual([
      ['home', 'settled', '200.0000', 'win'],
      ['draw', 'settled', '0.0000', 'lose'],
    ]);
    expect((await get(`${DESK}/events/${later.id}/bets?status=open`)).json().data.total).toBe(0);
    const row = (await events(`q=${encodeURIComponent(`丙${tag}`)}`)).rows[0];
    expect(row).toMatchObject({ score: { home: 2, away: 1 }, resultVersion: 1, openBets: 0 });
  });

  it('keeps the desk from a marketing operator', async () => {
    for (const url of [`${DESK}/events`, `${DESK}/competitions`, `${DESK}/events/${today.id}/bets`]) {
      expect((await get(url, marketing)).statusCode, url).toBe(403);
    }
    const suspend = await sut.app.inject({
      method: 'POST',
      url: `/api/admin/v1/sports/markets/${today.markets[0]?.id}/suspend`,
      headers: marketing,
    });
    expect(suspend.statusCode).toBe(403);
    expect((await get(`${DESK}/events`, {})).statusCode).toBe(401);
  });
});

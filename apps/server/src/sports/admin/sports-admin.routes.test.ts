import { randomUUID } from 'node:crypto';
import type { AdminEventView, LiabilityView } from '@jinb/contract/sports';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { type Operator, operator, signedInOperator, walletMember } from '../../test/wallet-fixtures';
import { startDue } from '../feed/feed-sink';

type Member = Awaited<ReturnType<typeof walletMember>>;

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

/** The fixed body: sport, competition, home, away, startTime, markets [{type, period, line, selections}]. */
function footballBody(overrides: Record<string, unknown> = {}) {
  return {
    sport: 'football',
    competition: '友谊赛',
    home: '广州队',
    away: '深圳队',
    startTime: inTwoDays(),
    markets: [
      {
        type: '1x2',
        period: 'ft',
        line: null,
        selections: [
          { side: 'home', odds: '2.00' },
          { side: 'draw', odds: '3.00' },
          { side: 'away', odds: '4.00' },
        ],
      },
      {
        type: 'ah',
        period: 'ft',
        line: '-0.25',
        selections: [
          { side: 'home', odds: '1.95' },
          { side: 'away', odds: '1.90' },
        ],
      },
      {
        type: 'ou',
        period: 'ft',
        line: '2.5',
        selections: [
          { side: 'over', odds: '1.90' },
          { side: 'under', odds: '1.90' },
        ],
      },
    ],
    ...overrides,
  };
}

describe.each(testDatabases)('the operator sportsbook on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let admin: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    admin = desk.headers;
    support = (await signedInOperator(sut, 'finance')).headers;
  });
  afterAll(async () => {
    await sut?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    sut.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function create(body: unknown = footballBody()): Promise<AdminEventView> {
    const response = await call('POST', '/api/admin/v1/sports/events', admin, body);
    if (response.statusCode !== 200) throw new Error(`create: ${response.body}`);
    return response.json().data;
  }

  /** Events, markets and selections in the book, and the sportsbook's audit rows: what a refusal must not change. */
  async function snapshot() {
    const [counts] = resultRows<{ events: number; markets: number; selections: number; odds: string }>(
      await sut.container.db.execute(sql`
        select (select count(*) from sports_events)::int as events, (select count(*) from sports_markets)::int as markets,
          (select count(*) from sports_selections)::int as selections,
          (select coalesce(string_agg(odds::text || ':' || version || ':' || m.status, ',' order by s.id), '')
            from sports_selections s join sports_markets m on m.id = s.market_id) as odds`),
    );
    const audits = await sut.container.db.select({ id: auditLog.id }).from(auditLog);
    return { ...counts, audits: audits.length };
  }

  async function audits(target: string) {
    return (
      await sut.container.db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.target, target))
        .orderBy(desc(auditLog.id))
    ).map((row) => row.action);
  }

  it('creates an event from the fixed body, with its ids, and members see it', async () => {
    const event = await create();
    expect(event).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      sport: 'football',
      competition: { id: expect.stringMatching(/^\d+$/), name: '友谊赛' },
      home: '广州队',
      away: '深圳队',
      status: 'scheduled',
      feed: 'manual',
      resultVersion: 0,
      score: null,
      marketCount: 3,
    });
    expect(
      event.markets.map((market) => [
        market.type,
        market.period,
        market.line,
        market.status,
        market.selections.map((s) => `${s.side} ${s.odds} v${s.version}`),
      ]),
    ).toEqual([
      ['1x2', 'ft', null, 'open', ['home 2.00 v1', 'draw 3.00 v1', 'away 4.00 v1']],
      ['ah', 'ft', '-0.25', 'open', ['home 1.95 v1', 'away 1.90 v1']],
      ['ou', 'ft', '2.5', 'open', ['over 1.90 v1', 'under 1.90 v1']],
    ]);
    expect(event.markets.every((market) => /^\d+$/.test(market.id))).toBe(true);
    expect(await audits(`event:${event.id}`)).toEqual(['sports.event.create']);

    const early = (await sut.get('/api/f/v1/sports/events?status=early&sport=football')).json().data;
    expect(early.map((e: { id: string }) => e.id)).toContain(event.id);
    const page = (await sut.get(`/api/f/v1/sports/events/${event.id}`)).json().data;
    expect(page.markets).toEqual(event.markets);

    // The same competition name finds the same competition.
    const second = await create(footballBody({ home: '北京队', away: '上海队' }));
    expect(second.competition.id).toBe(event.competition.id);
    const listed = (await call('GET', '/api/admin/v1/sports/events?status=scheduled', support)).json().data;
    expect(listed.map((e: AdminEventView) => e.id)).toEqual(expect.arrayContaining([event.id, second.id]));
    expect((await call('GET', `/api/admin/v1/sports/events/${event.id}`, support)).json().data).toEqual(event);
  });

  it('lets any operator look but only an admin trade', async () => {
    const event = await create();
    const before = await snapshot();
    for (const [url, payload] of [
      ['/api/admin/v1/sports/events', footballBody()],
      [`/api/admin/v1/sports/events/${event.id}/suspend`, undefined],
      [`/api/admin/v1/sports/markets/${event.markets[0]?.id}/suspend`, undefined],
      [
        `/api/admin/v1/sports/markets/${event.markets[0]?.id}/prices`,
        { selections: [{ id: event.markets[0]?.selections[0]?.id, odds: '2.5' }] },
      ],
      [`/api/admin/v1/sports/events/${event.id}/result`, { home: 1, away: 0 }],
      [`/api/admin/v1/sports/events/${event.id}/cancel`, { reason: 'x' }],
    ] as const) {
      const response = await call('POST', url, support, payload);
      expect(response.statusCode, url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', `/api/admin/v1/sports/events/${event.id}/liability`, support)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/v1/sports/events', {})).statusCode).toBe(401);
  });

  it('refuses bad events and markets with a clear code and changes nothing', async () => {
    const base = footballBody();
    const [x12, ah, ou] = base.markets;
    const cases: Array<[string, unknown]> = [
      ['MARKET_INVALID', footballBody({ markets: [{ ...x12, line: '0.5' }] })],
      ['MARKET_INVALID', footballBody({ markets: [{ ...ah, line: null }] })],
      ['MARKET_INVALID', footballBody({ markets: [{ ...ah, line: '0.3' }] })],
      ['MARKET_INVALID', footballBody({ markets: [{ ...ou, line: '-1.5' }] })],
      ['MARKET_INVALID', footballBody({ markets: [{ ...x12, selections: ah?.selections }] })],
      ['MARKET_INVALID', footballBody({ markets: [{ ...x12, type: 'ml' }] })],
      ['MARKET_INVALID', footballBody({ markets: [{ ...x12, type: 'corners' }] })],
      ['MARKET_INVALID', footballBody({ markets: [x12, x12] })],
      [
        'MARKET_INVALID',
        footballBody({
          markets: [
            {
              type: 'cs',
              period: 'ft',
              selections: [
                { side: '1-0', odds: '7' },
                { side: '01-1', odds: '9' },
              ],
            },
          ],
        }),
      ],
      ['MARKET_INVALID', footballBody({ sport: 'basketball' })],
      [
        'ODDS_INVALID',
        footballBody({
          markets: [
            {
              ...ou,
              selections: [
                { side: 'over', odds: '1.00' },
                { side: 'under', odds: '1.90' },
              ],
            },
          ],
        }),
      ],
      [
        'ODDS_INVALID',
        footballBody({
          markets: [
            {
              ...ou,
              selections: [
                { side: 'over', odds: '1.955555' },
                { side: 'under', odds: '1.9' },
              ],
            },
          ],
        }),
      ],
      [
        'ODDS_INVALID',
        footballBody({
          markets: [
            {
              ...ou,
              selections: [
                { side: 'over', odds: 'abc' },
                { side: 'under', odds: '1.9' },
              ],
            },
          ],
        }),
      ],
      ['VALIDATION', footballBody({ startTime: new Date(Date.now() - 3_600_000).toISOString() })],
      ['VALIDATION', footballBody({ away: '广州队' })],
      ['VALIDATION', footballBody({ home: '' })],
      ['VALIDATION', footballBody({ startTime: 'tomorrow' })],
    ];
    const before = await snapshot();
    for (const [code, body] of cases) {
      const response = await call('POST', '/api/admin/v1/sports/events', admin, body);
      expect(response.json().status, JSON.stringify(body)).toBe(false);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('adds markets to an event not started, refusing one it has', async () => {
    const event = await create();
    const btts = {
      type: 'btts',
      period: 'ft',
      selections: [
        { side: 'yes', odds: '1.80' },
        { side: 'no', odds: '2.00' },
      ],
    };
    const added = await call('POST', `/api/admin/v1/sports/events/${event.id}/markets`, admin, { markets: [btts] });
    expect(added.json().data.markets.map((m: { type: string }) => m.type)).toEqual(['1x2', 'ah', 'ou', 'btts']);
    expect(added.json().data.version).toBeGreaterThan(event.version);
    const before = await snapshot();
    const again = await call('POST', `/api/admin/v1/sports/events/${event.id}/markets`, admin, { markets: [btts] });
    expect(again.json().code).toBe('MARKET_INVALID');
    const unknown = await call('POST', '/api/admin/v1/sports/events/987654/markets', admin, { markets: [btts] });
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);
    expect(await audits(`event:${event.id}`)).toEqual(['sports.markets.add', 'sports.event.create']);
  });

  it('suspends and resumes a market and a whole event, and members see it', async () => {
    const event = await create();
    const [x12, ah] = event.markets;
    const suspended = (await call('POST', `/api/admin/v1/sports/markets/${x12?.id}/suspend`, admin)).json().data;
    expect(suspended.markets.map((m: { status: string }) => m.status)).toEqual(['suspended', 'open', 'open']);
    const page = (await sut.get(`/api/f/v1/sports/events/${event.id}`)).json().data;
    expect(page.markets[0].status).toBe('suspended');
    expect(page.version).toBeGreaterThan(event.version);

    const resumed = (await call('POST', `/api/admin/v1/sports/markets/${x12?.id}/resume`, admin)).json().data;
    expect(resumed.markets.map((m: { status: string }) => m.status)).toEqual(['open', 'open', 'open']);

    await call('POST', `/api/admin/v1/sports/markets/${ah?.id}/suspend`, admin);
    const all = (await call('POST', `/api/admin/v1/sports/events/${event.id}/suspend`, admin)).json().data;
    expect(all.status).toBe('scheduled');
    expect(all.markets.map((m: { status: string }) => m.status)).toEqual(['suspended', 'suspended', 'suspended']);
    const back = (await call('POST', `/api/admin/v1/sports/events/${event.id}/resume`, admin)).json().data;
    expect(back.markets.map((m: { status: string }) => m.status)).toEqual(['open', 'open', 'open']);
    expect(await audits(`market:${x12?.id}`)).toEqual(['sports.market.resume', 'sports.market.suspend']);
    expect(await audits(`event:${event.id}`)).toEqual([
      'sports.event.resume',
      'sports.event.suspend',
      'sports.event.create',
    ]);
  });

  it('once live, closes the markets for good and suspends the event itself', async () => {
    const event = await create();
    await sut.container.db.execute(
      sql`update sports_events set start_at = now() - interval '1 minute' where id = ${event.id}`,
    );
    expect(await startDue(sut.container.db, ['manual'])).toBeGreaterThanOrEqual(1);
    const before = await snapshot();
    const market = event.markets[0]?.id;
    expect((await call('POST', `/api/admin/v1/sports/markets/${market}/resume`, admin)).json().code).toBe(
      'MARKET_CLOSED',
    );
    expect(
      (
        await call('POST', `/api/admin/v1/sports/markets/${market}/prices`, admin, {
          selections: [{ id: event.markets[0]?.selections[0]?.id, odds: '2.5' }],
        })
      ).json().code,
    ).toBe('MARKET_CLOSED');
    const added = await call('POST', `/api/admin/v1/sports/events/${event.id}/markets`, admin, {
      markets: [
        {
          type: 'oe',
          period: 'ft',
          selections: [
            { side: 'odd', odds: '1.9' },
            { side: 'even', odds: '1.9' },
          ],
        },
      ],
    });
    expect(added.json().code).toBe('EVENT_STATE');
    expect(await snapshot()).toEqual(before);

    const suspended = (await call('POST', `/api/admin/v1/sports/events/${event.id}/suspend`, admin)).json().data;
    expect(suspended.status).toBe('suspended');
    expect(suspended.markets.every((m: { status: string }) => m.status === 'closed')).toBe(true);
    const live = (await sut.get('/api/f/v1/sports/events?status=live')).json().data;
    expect(live.map((e: { id: string }) => e.id)).toContain(event.id);
    expect((await call('POST', `/api/admin/v1/sports/events/${event.id}/resume`, admin)).json().data.status).toBe(
      'live',
    );
  });

  it('runs a match by hand: kick-off, goals suspend, half time closes the first half and fixes its score', async () => {
    const firstHalf = {
      type: '1x2',
      period: '1h',
      selections: [
        { side: 'home', odds: '2.80' },
        { side: 'draw', odds: '2.10' },
        { side: 'away', odds: '4.50' },
      ],
    };
    const event = await create(footballBody({ markets: [...footballBody().markets, firstHalf] }));
    const live = (body: unknown) => call('POST', `/api/admin/v1/sports/events/${event.id}/live`, admin, body);
    const statuses = (view: AdminEventView) => view.markets.map((m) => `${m.period}:${m.status}`);

    const kicked = (await live({ home: 0, away: 0, minute: 0 })).json().data as AdminEventView;
    expect(kicked).toMatchObject({ status: 'live', score: { home: 0, away: 0 }, minute: 0, phase: null });
    expect(statuses(kicked)).toEqual(['ft:open', 'ft:open', 'ft:open', '1h:open']);

    const goal = (await live({ home: 1, away: 0, minute: 23, phase: '1h' })).json().data as AdminEventView;
    expect(goal).toMatchObject({ score: { home: 1, away: 0 }, minute: 23, phase: '1h', halfTime: null });
    expect(statuses(goal)).toEqual(['ft:suspended', 'ft:suspended', 'ft:suspended', '1h:suspended']);
    await call('POST', `/api/admin/v1/sports/events/${event.id}/resume`, admin);

    const half = (await live({ home: 1, away: 0, minute: 45, phase: 'ht' })).json().data as AdminEventView;
    expect(half).toMatchObject({ phase: 'ht', halfTime: { home: 1, away: 0 } });
    expect(statuses(half)).toEqual(['ft:open', 'ft:open', 'ft:open', '1h:closed']);
    const member = (await sut.get(`/api/f/v1/sports/events/${event.id}`)).json().data;
    expect(member.halfTime).toEqual({ home: 1, away: 0 });

    // The half-time score stays what it was when the half ended, and a half never comes back.
    const second = (await live({ home: 1, away: 1, minute: 50, phase: '2h' })).json().data as AdminEventView;
    expect(second).toMatchObject({ phase: '2h', score: { home: 1, away: 1 }, halfTime: { home: 1, away: 0 } });
    const before = await snapshot();
    expect((await live({ home: 1, away: 1, minute: 51, phase: '1h' })).json().code).toBe('EVENT_STATE');
    expect((await live({ home: 0, away: 1, minute: 51 })).json().code).toBe('RESULT_INVALID');
    expect((await live({ home: 1, away: 1, minute: 51, phase: 'extra' })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const [row] = (
      await sut.container.db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.target, `event:${event.id}`))
        .orderBy(desc(auditLog.id))
        .limit(2)
    ).slice(1);
    expect(row).toMatchObject({
      action: 'sports.event.live',
      detail: { to: { phase: 'ht', ht: { home: 1, away: 0 } }, closed: [event.markets[3]?.id] },
    });
  });

  it('refuses a phase for tennis, which has none', async () => {
    const event = await create({
      sport: 'tennis',
      competition: '表演赛',
      home: '甲',
      away: '乙',
      startTime: inTwoDays(),
      markets: [],
    });
    const before = await snapshot();
    const refused = await call('POST', `/api/admin/v1/sports/events/${event.id}/live`, admin, {
      home: 0,
      away: 0,
      minute: 0,
      phase: '2h',
    });
    expect(refused.json().code).toBe('VALIDATION');
    expect(await snapshot()).toEqual(before);
  });

  it('sets prices by hand: moved prices get a new version, bad ones change nothing', async () => {
    const event = await create();
    const [x12, ah] = event.markets;
    const [home, draw] = x12?.selections ?? [];
    const url = `/api/admin/v1/sports/markets/${x12?.id}/prices`;
    const moved = (
      await call('POST', url, admin, {
        selections: [
          { id: home?.id, odds: '1.85' },
          { id: draw?.id, odds: '3.00' },
        ],
      })
    ).json().data;
    expect(
      moved.markets[0].selections.map((s: { odds: string; version: number }) => `${s.odds} v${s.version}`),
    ).toEqual(['1.85 v2', '3.00 v1', '4.00 v1']);
    expect(moved.version).toBeGreaterThan(event.version);
    const before = await snapshot();
    for (const [code, selections] of [
      ['SELECTION_UNKNOWN', [{ id: ah?.selections[0]?.id, odds: '2.00' }]],
      ['SELECTION_UNKNOWN', [{ id: '99999999', odds: '2.00' }]],
      ['ODDS_INVALID', [{ id: home?.id, odds: '0.50' }]],
      ['ODDS_INVALID', [{ id: home?.id, odds: '1001' }]],
      ['ODDS_INVALID', [{ id: home?.id, odds: '1.23456' }]],
    ] as const) {
      const response = await call('POST', url, admin, { selections });
      expect(response.json().code, JSON.stringify(selections)).toBe(code);
    }
    expect(
      (
        await call('POST', '/api/admin/v1/sports/markets/99999999/prices', admin, {
          selections: [{ id: home?.id, odds: '2' }],
        })
      ).json().code,
    ).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);
    const audit = await sut.container.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.target, `market:${x12?.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({
      prices: [
        { selectionId: home?.id, from: '20000', to: '18500' },
        { selectionId: draw?.id, from: '30000', to: '30000' },
      ],
    });
  });

  it('refuses results that are not one, and unknown events', async () => {
    const event = await create();
    const tennis = await create({
      sport: 'tennis',
      competition: '表演赛',
      home: '王浩然',
      away: '李振宇',
      startTime: inTwoDays(),
      markets: [
        {
          type: 'ml',
          period: 'ft',
          selections: [
            { side: 'home', odds: '1.5' },
            { side: 'away', odds: '2.5' },
          ],
        },
      ],
    });
    const before = await snapshot();
    const cases: Array<[string, string, unknown]> = [
      [event.id, 'RESULT_INVALID', { home: 1 }],
      [event.id, 'RESULT_INVALID', { home: 1, away: 0, htHome: 1 }],
      [event.id, 'RESULT_INVALID', { home: 1, away: 0, htHome: 2, htAway: 0 }],
      [event.id, 'RESULT_INVALID', { home: 1, away: 0, sets: [{ home: 6, away: 4 }], bestOf: 3 }],
      // Not a score at all: the body's schema refuses it before the book sees it.
      [event.id, 'VALIDATION', { home: -1, away: 0 }],
      [event.id, 'VALIDATION', { home: 1.5, away: 0 }],
      [tennis.id, 'RESULT_INVALID', { home: 2, away: 0 }],
      [tennis.id, 'RESULT_INVALID', { sets: [{ home: 6, away: 4 }], bestOf: 3 }],
      [
        tennis.id,
        'RESULT_INVALID',
        {
          sets: [
            { home: 6, away: 4 },
            { home: 6, away: 5 },
          ],
          bestOf: 3,
        },
      ],
      [
        tennis.id,
        'RESULT_INVALID',
        {
          sets: [
            { home: 6, away: 4 },
            { home: 7, away: 5 },
          ],
          bestOf: 3,
          home: 1,
          away: 1,
        },
      ],
      ['99999999', 'NOT_FOUND', { home: 1, away: 0 }],
    ];
    for (const [id, code, body] of cases) {
      const response = await call('POST', `/api/admin/v1/sports/events/${id}/result`, admin, body);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(
      (await call('POST', '/api/admin/v1/sports/events/99999999/cancel', admin, { reason: 'x' })).json().code,
    ).toBe('NOT_FOUND');
    expect((await call('POST', '/api/admin/v1/sports/markets/99999999/void', admin, { reason: 'x' })).json().code).toBe(
      'NOT_FOUND',
    );
    expect(await snapshot()).toEqual(before);
  });

  describe('liability', () => {
    let punters: Member[];
    beforeAll(async () => {
      punters = [await walletMember(sut, { card: false }), await walletMember(sut, { card: false })];
      for (const punter of punters) await desk.credit(punter.id, '1000');
    });

    async function bet(member: Member, legs: Array<{ selectionId: string; odds: string }>, stake: string) {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/f/v1/sports/bets',
        payload: { type: legs.length > 1 ? 'parlay' : 'single', stake, legs, acceptOdds: 'none' },
        headers: { ...member.headers, 'idempotency-key': randomUUID() },
      });
      if (response.statusCode !== 200) throw new Error(`bet: ${response.body}`);
    }

    it('adds up what each outcome pays from the open bets, a parlay in full on each leg', async () => {
      const event = await create();
      const other = await create(footballBody({ home: '成都队', away: '重庆队' }));
      const [x12, , ou] = event.markets;
      const side = (market: typeof x12, index: number) => ({
        selectionId: market?.selections[index]?.id ?? '',
        odds: market?.selections[index]?.odds ?? '',
      });
      const [first, second] = punters as [Member, Member];
      await bet(first, [side(x12, 0)], '100');
      await bet(second, [side(x12, 1)], '50');
      await bet(first, [side(ou, 0), side(other.markets[0], 0)], '10');

      const response = await call('GET', `/api/admin/v1/sports/events/${event.id}/liability`, support);
      const liability: LiabilityView = response.json().data;
      expect(liability.eventId).toBe(event.id);
      expect(liability.openBets).toBe(3);
      expect(liability.openStake).toBe('160.0000');
      const rows = liability.markets.map((market) => [
        market.type,
        market.selections.map((s) => `${s.side} ${s.bets} ${s.stake} ${s.payout} ${s.net}`),
      ]);
      expect(rows).toEqual([
        [
          '1x2',
          ['home 1 100.0000 200.0000 -50.0000', 'draw 1 50.0000 150.0000 0.0000', 'away 0 0.0000 0.0000 150.0000'],
        ],
        ['ah', ['home 0 0.0000 0.0000 0.0000', 'away 0 0.0000 0.0000 0.0000']],
        // The parlay: 10 x 1.90 x 2.00 = 38 if over wins and the other leg does too.
        ['ou', ['over 1 10.0000 38.0000 -28.0000', 'under 0 0.0000 0.0000 10.0000']],
      ]);
      const otherLiability: LiabilityView = (
        await call('GET', `/api/admin/v1/sports/events/${other.id}/liability`, admin)
      ).json().data;
      expect(otherLiability.openBets).toBe(1);
      expect(otherLiability.markets[0]?.selections[0]).toMatchObject({ bets: 1, stake: '10.0000', payout: '38.0000' });
      expect((await call('GET', '/api/admin/v1/sports/events/99999999/liability', admin)).json().code).toBe(
        'NOT_FOUND',
      );
    });
  });
});

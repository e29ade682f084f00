import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import type { FeedMarket, FeedSink } from '../feed/feed-adapter';
import { createFeedSink, startDue } from '../feed/feed-sink';
import type { CatalogueService } from './catalogue.service';

// Noon in Shanghai (the default platform zone): today's window ends at 2030-03-10T16:00Z.
const NOW = new Date('2030-03-10T04:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

const twoWay = (type: 'ah' | 'ou', line: number, first: bigint, second: bigint, period: 'ft' | '1h' = 'ft') =>
  ({
    type,
    period,
    line,
    selections:
      type === 'ah'
        ? [
            { side: 'away', odds: second },
            { side: 'home', odds: first },
          ]
        : [
            { side: 'under', odds: second },
            { side: 'over', odds: first },
          ],
  }) satisfies FeedMarket;

/** Given out of order on purpose: the book orders markets and sides itself. */
const FOOTBALL_MARKETS: FeedMarket[] = [
  twoWay('ou', 11, 22_000n, 16_800n),
  {
    type: 'cs',
    period: 'ft',
    line: null,
    selections: [
      { side: 'other', odds: 30_000n },
      { side: '1-1', odds: 60_000n },
      { side: '1-0', odds: 70_000n },
      { side: '0-1', odds: 90_000n },
      { side: '0-0', odds: 95_000n },
    ],
  },
  twoWay('ah', 0, 15_000n, 26_000n),
  {
    type: '1x2',
    period: '1h',
    line: null,
    selections: [
      { side: 'away', odds: 40_000n },
      { side: 'home', odds: 28_000n },
      { side: 'draw', odds: 21_000n },
    ],
  },
  twoWay('ah', -1, 18_000n, 20_500n),
  twoWay('ou', 10, 19_500n, 19_000n),
  {
    type: 'btts',
    period: 'ft',
    line: null,
    selections: [
      { side: 'no', odds: 19_000n },
      { side: 'yes', odds: 18_500n },
    ],
  },
  twoWay('ah', -2, 21_000n, 17_500n),
  twoWay('ou', 9, 17_000n, 21_500n),
  twoWay('ou', 4, 20_000n, 18_000n, '1h'),
  {
    type: '1x2',
    period: 'ft',
    line: null,
    selections: [
      { side: 'away', odds: 34_000n },
      { side: 'draw', odds: 33_000n },
      { side: 'home', odds: 21_000n },
    ],
  },
];

const BASKETBALL_MARKETS: FeedMarket[] = [
  {
    type: 'ml',
    period: 'ft',
    line: null,
    selections: [
      { side: 'home', odds: 16_000n },
      { side: 'away', odds: 23_500n },
    ],
  },
  twoWay('ah', -18, 19_000n, 19_000n),
  twoWay('ou', 906, 19_000n, 19_000n),
];

async function count(sut: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = resultRows<{ n: number }>(await sut.container.db.execute(query));
  return Number(row?.n ?? 0);
}

describe.each(testDatabases)('the book on %s', (kind) => {
  let sut: TestApp;
  let book: CatalogueService;
  let feed: FeedSink;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    book = sut.container.sports.catalogue;
    feed = createFeedSink(sut.container.db, 'testfeed');
    await feed.competitions([
      { ref: 'epl', sport: 'football', name: '英超', sort: 1 },
      { ref: 'nba', sport: 'basketball', name: 'NBA', sort: 2 },
      { ref: 'atp', sport: 'tennis', name: 'ATP', sort: 3 },
    ]);
    await feed.fixtures([
      {
        ref: 'today',
        competition: 'epl',
        home: '阿森纳',
        away: '切尔西',
        startAt: hours(2),
        markets: FOOTBALL_MARKETS,
      },
      { ref: 'early', competition: 'epl', home: '利物浦', away: '曼联', startAt: hours(22), markets: FOOTBALL_MARKETS },
      { ref: 'live', competition: 'nba', home: '湖人', away: '勇士', startAt: hours(-1), markets: BASKETBALL_MARKETS },
      {
        ref: 'done',
        competition: 'atp',
        home: '王浩然',
        away: '卢卡·贝尔蒂尼',
        startAt: hours(-5),
        markets: [
          {
            type: 'ml',
            period: 'ft',
            line: null,
            selections: [
              { side: 'home', odds: 15_000n },
              { side: 'away', odds: 25_000n },
            ],
          },
        ],
      },
    ]);
    await feed.statuses({
      events: [
        { event: 'live', status: 'live', live: { home: 56, away: 49, minute: 30 } },
        { event: 'done', status: 'finished' },
      ],
      markets: [],
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('lists each window with its events and counts them in the menu', async () => {
    const names = async (status?: 'live' | 'today' | 'early') =>
      (await book.events(status ? { status } : {}, NOW)).map((event) => event.home);
    expect(await names('today')).toEqual(['阿森纳']);
    expect(await names('early')).toEqual(['利物浦']);
    expect(await names('live')).toEqual(['湖人']);
    // Without a window: everything not finished, soonest first.
    expect(await names()).toEqual(['湖人', '阿森纳', '利物浦']);
    expect((await book.events({ sport: 'basketball' }, NOW)).map((event) => event.home)).toEqual(['湖人']);

    const [live] = await book.events({ status: 'live' }, NOW);
    expect(live?.score).toEqual({ home: 56, away: 49 });
    expect(live?.status).toBe('live');

    const menu = await book.menu(NOW);
    expect(menu.map((entry) => entry.sport)).toEqual(['football', 'basketball', 'tennis']);
    const [football, basketball, tennis] = menu;
    expect(football).toMatchObject({ live: 0, today: 1, early: 1 });
    expect(football?.competitions).toEqual([{ id: expect.any(String), name: '英超', events: 2 }]);
    expect(basketball).toMatchObject({ live: 1, today: 0, early: 0 });
    expect(tennis).toMatchObject({ live: 0, today: 0, early: 0, competitions: [] });

    const competition = football?.competitions[0]?.id;
    expect((await book.events({ competition }, NOW)).map((event) => event.home)).toEqual(['阿森纳', '利物浦']);
  });

  it('searches team and competition names', async () => {
    const search = async (q: string) => (await book.events({ q }, NOW)).map((event) => event.home).sort();
    expect(await search('切尔')).toEqual(['阿森纳']);
    expect(await search('曼联')).toEqual(['利物浦']);
    expect(await search('英超')).toEqual(['利物浦', '阿森纳']);
    expect(await search('nba')).toEqual(['湖人']);
    expect(await search('%')).toEqual([]);
  });

  it('shows 1x2 and the main handicap and total (the most even prices) in the list', async () => {
    const [event] = await book.events({ status: 'today' }, NOW);
    expect(event?.marketCount).toBe(FOOTBALL_MARKETS.length);
    expect(event?.markets.map((market) => [market.type, market.line])).toEqual([
      ['1x2', null],
      ['ah', '-0.25'],
      ['ou', '2.5'],
    ]);
    expect(event?.markets[0]?.selections.map((selection) => [selection.side, selection.odds])).toEqual([
      ['home', '2.10'],
      ['draw', '3.30'],
      ['away', '3.40'],
    ]);
    // In play the headline markets trade on (issue 21).
    const [live] = await book.events({ status: 'live' }, NOW);
    expect(live?.markets.map((market) => [market.type, market.line, market.status])).toEqual([
      ['ml', null, 'open'],
      ['ah', '-4.5', 'open'],
      ['ou', '226.5', 'open'],
    ]);
  });

  it('orders the event page: full time first, by type, lines ascending, sides in their order', async () => {
    const [listed] = await book.events({ status: 'today' }, NOW);
    const event = await book.event(BigInt(listed?.id ?? '0'));
    expect(event.markets.map((market) => `${market.period} ${market.type} ${market.line ?? ''}`.trim())).toEqual([
      'ft 1x2',
      'ft ah -0.5',
      'ft ah -0.25',
      'ft ah 0',
      'ft ou 2.25',
      'ft ou 2.5',
      'ft ou 2.75',
      'ft btts',
      'ft cs',
      '1h 1x2',
      '1h ou 1',
    ]);
    const sides = (index: number) => event.markets[index]?.selections.map((selection) => selection.side);
    expect(sides(1)).toEqual(['home', 'away']);
    expect(sides(4)).toEqual(['over', 'under']);
    expect(sides(7)).toEqual(['yes', 'no']);
    expect(sides(8)).toEqual(['0-0', '0-1', '1-0', '1-1', 'other']);
    expect(sides(9)).toEqual(['home', 'draw', 'away']);
    expect(event.markets.every((market) => market.status === 'open')).toBe(true);
    expect(event.markets[1]?.selections[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      side: 'home',
      odds: '2.10',
      version: 1,
      outcome: null,
    });
    expect(event).toMatchObject({ halfTime: null, sets: [], score: null, status: 'scheduled' });

    // The same over HTTP, for guests too.
    const response = await sut.get(`/api/f/v1/sports/events/${listed?.id}`);
    expect(response.json().data.markets).toEqual(event.markets);
    expect((await sut.get('/api/f/v1/sports/events/999999')).json().code).toBe('NOT_FOUND');
    const menu = await sut.get('/api/f/v1/sports/menu');
    expect(menu.json().data.map((entry: { sport: string }) => entry.sport)).toEqual([
      'football',
      'basketball',
      'tennis',
    ]);
  });

  it('writes the same fixture twice without a second event, market, selection or version', async () => {
    const id = (await feed.events(['today'])).get('today')?.id ?? 0n;
    const version = (await book.event(id)).version;
    const selections = sql`select count(*)::int as n from sports_selections`;
    const markets = sql`select count(*)::int as n from sports_markets`;
    const countsBefore = [await count(sut, selections), await count(sut, markets)];
    await feed.competitions([{ ref: 'epl', sport: 'football', name: '英超', sort: 1 }]);
    await feed.fixtures([
      {
        ref: 'today',
        competition: 'epl',
        home: '阿森纳',
        away: '切尔西',
        startAt: hours(2),
        markets: FOOTBALL_MARKETS,
      },
    ]);
    const again = await feed.prices([{ event: 'today', markets: FOOTBALL_MARKETS }]);
    expect(again.changed).toBe(0);
    expect([await count(sut, selections), await count(sut, markets)]).toEqual(countsBefore);
    expect(await count(sut, sql`select count(*)::int as n from sports_events where feed = 'testfeed'`)).toBe(4);
    expect((await book.event(id)).version).toBe(version);
  });

  it('moves a selection version only when its odds change, and the event version on every change', async () => {
    const id = (await feed.events(['early'])).get('early')?.id ?? 0n;
    const before = await book.event(id);
    const moved = FOOTBALL_MARKETS.map((market) =>
      market.type === '1x2' && market.period === 'ft'
        ? {
            ...market,
            selections: market.selections.map((s) => (s.side === 'home' ? { ...s, odds: 20_500n } : s)),
          }
        : market,
    );
    expect((await feed.prices([{ event: 'early', markets: moved }])).changed).toBe(1);
    const after = await book.event(id);
    expect(after.version).toBe(before.version + 1);
    const versions = (event: typeof after) =>
      event.markets.flatMap((market) =>
        market.selections.map((s) => `${market.type}${market.period}${s.side}:${s.version}`),
      );
    expect(versions(after).filter((entry) => !entry.endsWith(':1'))).toEqual(['1x2fthome:2']);
    expect(after.markets[0]?.selections[0]?.odds).toBe('2.05');
    // The same prices again: nothing moves.
    expect((await feed.prices([{ event: 'early', markets: moved }])).changed).toBe(0);
    expect((await book.event(id)).version).toBe(after.version);
  });

  it('refuses markets the sport cannot have and odds out of range, keeping the rest', async () => {
    const result = await feed.prices([
      {
        event: 'early',
        markets: [
          { type: 'ml', period: 'ft', line: null, selections: BASKETBALL_MARKETS[0]?.selections ?? [] },
          {
            type: 'oe',
            period: 'ft',
            line: null,
            selections: [
              { side: 'odd', odds: 19_000n },
              { side: 'even', odds: 10_000n },
            ],
          },
          {
            type: 'oe',
            period: '1h',
            line: null,
            selections: [
              { side: 'odd', odds: 19_000n },
              { side: 'even', odds: 18_000n },
            ],
          },
        ],
      },
    ]);
    expect(result.rejected.map((entry) => [entry.market.type, entry.market.period, entry.error])).toEqual([
      ['ml', 'ft', 'MARKET_INVALID'],
      ['oe', 'ft', 'ODDS_INVALID'],
    ]);
    expect(result.changed).toBe(2);
    const id = (await feed.events(['early'])).get('early')?.id ?? 0n;
    expect((await book.event(id)).markets.filter((market) => market.type === 'oe').map((m) => m.period)).toEqual([
      '1h',
    ]);
  });

  it('trades the markets in play from kick-off, keeps the score while live, closes them at the end and never moves a finished event back', async () => {
    await feed.fixtures([
      { ref: 'kick', competition: 'epl', home: '热刺', away: '埃弗顿', startAt: hours(1), markets: FOOTBALL_MARKETS },
    ]);
    const id = (await feed.events(['kick'])).get('kick')?.id ?? 0n;
    const scheduled = await book.event(id);
    const changed = await feed.statuses({
      events: [{ event: 'kick', status: 'live', live: { home: 1, away: 0, ht: { home: 1, away: 0 } } }],
      markets: [],
    });
    expect(changed.events).toBe(1);
    const live = await book.event(id);
    expect(live.status).toBe('live');
    expect(live.score).toEqual({ home: 1, away: 0 });
    expect(live.halfTime).toEqual({ home: 1, away: 0 });
    expect(live.version).toBeGreaterThan(scheduled.version);
    // In play (issue 21): the markets keep trading and the feed's prices move them.
    expect(live.markets.every((market) => market.status === 'open')).toBe(true);
    const inPlay = FOOTBALL_MARKETS.map((m) => ({
      ...m,
      selections: m.selections.map((s) => ({ ...s, odds: s.odds + 100n })),
    }));
    expect((await feed.prices([{ event: 'kick', markets: inPlay }])).changed).toBeGreaterThan(0);
    // The same state twice is no change; back to scheduled is refused.
    expect(
      (
        await feed.statuses({
          events: [{ event: 'kick', status: 'live', live: { home: 1, away: 0, ht: { home: 1, away: 0 } } }],
          markets: [],
        })
      ).events,
    ).toBe(0);
    expect((await feed.statuses({ events: [{ event: 'kick', status: 'scheduled' }], markets: [] })).events).toBe(0);
    await feed.statuses({ events: [{ event: 'kick', status: 'finished' }], markets: [] });
    expect((await feed.statuses({ events: [{ event: 'kick', status: 'live' }], markets: [] })).events).toBe(0);
    const finished = await book.event(id);
    expect(finished.status).toBe('finished');
    expect(finished.markets.every((market) => market.status === 'closed')).toBe(true);
    // A price sent after the end does not move a closed market.
    expect((await feed.prices([{ event: 'kick', markets: FOOTBALL_MARKETS }])).changed).toBe(0);
  });

  it('suspends and reopens a market the feed names', async () => {
    const id = (await feed.events(['today'])).get('today')?.id ?? 0n;
    const key = { type: 'ah' as const, period: 'ft' as const, line: -1 };
    expect(
      (await feed.statuses({ events: [], markets: [{ event: 'today', market: key, status: 'suspended' }] })).markets,
    ).toBe(1);
    const market = (await book.event(id)).markets.find((m) => m.type === 'ah' && m.line === '-0.25');
    expect(market?.status).toBe('suspended');
    await feed.statuses({ events: [], markets: [{ event: 'today', market: key, status: 'open' }] });
    expect((await book.event(id)).markets.find((m) => m.id === market?.id)?.status).toBe('open');
  });

  it('sends kick-off for events of feeds that do not report it', async () => {
    await feed.fixtures([
      { ref: 'due', competition: 'epl', home: '富勒姆', away: '狼队', startAt: hours(-0.1), markets: FOOTBALL_MARKETS },
    ]);
    const id = (await feed.events(['due'])).get('due')?.id ?? 0n;
    expect(await startDue(sut.container.db, ['other-feed'], NOW)).toBe(0);
    expect(await startDue(sut.container.db, ['testfeed'], NOW)).toBe(1);
    const event = await book.event(id);
    expect(event.status).toBe('live');
    expect(event.markets.every((market) => market.status === 'closed')).toBe(true);
  });
});

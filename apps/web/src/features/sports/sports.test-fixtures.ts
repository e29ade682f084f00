import { api, type PreInfo, sportsApi } from '@jinb/contract';
import type {
  BetDetail,
  BetView,
  EventDetail,
  EventSummary,
  MarketView,
  SportsConfig,
  SportsMenu,
} from '@jinb/contract/sports';
import { HttpResponse, http } from 'msw';
import { at, ok } from '../../shared/testing/server';

/** Shapes of the sportsbook's answers for page tests, as the contract defines them. */

let nextId = 100;
const id = () => String(nextId++);

export function market(fields: Partial<MarketView> & Pick<MarketView, 'type'>, prices: Record<string, string>) {
  const view: MarketView = {
    id: id(),
    period: 'ft',
    line: null,
    status: 'open',
    selections: [],
    ...fields,
  };
  view.selections = Object.entries(prices).map(([side, odds]) => ({
    id: id(),
    side,
    odds,
    version: 1,
    outcome: null,
  }));
  return view;
}

export function event(fields: Partial<EventDetail> = {}): EventDetail {
  const markets = fields.markets ?? [
    market({ type: '1x2' }, { home: '1.85', draw: '3.40', away: '4.20' }),
    market({ type: 'ah', line: '-0.5' }, { home: '1.95', away: '1.90' }),
    market({ type: 'ou', line: '2.5' }, { over: '1.92', under: '1.93' }),
  ];
  return {
    id: id(),
    sport: 'football',
    competition: { id: '1', name: '英超' },
    home: '曼城',
    away: '阿森纳',
    startTime: '2030-05-01T12:00:00Z',
    status: 'scheduled',
    score: null,
    marketCount: markets.length + 20,
    version: 1,
    halfTime: null,
    sets: [],
    ...fields,
    markets,
  };
}

export function summary(detail: EventDetail): EventSummary {
  const { halfTime: _halfTime, sets: _sets, ...rest } = detail;
  return rest;
}

export const menu: SportsMenu = [
  {
    sport: 'football',
    live: 1,
    today: 2,
    early: 5,
    competitions: [
      { id: '1', name: '英超', events: 3 },
      { id: '2', name: '西甲', events: 5 },
    ],
  },
  { sport: 'basketball', live: 0, today: 1, early: 2, competitions: [{ id: '3', name: 'NBA', events: 3 }] },
  { sport: 'tennis', live: 0, today: 0, early: 1, competitions: [{ id: '4', name: 'ATP', events: 1 }] },
];

export const config: SportsConfig = {
  oddsFormat: 'eu',
  acceptOdds: 'none',
  minStake: '10.0000',
  maxStake: '50000.0000',
  quickStakes: ['50.0000', '100.0000', '500.0000', '1000.0000'],
  maxLegs: 10,
};

export const preInfo: PreInfo = {
  customer_service: '',
  username: '',
  isLogin: false,
  whatsAppUrl: '',
  site: 'jinb',
  timeZone: 'Asia/Shanghai',
};

/** The calls every sportsbook page makes, answering with these events. */
export function bookHandlers(events: EventDetail[], options: { balance?: string } = {}) {
  return [
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
    http.get(at(sportsApi.sportsMenu), () => HttpResponse.json(ok(menu))),
    http.get(at(sportsApi.sportsConfig), () => HttpResponse.json(ok(config))),
    http.get(at(sportsApi.sportsEvents), () => HttpResponse.json(ok(events.map(summary)))),
    http.get(at(sportsApi.sportsEvent), ({ params }) => {
      const found = events.find((item) => item.id === params.id);
      return found
        ? HttpResponse.json(ok(found))
        : HttpResponse.json({ status: false, data: '记录不存在', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.put(at(sportsApi.sportsPreferences), async ({ request }) =>
      HttpResponse.json(ok({ ...config, ...((await request.json()) as Partial<SportsConfig>) })),
    ),
    http.get(at(api.balance), () =>
      HttpResponse.json(ok({ balance: options.balance ?? '1000.0000', currency: 'CNY', symbol: '¥' })),
    ),
  ];
}

export function betView(fields: Partial<BetView> = {}): BetView {
  return {
    id: '9001',
    orderNo: 'S20261125009001',
    type: 'single',
    system: null,
    status: 'open',
    stake: '10.0000',
    lineCount: 1,
    totalStake: '10.0000',
    potentialPayout: '18.5000',
    payout: null,
    placedAt: '2030-05-01T08:00:00Z',
    settledAt: null,
    legs: [
      {
        selectionId: '501',
        eventId: '50',
        sport: 'football',
        competition: '英超',
        home: '曼城',
        away: '阿森纳',
        startTime: '2030-05-01T12:00:00Z',
        marketId: '60',
        type: '1x2',
        period: 'ft',
        line: null,
        side: 'home',
        odds: '1.85',
        outcome: null,
        score: null,
      },
    ],
    ...fields,
  };
}

export function betDetail(fields: Partial<BetDetail> = {}): BetDetail {
  const view = betView(fields);
  return {
    ...view,
    lines: view.legs.length
      ? [
          {
            legs: view.legs.map((_, index) => index),
            stake: view.stake,
            odds: '1.85',
            potentialPayout: view.potentialPayout,
            payout: view.payout,
          },
        ]
      : [],
    turnover: '0.0000',
    resettled: 0,
    ...fields,
  };
}

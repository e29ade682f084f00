import { formatAmount } from '@jinb/money';
import type { BetType } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { type FixtureMarket, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, operator } from '../../test/wallet-fixtures';
import type { Sport } from '../market-types';
import { placeFixtureBets } from './bet-fixtures';
import type { EventResult } from './event-result';

/**
 * The settlement table end to end: events and bets in the tables, results through the settlement service, money
 * through the ledger, and the member's balance as the member sees it. Every market type and line kind, the quarter
 * lines at their boundaries, parlays with void and half legs, and system bets.
 */

const score = (text: string) => {
  const [home = 0, away = 0] = text.split('-').map(Number);
  return { home, away };
};
const football = (ft: string, ht?: string): EventResult => ({
  sport: 'football',
  ft: score(ft),
  ...(ht ? { ht: score(ht) } : {}),
});
const basketball = (ft: string, ht?: string): EventResult => ({
  sport: 'basketball',
  ft: score(ft),
  ...(ht ? { ht: score(ht) } : {}),
});
const tennis = (sets: string, bestOf: 3 | 5 = 3): EventResult => ({
  sport: 'tennis',
  bestOf,
  sets: sets.split(' ').map(score),
});

const EVEN = 19_000n; // every two-way side at 1.90
const SIDES = {
  '1x2': ['home', 'draw', 'away'],
  ah: ['home', 'away'],
  ou: ['over', 'under'],
  btts: ['yes', 'no'],
  oe: ['odd', 'even'],
  ml: ['home', 'away'],
  cs: ['0-0', '1-0', '0-1', '1-1', '2-0', '2-1', '1-2', 'other'],
} as const;

/** A market of this type with every side at 1.90 (correct scores at 9.00); the line in quarters. */
function market(type: keyof typeof SIDES, line: number | null = null, period: 'ft' | '1h' = 'ft'): FixtureMarket {
  const odds = type === 'cs' ? 90_000n : EVEN;
  return { type, period, line, selections: SIDES[type].map((side) => ({ side, odds })) };
}

// Stake 100 on one side. At 1.90: win 190, half win 145, void 100, half lose 50, lose 0; a correct score win 900.
type Row = [name: string, sport: Sport, market: FixtureMarket, side: string, result: EventResult, payout: string];
const TABLE: Row[] = [
  ['1x2 home at 2-1 wins', 'football', market('1x2'), 'home', football('2-1'), '190'],
  ['1x2 draw at 1-1 wins', 'football', market('1x2'), 'draw', football('1-1'), '190'],
  ['1x2 away at 1-1 loses', 'football', market('1x2'), 'away', football('1-1'), '0'],
  ['ah home 0 at 1-1 is void', 'football', market('ah', 0), 'home', football('1-1'), '100'],
  ['ah home -0.25 at 0-0 loses half', 'football', market('ah', -1), 'home', football('0-0'), '50'],
  ['ah away +0.25 at 0-0 wins half', 'football', market('ah', -1), 'away', football('0-0'), '145'],
  ['ah home -0.25 at 1-0 wins', 'football', market('ah', -1), 'home', football('1-0'), '190'],
  ['ah home -0.5 at 1-1 loses', 'football', market('ah', -2), 'home', football('1-1'), '0'],
  ['ah home -0.75 at 1-0 wins half', 'football', market('ah', -3), 'home', football('1-0'), '145'],
  ['ah away +0.75 at 1-0 loses half', 'football', market('ah', -3), 'away', football('1-0'), '50'],
  ['ah home -0.75 at 2-0 wins', 'football', market('ah', -3), 'home', football('2-0'), '190'],
  ['ah home -1 at 1-0 is void', 'football', market('ah', -4), 'home', football('1-0'), '100'],
  ['ah home -1.25 at 1-0 loses half', 'football', market('ah', -5), 'home', football('1-0'), '50'],
  ['ah home +0.25 at 0-1 loses', 'football', market('ah', 1), 'home', football('0-1'), '0'],
  ['ah home +0.75 at 0-1 loses half', 'football', market('ah', 3), 'home', football('0-1'), '50'],
  ['ou over 2.25 at 2 goals loses half', 'football', market('ou', 9), 'over', football('1-1'), '50'],
  ['ou under 2.25 at 2 goals wins half', 'football', market('ou', 9), 'under', football('2-0'), '145'],
  ['ou over 2.75 at 3 goals wins half', 'football', market('ou', 11), 'over', football('2-1'), '145'],
  ['ou under 2.75 at 3 goals loses half', 'football', market('ou', 11), 'under', football('3-0'), '50'],
  ['ou over 2.5 at 2 goals loses', 'football', market('ou', 10), 'over', football('2-0'), '0'],
  ['ou under 2.5 at 2 goals wins', 'football', market('ou', 10), 'under', football('1-1'), '190'],
  ['ou over 3 at 3 goals is void', 'football', market('ou', 12), 'over', football('1-2'), '100'],
  ['ou over 3 at 4 goals wins', 'football', market('ou', 12), 'over', football('2-2'), '190'],
  ['btts yes at 1-1 wins', 'football', market('btts'), 'yes', football('1-1'), '190'],
  ['btts no at 1-0 wins', 'football', market('btts'), 'no', football('1-0'), '190'],
  ['btts yes at 0-3 loses', 'football', market('btts'), 'yes', football('0-3'), '0'],
  ['oe odd at 2-1 wins', 'football', market('oe'), 'odd', football('2-1'), '190'],
  ['oe even at 0-0 wins', 'football', market('oe'), 'even', football('0-0'), '190'],
  ['cs 2-1 at 2-1 wins', 'football', market('cs'), '2-1', football('2-1'), '900'],
  ['cs 1-1 at 2-1 loses', 'football', market('cs'), '1-1', football('2-1'), '0'],
  ['cs other at 5-0 wins', 'football', market('cs'), 'other', football('5-0'), '900'],
  ['1h 1x2 home at half time 1-0 wins', 'football', market('1x2', null, '1h'), 'home', football('1-2', '1-0'), '190'],
  ['1h ah home -0.25 at 0-0 loses half', 'football', market('ah', -1, '1h'), 'home', football('3-0', '0-0'), '50'],
  ['1h ou over 0.75 at 1 goal wins half', 'football', market('ou', 3, '1h'), 'over', football('1-3', '0-1'), '145'],
  ['1h btts no at 1-0 wins', 'football', market('btts', null, '1h'), 'no', football('1-1', '1-0'), '190'],
  ['1h oe odd at 1-0 wins', 'football', market('oe', null, '1h'), 'odd', football('2-2', '1-0'), '190'],
  ['1h cs 0-0 at 0-0 wins', 'football', market('cs', null, '1h'), '0-0', football('2-1', '0-0'), '900'],
  ['basketball ml home at 101-99 wins', 'basketball', market('ml'), 'home', basketball('101-99'), '190'],
  ['basketball ah home -3.5 at 101-99 loses', 'basketball', market('ah', -14), 'home', basketball('101-99'), '0'],
  ['basketball ah away +2 at 101-99 is void', 'basketball', market('ah', -8), 'away', basketball('101-99'), '100'],
  ['basketball ou over 200.5 at 200 loses', 'basketball', market('ou', 802), 'over', basketball('101-99'), '0'],
  [
    'basketball ou under 200.25 at 200 wins half',
    'basketball',
    market('ou', 801),
    'under',
    basketball('101-99'),
    '145',
  ],
  [
    'basketball 1h ml level at half time is void',
    'basketball',
    market('ml', null, '1h'),
    'home',
    basketball('101-99', '50-50'),
    '100',
  ],
  ['tennis ml home in straight sets wins', 'tennis', market('ml'), 'home', tennis('6-4 6-3'), '190'],
  ['tennis set handicap home -1.5 at 2-1 loses', 'tennis', market('ah', -6), 'home', tennis('6-4 3-6 6-3'), '0'],
  ['tennis set handicap away +1.5 at 2-1 wins', 'tennis', market('ah', -6), 'away', tennis('6-4 3-6 7-6'), '190'],
  ['tennis total games under 22.5 at 19 wins', 'tennis', market('ou', 90), 'under', tennis('6-4 6-3'), '190'],
  ['tennis total games over 22 at 22 is void', 'tennis', market('ou', 88), 'over', tennis('7-6 6-3'), '100'],
];

const yuan = (text: string) => BigInt(Math.round(Number(text) * 10_000));

describe.each(testDatabases)('settlement table end to end on %s', (kind) => {
  let sut: TestApp;
  let desk: Awaited<ReturnType<typeof operator>>;
  const by = { feed: 'test' } as const;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function signedUpMember(credit: string) {
    const registered = await sut.register();
    const id = (await sut.get('/api/findmed/v1/member/token', { t: registered.token })).json().data.id as string;
    await desk.credit(id, credit);
    return { id: BigInt(id), token: registered.token };
  }

  async function betRow(id: bigint) {
    const [row] = resultRows<{ status: string; payout: string | null; settle_count: number }>(
      await sut.container.db.execute(
        sql`select status, payout::text as payout, settle_count from sports_bets where id = ${id}`,
      ),
    );
    return row;
  }

  it('pays every market type and line kind, each at its own boundary, into the main balance', async () => {
    const { db, wallet, sports } = sut.container;
    const credit = TABLE.length * 100;
    const member = await signedUpMember(String(credit));
    const placed: Array<{ row: Row; betId: bigint; eventId: bigint }> = [];
    for (const row of TABLE) {
      const [, sport, spec, side] = row;
      const event = await insertEvent(db, { sport, markets: [spec] });
      const selectionId = event.markets[0]?.selections[side];
      if (selectionId === undefined) throw new Error(`no side ${side}`);
      const [betId] = await placeFixtureBets(db, wallet.ledger, [
        { memberId: member.id, type: 'single', stake: 1_000_000n, legs: [{ selectionId }] },
      ]);
      placed.push({ row, betId: betId!, eventId: event.id });
    }
    expect(await mainBalance(sut, member.token)).toBe('0.0000');

    for (const { row, eventId } of placed) await sports.settlement.recordResult(by, eventId, row[4]);

    const wrong: string[] = [];
    let paid = 0n;
    for (const { row, betId } of placed) {
      const bet = await betRow(betId);
      const expected = yuan(row[5]);
      paid += expected;
      if (bet?.status !== 'settled' || bet.payout !== expected.toString()) {
        wrong.push(`${row[0]}: ${bet?.status} ${bet?.payout} instead of ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await mainBalance(sut, member.token)).toBe(formatAmount(paid));
    expect(await wallet.ledger.check()).toMatchObject({
      unbalancedTransfers: 0,
      mismatchedAccounts: 0,
      negativeMemberAccounts: 0,
      sumOfAllBalances: 0n,
    });
  });

  /** Four football events, each with 1x2, ah -0.25 and ou 2.5 at the given prices. */
  async function fourEvents() {
    const events = [];
    for (let index = 0; index < 4; index++) {
      events.push(
        await insertEvent(sut.container.db, {
          markets: [
            {
              type: '1x2',
              selections: [
                { side: 'home', odds: 20_000n },
                { side: 'draw', odds: 33_000n },
                { side: 'away', odds: 15_000n },
              ],
            },
            {
              type: 'ah',
              line: -1,
              selections: [
                { side: 'home', odds: 19_300n },
                { side: 'away', odds: 18_700n },
              ],
            },
            {
              type: 'ou',
              line: 10,
              selections: [
                { side: 'over', odds: 19_000n },
                { side: 'under', odds: 19_500n },
              ],
            },
          ],
        }),
      );
    }
    return events;
  }

  const pick = (event: Awaited<ReturnType<typeof fourEvents>>[number], type: string, side: string) => {
    const found = event.markets.find((one) => one.type === type)?.selections[side];
    if (found === undefined) throw new Error(`${type} ${side}`);
    return { selectionId: found };
  };

  it('pays parlays with void, half-won and half-lost legs and system bets line by line', async () => {
    const { db, wallet, sports } = sut.container;
    const member = await signedUpMember('1000');
    const [a, b, c, d] = await fourEvents();
    if (!a || !b || !c || !d) throw new Error('events');
    type Bet = { type: BetType; system?: string; stake: bigint; legs: Array<{ selectionId: bigint }> };
    const bets: Array<[name: string, bet: Bet, payout: string]> = [
      // a: 1-0 (home 2.00 wins, ah home -0.25 wins, under 2.5 wins); b: 0-0 (ah home -0.25 half lost, draw wins);
      // c: cancelled (void); d: 1-1 (ah away +0.25 half won at 1.87) with its over/under market voided.
      [
        'parlay: win 2.00 x void x half won 1.87',
        {
          type: 'parlay',
          stake: 100_000n,
          legs: [pick(a, '1x2', 'home'), pick(c, '1x2', 'home'), pick(d, 'ah', 'away')],
        },
        // 10 x 2.00 x 1 x (1.87 + 1) / 2 = 28.70
        '28.7',
      ],
      [
        'parlay: half won 1.87 x half lost 1.93',
        { type: 'parlay', stake: 100_000n, legs: [pick(d, 'ah', 'away'), pick(b, 'ah', 'home')] },
        // 10 x 1.435 x 0.5 = 7.175
        '7.175',
      ],
      [
        'parlay with a lost leg pays nothing',
        { type: 'parlay', stake: 100_000n, legs: [pick(a, '1x2', 'home'), pick(b, '1x2', 'away')] },
        '0',
      ],
      [
        'parlay of void legs returns the stake',
        { type: 'parlay', stake: 100_000n, legs: [pick(c, '1x2', 'home'), pick(d, 'ou', 'over')] },
        '10',
      ],
      [
        'system 2/3: one double of three wins',
        // a home 2.00, b draw 3.30, d home 2.00
        {
          type: 'system',
          system: '2/3',
          stake: 100_000n,
          legs: [pick(a, '1x2', 'home'), pick(b, '1x2', 'draw'), pick(d, '1x2', 'home')],
        },
        // a x b = 10 x 2.00 x 3.30 = 66; a x d and b x d lose (d drew)
        '66',
      ],
      [
        'trixie with a void and a half leg: 3 doubles and the treble',
        {
          type: 'system',
          system: 'trixie',
          stake: 100_000n,
          legs: [pick(a, 'ou', 'under'), pick(c, '1x2', 'draw'), pick(d, 'ah', 'away')],
        },
        // a x c = 10 x 1.95 x 1 = 19.5; a x d = 10 x 1.95 x 1.435 = 27.9825; c x d = 10 x 1 x 1.435 = 14.35;
        // a x c x d = 27.9825: 89.815
        '89.815',
      ],
      [
        'lucky 15 on four events: singles, doubles, trebles and the four-fold',
        {
          type: 'system',
          system: 'lucky15',
          stake: 10_000n,
          legs: [pick(a, 'ah', 'home'), pick(b, 'ah', 'home'), pick(c, 'ou', 'under'), pick(d, 'ah', 'away')],
        },
        // legs as factors: a 1.93, b 0.5, c 1 (void), d 1.435; stake 1 per line:
        // singles 1.93 + 0.5 + 1 + 1.435 = 4.865
        // doubles ab 0.965, ac 1.93, ad 2.76955, bc 0.5, bd 0.7175, cd 1.435 = 8.31705
        // trebles abc 0.965, abd 1.384775, acd 2.76955, bcd 0.7175 = 5.836825 -> each truncated: 0.965, 1.3847,
        //   2.7695, 0.7175 = 5.8367
        // four-fold abcd 1.384775 -> 1.3847; doubles truncated: 2.76955 -> 2.7695: 8.317
        // total 4.865 + 8.317 + 5.8367 + 1.3847 = 20.4034
        '20.4034',
      ],
    ];
    const ids = await placeFixtureBets(
      db,
      wallet.ledger,
      bets.map(([, bet]) => ({ memberId: member.id, ...bet })),
    );
    const staked = bets.reduce((sum, [, bet]) => {
      const lines = bet.type === 'system' ? ({ '2/3': 3, trixie: 4, lucky15: 15 }[bet.system ?? ''] ?? 0) : 1;
      return sum + bet.stake * BigInt(lines);
    }, 0n);
    expect(await mainBalance(sut, member.token)).toBe(formatAmount(10_000_000n - staked));

    await sports.settlement.recordResult(by, a.id, football('1-0'));
    await sports.settlement.recordResult(by, b.id, football('0-0'));
    // Open until every leg is decided.
    expect((await betRow(ids[0]!))?.status).toBe('open');
    await sports.settlement.cancelEvent(by, c.id, 'abandoned');
    const dTotals = d.markets.find((one) => one.type === 'ou');
    await sports.settlement.voidMarket(by, dTotals!.id, 'wrong line');
    await sports.settlement.recordResult(by, d.id, football('1-1'));

    let paid = 0n;
    for (const [index, [name, , payout]] of bets.entries()) {
      const row = await betRow(ids[index]!);
      expect({ name, status: row?.status, payout: row?.payout }).toEqual({
        name,
        status: 'settled',
        payout: yuan(payout).toString(),
      });
      paid += yuan(payout);
    }
    expect(await mainBalance(sut, member.token)).toBe(formatAmount(10_000_000n - staked + paid));
    expect(await wallet.ledger.check()).toMatchObject({ unbalancedTransfers: 0, mismatchedAccounts: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import type { BetView, SportsSettings } from '@jinb/contract/sports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../../test/wallet-fixtures';
import { DEFAULT_SPORTS_SETTINGS } from '../sports-settings';
import { betsRepository } from './bets.repository';

type Member = Awaited<ReturnType<typeof walletMember>>;
type Leg = { selectionId: string | bigint | number; odds: string };

describe.each(testDatabases)('placing bets on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let event: FixtureEvent;
  let other: FixtureEvent;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    event = await insertEvent(sut.container.db);
    other = await insertEvent(sut.container.db, { sport: 'basketball', markets: [moneyLine(18500n, 20000n)] });
  });
  afterAll(async () => {
    await sut?.close();
  });

  function moneyLine(home: bigint, away: bigint) {
    return {
      type: 'ml' as const,
      selections: [
        { side: 'home', odds: home },
        { side: 'away', odds: away },
      ],
    };
  }

  const selection = (of: FixtureEvent, side: string, market = 0) => {
    const id = of.markets[market]?.selections[side];
    if (id === undefined) throw new Error(`no ${side} in market ${market}`);
    return id.toString();
  };

  function place(
    member: Member,
    body: { type?: string; system?: string; stake?: unknown; legs: Leg[]; acceptOdds?: string },
    key: string | null = randomUUID(),
  ) {
    return sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: { type: 'single', stake: '100', ...body },
      headers: { ...member.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    });
  }

  async function funded(amount: string): Promise<Member> {
    const member = await walletMember(sut, { card: false });
    if (amount !== '0') await desk.credit(member.id, amount);
    return member;
  }

  async function betCount(member: Member): Promise<number> {
    const [row] = resultRows<{ n: number }>(
      await sut.container.db.execute(sql`select count(*)::int as n from sports_bets where member_id = ${member.id}`),
    );
    return Number(row?.n ?? 0);
  }

  async function stakePostings(member: Member): Promise<number> {
    const [row] = resultRows<{ n: number }>(
      await sut.container.db.execute(sql`
        select count(*)::int as n from ledger_transfers t
        join sports_bets b on t.reference = 'bet:' || b.id
        where b.member_id = ${member.id} and t.code = 'bet_stake'`),
    );
    return Number(row?.n ?? 0);
  }

  async function setOdds(selectionId: string, odds: bigint) {
    await sut.container.db.execute(
      sql`update sports_selections set odds = ${odds}, version = version + 1 where id = ${selectionId}`,
    );
  }

  async function saveSettings(change: Partial<SportsSettings>) {
    const response = await sut.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/sports/settings',
      payload: { ...DEFAULT_SPORTS_SETTINGS, ...change },
      headers: desk.headers,
    });
    if (response.statusCode !== 200) throw new Error(`sports settings: ${response.body}`);
  }

  async function ledgerIsSound() {
    expect(await desk.ledgerCheck()).toMatchObject({
      ok: true,
      unbalancedTransfers: 0,
      mismatchedAccounts: 0,
      negativeMemberAccounts: 0,
      sumOfAllBalances: '0.0000',
    });
  }

  it('takes the stake from the main wallet into the open-bets account and answers with the bet', async () => {
    const member = await funded('1000');
    const response = await place(member, {
      stake: '100',
      legs: [{ selectionId: selection(event, 'home'), odds: '2.10' }],
    });
    expect(response.statusCode).toBe(200);
    const bet = response.json().data as BetView;
    expect(bet).toMatchObject({
      type: 'single',
      system: null,
      status: 'open',
      stake: '100.0000',
      lineCount: 1,
      totalStake: '100.0000',
      potentialPayout: '210.0000',
      payout: null,
      settledAt: null,
    });
    // The number the wallet records show for its stake: S, the platform day, the id.
    const records = (await sut.get('/api/f/v1/wallet/records?type=bet', member.headers)).json().data;
    expect(bet.orderNo).toMatch(new RegExp(`^S\\d{8}0*${bet.id}$`));
    expect(records.list.map((record: { orderNo: string }) => record.orderNo)).toContain(bet.orderNo);
    expect(bet.legs).toEqual([
      expect.objectContaining({
        selectionId: selection(event, 'home'),
        eventId: event.id.toString(),
        sport: 'football',
        type: '1x2',
        period: 'ft',
        line: null,
        side: 'home',
        odds: '2.10',
        outcome: null,
        score: null,
      }),
    ]);
    expect(await mainBalance(sut, member.token)).toBe('900.0000');
    const accounts = await sut.container.wallet.ledger.balances(BigInt(member.id));
    expect(accounts.find((account) => account.kind === 'bets')?.balance).toBe(1_000_000n);
    const [posting] = resultRows<{ key: string; code: string; amount: string; reference: string }>(
      await sut.container.db.execute(sql`
        select idempotency_key as key, code, amount::text as amount, reference from ledger_transfers
        where reference = ${`bet:${bet.id}`}`),
    );
    expect(posting).toEqual({
      key: `bet:${bet.id}:stake`,
      code: 'bet_stake',
      amount: '1000000',
      reference: `bet:${bet.id}`,
    });
    // The detail reads back exactly what placement answered.
    const detail = await sut.get(`/api/f/v1/sports/bets/detail?id=${bet.id}`, member.headers);
    expect(detail.json().data).toMatchObject({ ...bet, turnover: '0.0000', resettled: 0 });
    await ledgerIsSound();
  });

  it('lets exactly as many parallel bets through as the balance pays for, never below zero', async () => {
    const [bets, affordable] = [500, 50];
    const member = await funded(String(affordable * 20));
    const responses = await Promise.all(
      Array.from({ length: bets }, (_, index) =>
        place(member, {
          stake: '20',
          legs: [{ selectionId: selection(index % 2 ? other : event, 'home'), odds: index % 2 ? '1.85' : '2.10' }],
        }),
      ),
    );
    const accepted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.json().code === 'INSUFFICIENT_FUNDS');
    expect(accepted).toHaveLength(affordable);
    expect(refused).toHaveLength(bets - affordable);
    expect(await mainBalance(sut, member.token)).toBe('0.0000');
    expect(await betCount(member)).toBe(affordable);
    expect(await stakePostings(member)).toBe(affordable);
    await ledgerIsSound();
  }, 180_000);

  it('places one bet for one key, however often and however concurrently it is sent', async () => {
    const member = await funded('1000');
    const key = `slip-${randomUUID()}`;
    const body = { stake: '50', legs: [{ selectionId: selection(event, 'draw'), odds: '3.30' }] };
    const responses = await Promise.all(Array.from({ length: 50 }, () => place(member, body, key)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const ids = new Set(responses.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    expect(await betCount(member)).toBe(1);
    expect(await stakePostings(member)).toBe(1);
    expect(await mainBalance(sut, member.token)).toBe('950.0000');

    // Later, after the price moved and the market was suspended: still the first bet, unchanged.
    await setOdds(selection(event, 'draw'), 34000n);
    await sut.container.db.execute(
      sql`update sports_markets set status = 'suspended' where id = ${event.markets[0]?.id}`,
    );
    const replay = await place(member, body, key);
    expect(replay.json().data).toMatchObject({ id: [...ids][0], stake: '50.0000', potentialPayout: '165.0000' });
    expect(replay.json().data.legs[0].odds).toBe('3.30');
    await sut.container.db.execute(sql`update sports_markets set status = 'open' where id = ${event.markets[0]?.id}`);
    await setOdds(selection(event, 'draw'), 33000n);

    // The same key for another bet is refused, and nothing moves.
    const conflict = await place(member, { ...body, stake: '60' }, key);
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await betCount(member)).toBe(1);
    expect(await mainBalance(sut, member.token)).toBe('950.0000');

    // A bet needs its key: a retry without one could not be told from a second bet.
    const keyless = await place(member, body, null);
    expect(keyless.json().code).toBe('BAD_REQUEST');
    expect(await betCount(member)).toBe(1);
  }, 120_000);

  it('refuses a moved price under "none" with the new odds, and places at the new odds under "any"', async () => {
    const member = await funded('1000');
    const away = selection(event, 'away');
    const seen = '3.40';
    await setOdds(away, 36000n);
    const [version] = resultRows<{ version: number }>(
      await sut.container.db.execute(sql`select version from sports_selections where id = ${away}`),
    );

    const refused = await place(member, { legs: [{ selectionId: away, odds: seen }], acceptOdds: 'none' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: false,
      code: 'ODDS_CHANGED',
      detail: { legs: [{ selectionId: away, odds: '3.60', version: version?.version, status: 'open' }] },
    });
    expect(await betCount(member)).toBe(0);
    expect(await mainBalance(sut, member.token)).toBe('1000.0000');

    const any = await place(member, { legs: [{ selectionId: away, odds: seen }], acceptOdds: 'any' });
    expect(any.json().data).toMatchObject({ potentialPayout: '360.0000', legs: [{ odds: '3.60' }] });

    // "higher": a better price is taken (at the better price), a worse one refused.
    const higher = await place(member, { legs: [{ selectionId: away, odds: seen }], acceptOdds: 'higher' });
    expect(higher.json().data).toMatchObject({ potentialPayout: '360.0000', legs: [{ odds: '3.60' }] });
    await setOdds(away, 32000n);
    const lower = await place(member, { legs: [{ selectionId: away, odds: seen }], acceptOdds: 'higher' });
    expect(lower.json()).toMatchObject({ code: 'ODDS_CHANGED', detail: { legs: [{ odds: '3.20' }] } });
    expect(await betCount(member)).toBe(2);
    expect(await mainBalance(sut, member.token)).toBe('800.0000');
    await setOdds(away, 34000n);
    await ledgerIsSound();
  });

  it('prices again when the price moved after it was read, and refuses only on a fresh read', async () => {
    const member = await funded('1000');
    const home = selection(other, 'home');
    const reads = vi.spyOn(betsRepository, 'priced');
    // The clock stands still, so prices read for one bet price the next from the service's cache.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      expect((await place(member, { legs: [{ selectionId: home, odds: '1.85' }] })).statusCode).toBe(200);

      // Moved behind the cache's back: the statement finds the version gone, the bet is priced again from the
      // database and placed at the new price under "any".
      await setOdds(home, 19000n);
      reads.mockClear();
      const any = await place(member, { legs: [{ selectionId: home, odds: '1.85' }], acceptOdds: 'any' });
      expect(any.json().data).toMatchObject({ potentialPayout: '190.0000', legs: [{ odds: '1.90' }] });
      expect(reads).toHaveBeenCalledTimes(1);

      // Under "none" the fresh read decides the refusal, with the price now.
      await setOdds(home, 18000n);
      reads.mockClear();
      const none = await place(member, { legs: [{ selectionId: home, odds: '1.90' }], acceptOdds: 'none' });
      expect(none.json()).toMatchObject({ code: 'ODDS_CHANGED', detail: { legs: [{ odds: '1.80' }] } });
      expect(reads).toHaveBeenCalledTimes(1);

      // The member already saw the new price the cache does not know yet: the refusal the cache would give is
      // checked against the database first, and the bet goes through.
      await setOdds(home, 18500n);
      reads.mockClear();
      const seen = await place(member, { legs: [{ selectionId: home, odds: '1.85' }], acceptOdds: 'none' });
      expect(seen.json().data).toMatchObject({ potentialPayout: '185.0000', legs: [{ odds: '1.85' }] });
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      reads.mockRestore();
    }
    expect(await betCount(member)).toBe(3);
    expect(await mainBalance(sut, member.token)).toBe('700.0000');
  });

  it('answers every bad bet with its own code and changes nothing', async () => {
    const member = await funded('1000');
    const started = await insertEvent(sut.container.db, { startAt: new Date(Date.now() - 60_000) });
    const markets = await insertEvent(sut.container.db, {
      markets: [
        { ...moneyLine(19000n, 19000n), type: '1x2', status: 'suspended' },
        {
          type: 'btts',
          status: 'closed',
          selections: [
            { side: 'yes', odds: 18000n },
            { side: 'no', odds: 20000n },
          ],
        },
      ],
    });
    const suspendedEvent = await insertEvent(sut.container.db);
    await sut.container.db.execute(sql`update sports_events set status = 'suspended' where id = ${suspendedEvent.id}`);
    const liveEvent = await insertEvent(sut.container.db);
    await sut.container.db.execute(sql`update sports_events set status = 'finished' where id = ${liveEvent.id}`);

    const home = { selectionId: selection(event, 'home'), odds: '2.10' };
    const over = { selectionId: selection(event, 'over', 2), odds: '1.90' };
    const basket = { selectionId: selection(other, 'home'), odds: '1.85' };
    const third = { selectionId: selection(markets, 'home'), odds: '1.90' };
    const cases: Array<[string, Parameters<typeof place>[1], string]> = [
      ['unknown selection', { legs: [{ selectionId: '999999999', odds: '2.00' }] }, 'SELECTION_UNKNOWN'],
      ['selection id not a number', { legs: [{ selectionId: 'abc', odds: '2.00' }] }, 'SELECTION_UNKNOWN'],
      ['suspended market', { legs: [third] }, 'MARKET_SUSPENDED'],
      ['closed market', { legs: [{ selectionId: selection(markets, 'yes', 1), odds: '1.80' }] }, 'MARKET_CLOSED'],
      [
        'suspended event',
        { legs: [{ selectionId: selection(suspendedEvent, 'home'), odds: '2.10' }] },
        'MARKET_SUSPENDED',
      ],
      // A live one takes bets in play (in-play.test.ts); a finished one none.
      ['finished event', { legs: [{ selectionId: selection(liveEvent, 'home'), odds: '2.10' }] }, 'MARKET_CLOSED'],
      ['started event', { legs: [{ selectionId: selection(started, 'home'), odds: '2.10' }] }, 'MARKET_CLOSED'],
      ['two legs of one event', { type: 'parlay', legs: [home, over] }, 'BET_SAME_EVENT'],
      ['one selection twice', { type: 'parlay', legs: [home, home] }, 'BET_SAME_EVENT'],
      ['negative stake', { stake: '-100', legs: [home] }, 'AMOUNT_INVALID'],
      ['zero stake', { stake: '0', legs: [home] }, 'AMOUNT_INVALID'],
      ['stake not a number', { stake: 'abc', legs: [home] }, 'AMOUNT_INVALID'],
      ['stake empty', { stake: '', legs: [home] }, 'AMOUNT_INVALID'],
      ['stake with 3 decimals', { stake: '100.001', legs: [home] }, 'AMOUNT_PRECISION'],
      ['stake too small', { stake: '9.99', legs: [home] }, 'STAKE_TOO_SMALL'],
      ['stake too large', { stake: '50000.01', legs: [home] }, 'STAKE_TOO_LARGE'],
      ['odds never offered', { legs: [{ ...home, odds: '2.50' }] }, 'ODDS_CHANGED'],
      ['odds not odds', { legs: [{ ...home, odds: 'abc' }] }, 'ODDS_INVALID'],
      ['odds below 1.01', { legs: [{ ...home, odds: '1.00' }] }, 'ODDS_INVALID'],
      ['odds with 5 decimals', { legs: [{ ...home, odds: '2.10001' }] }, 'ODDS_INVALID'],
      ['no legs', { legs: [] }, 'BET_LEGS'],
      ['single with two legs', { legs: [home, basket] }, 'BET_LEGS'],
      ['parlay with one leg', { type: 'parlay', legs: [home] }, 'BET_LEGS'],
      ['too many legs', { type: 'parlay', legs: Array.from({ length: 11 }, () => home) }, 'BET_LEGS'],
      ['unknown type', { type: 'double', legs: [home] }, 'BET_TYPE'],
      ['system without a system', { type: 'system', legs: [home, basket] }, 'BET_SYSTEM'],
      ['bad system', { type: 'system', system: '1/2', legs: [home, basket] }, 'BET_SYSTEM'],
      // Names every object inherits are not systems (they were looked up on the prototype and answered BET_LEGS).
      ['inherited name', { type: 'system', system: 'constructor', legs: [home, basket] }, 'BET_SYSTEM'],
      ['prototype', { type: 'system', system: '__proto__', legs: [home, basket] }, 'BET_SYSTEM'],
      ['system of other legs', { type: 'system', system: '2/3', legs: [home, basket] }, 'BET_LEGS'],
      [
        'system with a closed leg',
        { type: 'system', system: 'trixie', legs: [home, basket, third] },
        'MARKET_SUSPENDED',
      ],
    ];
    for (const [name, body, code] of cases) {
      const response = await place(member, body);
      expect(response.json(), name).toMatchObject({ status: false, code });
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
    }
    expect((await place(member, { legs: [third] })).json().detail).toEqual({
      legs: [{ selectionId: third.selectionId, odds: '1.90', version: 1, status: 'suspended' }],
    });
    expect(await betCount(member)).toBe(0);
    expect(await mainBalance(sut, member.token)).toBe('1000.0000');
    const broke = await funded('5');
    expect((await place(broke, { stake: '10', legs: [home] })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await betCount(broke)).toBe(0);
    expect(await mainBalance(sut, broke.token)).toBe('5.0000');
    await ledgerIsSound();
  });

  it('applies the limits: stake per line, total stake, payout per bet, per sport and market type, and per day', async () => {
    const member = await funded('100000');
    const home = { selectionId: selection(event, 'home'), odds: '2.10' };
    const basket = { selectionId: selection(other, 'away'), odds: '2.00' };
    const over = { selectionId: selection(event, 'over', 2), odds: '1.90' };
    try {
      await saveSettings({
        limits: { minStake: '10', maxStake: '1000', maxPayout: '3000', maxDailyPayout: '5000' },
        bySport: { basketball: { maxStake: '200' } },
        byMarketType: { ou: { minStake: '50' } },
      });
      // The stake is per line: a Trixie (4 lines) of 300 costs 1200.
      const trixie = await insertEvent(sut.container.db);
      const legs3 = [home, { selectionId: selection(trixie, 'draw'), odds: '3.30' }, { ...basket }];
      expect((await place(member, { type: 'system', system: 'Trixie', stake: '300', legs: legs3 })).json().code).toBe(
        'STAKE_TOO_LARGE',
      );
      const draw = { selectionId: selection(event, 'draw'), odds: '3.30' };
      expect((await place(member, { stake: '1000', legs: [draw] })).json().code).toBe('PAYOUT_LIMIT');
      expect((await place(member, { stake: '250', legs: [basket] })).json().code).toBe('STAKE_TOO_LARGE');
      expect((await place(member, { stake: '40', legs: [over] })).json().code).toBe('STAKE_TOO_SMALL');
      // A parlay takes the tightest of its legs': the basketball leg caps it at 200.
      expect(
        (
          await place(member, {
            type: 'parlay',
            stake: '201',
            legs: [{ ...over, selectionId: selection(event, 'over', 2) }, basket],
          })
        ).json().code,
      ).toBe('STAKE_TOO_LARGE');
      expect(await betCount(member)).toBe(0);

      // The day's potential payouts: 20 parallel bets paying 1050 each against 5000 a day: exactly 4 go through.
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => place(member, { stake: '500', legs: [home] })),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(4);
      expect(responses.filter((response) => response.json().code === 'DAILY_PAYOUT_LIMIT')).toHaveLength(16);
      expect(await betCount(member)).toBe(4);
      expect(await mainBalance(sut, member.token)).toBe('98000.0000');
      // Another member has a day of their own.
      const second = await funded('1000');
      expect((await place(second, { stake: '500', legs: [home] })).statusCode).toBe(200);
    } finally {
      await saveSettings({});
    }
    await ledgerIsSound();
  }, 120_000);

  it('places parlays and system bets: lines, total stake and potential payout', async () => {
    const member = await funded('1000');
    const third = await insertEvent(sut.container.db);
    const legs = [
      { selectionId: selection(event, 'home'), odds: '2.10' },
      { selectionId: selection(other, 'away'), odds: '2.00' },
      { selectionId: selection(third, 'over', 2), odds: '1.90' },
    ];
    const parlay = (await place(member, { type: 'parlay', stake: '10', legs })).json().data as BetView;
    // 10 x 2.10 x 2.00 x 1.90 = 79.80
    expect(parlay).toMatchObject({ lineCount: 1, totalStake: '10.0000', potentialPayout: '79.8000' });
    const system = (await place(member, { type: 'system', system: '2/3', stake: '10', legs })).json().data as BetView;
    // 10 x (4.20 + 3.99 + 3.80) = 119.90
    expect(system).toMatchObject({ system: '2/3', lineCount: 3, totalStake: '30.0000', potentialPayout: '119.9000' });
    // A system typed with leading zeros is stored and shown as it reads.
    const typed = (await place(member, { type: 'system', system: '02/03', stake: '10', legs })).json().data as BetView;
    expect(typed).toMatchObject({ system: '2/3', lineCount: 3 });
    expect(await mainBalance(sut, member.token)).toBe('930.0000');

    const detail = (await sut.get(`/api/f/v1/sports/bets/detail?id=${system.id}`, member.headers)).json().data;
    expect(detail.lines).toEqual([
      { legs: [0, 1], stake: '10.0000', odds: '4.20', potentialPayout: '42.0000', payout: null },
      { legs: [0, 2], stake: '10.0000', odds: '3.99', potentialPayout: '39.9000', payout: null },
      { legs: [1, 2], stake: '10.0000', odds: '3.80', potentialPayout: '38.0000', payout: null },
    ]);
    expect(detail.legs.map((leg: { side: string; line: string | null }) => [leg.side, leg.line])).toEqual([
      ['home', null],
      ['away', null],
      ['over', '2.5'],
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { formatOrderNo } from '@jinb/contract';
import type { BetDetail, BetView } from '@jinb/contract/sports';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { auditLog } from '../../db/schema';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { mainBalance, type Operator, operator, signedInOperator, walletMember } from '../../test/wallet-fixtures';
import { house, member as memberAccount } from '../../wallet/ledger/ledger.service';

type Member = Awaited<ReturnType<typeof walletMember>>;

describe.each(testDatabases)('betting records on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let first: FixtureEvent;
  let second: FixtureEvent;
  let third: FixtureEvent;
  let bettor: Member;
  let single: BetView;
  let parlay: BetView;
  let system: BetView;

  const selection = (of: FixtureEvent, side: string, market = 0) => {
    const id = of.markets[market]?.selections[side];
    if (id === undefined) throw new Error(`no ${side} in market ${market}`);
    return id.toString();
  };

  async function place(member: Member, body: Record<string, unknown>): Promise<BetView> {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: { type: 'single', ...body },
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });
    if (response.statusCode !== 200) throw new Error(`bet: ${response.body}`);
    return response.json().data;
  }

  /**
   * What settlement does to a bet, written straight into the tables (the settlement service has its own tests): the
   * legs' outcomes, the bet's payout, and the stake to the house and the payout to main through the ledger.
   */
  async function settle(bet: BetView, outcomes: string[], payout: bigint, settleCount = 1) {
    const { db } = sut.container;
    const { ledger } = sut.container.wallet;
    for (const [index, outcome] of outcomes.entries())
      await db.execute(
        sql`update sports_bet_legs set outcome = ${outcome} where bet_id = ${bet.id} and leg_no = ${index}`,
      );
    const stake = BigInt(bet.totalStake.replace('.', ''));
    await db.execute(sql`
      update sports_bets set status = 'settled', payout = ${payout}, settle_count = ${settleCount}, settled_at = now(),
        turnover = ${stake} where id = ${bet.id}`);
    const memberId = BigInt(bettor.id);
    const base = { actor: 'system:test', reference: `bet:${bet.id}` };
    await ledger.transfer({
      ...base,
      key: `bet:${bet.id}:settle`,
      code: 'bet_settle',
      from: memberAccount(memberId, 'bets'),
      to: house('sportsbook'),
      amount: stake,
    });
    if (payout > 0n)
      await ledger.transfer({
        ...base,
        key: `bet:${bet.id}:payout:1`,
        code: 'bet_payout',
        from: house('sportsbook'),
        to: memberAccount(memberId, 'main'),
        amount: payout,
      });
  }

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    first = await insertEvent(sut.container.db);
    second = await insertEvent(sut.container.db);
    third = await insertEvent(sut.container.db);
    await sut.container.db.execute(sql`
      update sports_events set result = ${JSON.stringify({ sport: 'football', ft: { home: 2, away: 1 }, ht: { home: 0, away: 0 } })}::jsonb
      where id in (${first.id}, ${second.id})`);
    bettor = await walletMember(sut, { card: false });
    await desk.credit(bettor.id, '1000');
    single = await place(bettor, { stake: '100', legs: [{ selectionId: selection(first, 'home'), odds: '2.10' }] });
    // A draw leg and a handicap leg; their outcomes are written by hand below (a half result among them).
    parlay = await place(bettor, {
      type: 'parlay',
      stake: '10',
      legs: [
        { selectionId: selection(first, 'draw'), odds: '3.30' },
        { selectionId: selection(second, 'home', 1), odds: '1.95' },
      ],
    });
    system = await place(bettor, {
      type: 'system',
      system: '2/3',
      stake: '10',
      legs: [
        { selectionId: selection(first, 'away'), odds: '3.40' },
        { selectionId: selection(second, 'over', 2), odds: '1.90' },
        { selectionId: selection(third, 'home'), odds: '2.10' },
      ],
    });
    await settle(single, ['win'], 2_100_000n);
    // A lost leg loses the parlay; the bet was settled twice (a corrected result).
    await settle(parlay, ['lose', 'half_lose'], 0n, 2);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const list = (member: Member, query: string) => sut.get(`/api/f/v1/sports/bets?${query}`, member.headers);

  it('lists open and settled bets newest first, with totals over the whole query', async () => {
    const open = (await list(bettor, 'status=open')).json().data;
    expect(open).toMatchObject({
      total: 1,
      page: 1,
      size: 20,
      totals: { stake: '30.0000', payout: '0.0000', net: '0.0000' },
    });
    expect(open.list.map((bet: BetView) => bet.id)).toEqual([system.id]);
    expect(open.list[0].legs).toHaveLength(3);

    const settled = (await list(bettor, 'status=settled')).json().data;
    expect(settled.list.map((bet: BetView) => [bet.id, bet.status, bet.payout])).toEqual([
      [parlay.id, 'settled', '0.0000'],
      [single.id, 'settled', '210.0000'],
    ]);
    // Stake 100 + 10, paid 210: the member is 100 up.
    expect(settled.totals).toEqual({ stake: '110.0000', payout: '210.0000', net: '100.0000' });
    expect(settled.list[1].legs[0]).toMatchObject({ outcome: 'win', score: { home: 2, away: 1 } });
    expect(settled.list[1].settledAt).not.toBeNull();

    // Paging keeps the totals of the whole query, and a page past the end is empty, not an error.
    const second = (await list(bettor, 'status=settled&page=2&size=1')).json().data;
    expect(second.list.map((bet: BetView) => bet.id)).toEqual([single.id]);
    expect(second).toMatchObject({ total: 2, page: 2, size: 1, totals: settled.totals });
    const past = (await list(bettor, 'status=settled&page=5&size=1')).json().data;
    expect(past).toMatchObject({ list: [], total: 2, totals: settled.totals });

    // Date filters read the platform's wall clock: nothing was placed yesterday, everything today.
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: sut.config.timeZone }).format(new Date(Date.now() + offset));
    const yesterday = day(-86_400_000);
    const none = (
      await list(bettor, `status=settled&startTime=${yesterday} 00:00:00&endTime=${yesterday} 23:59:59`)
    ).json().data;
    expect(none).toMatchObject({ list: [], total: 0, totals: { stake: '0.0000', payout: '0.0000', net: '0.0000' } });
    const today = (await list(bettor, `status=settled&startTime=${day(0)} 00:00:00&endTime=${day(0)} 23:59:59`)).json()
      .data;
    expect(today.total).toBe(2);

    // A time that is not one, or a start after its end, is refused: not taken as "no filter" (every bet and totals
    // over everything, as found from outside).
    for (const query of [
      'startTime=2099-13-01 00:00:00',
      'endTime=xxxxxxxx',
      'startTime=2026-02-30',
      'startTime=2026-01-01 24:00:00',
      `startTime=${day(0)} 00:00:00&endTime=${yesterday} 23:59:59`,
    ]) {
      const refused = await list(bettor, `status=settled&${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json(), query).toMatchObject({
        status: false,
        code: 'DATE_INVALID',
        data: '查询时间有误，请重新选择',
      });
    }
    // A page can hold 20 bets of up to 10 legs, no more.
    expect((await list(bettor, 'status=settled&size=21')).statusCode).toBe(400);

    // Someone with no bets sees empty lists.
    const stranger = await walletMember(sut, { card: false });
    expect((await list(stranger, 'status=open')).json().data).toMatchObject({ list: [], total: 0 });
  });

  it("spells out the lines of a bet and what each paid, and hides other members' bets", async () => {
    const detail = (await sut.get(`/api/f/v1/sports/bets/detail?id=${parlay.id}`, bettor.headers)).json()
      .data as BetDetail;
    expect(detail).toMatchObject({
      id: parlay.id,
      status: 'settled',
      payout: '0.0000',
      resettled: 1,
      turnover: '10.0000',
    });
    expect(detail.legs.map((leg) => [leg.type, leg.line, leg.side, leg.odds, leg.outcome])).toEqual([
      ['1x2', null, 'draw', '3.30', 'lose'],
      ['ah', '-0.25', 'home', '1.95', 'half_lose'],
    ]);
    // 3.30 x 1.95 = 6.435: the line's odds and potential payout, and what a lost leg leaves of it.
    expect(detail.lines).toEqual([
      { legs: [0, 1], stake: '10.0000', odds: '6.435', potentialPayout: '64.3500', payout: '0.0000' },
    ]);

    const won = (await sut.get(`/api/f/v1/sports/bets/detail?id=${single.id}`, bettor.headers)).json().data;
    expect(won.lines).toEqual([
      { legs: [0], stake: '100.0000', odds: '2.10', potentialPayout: '210.0000', payout: '210.0000' },
    ]);

    const open = (await sut.get(`/api/f/v1/sports/bets/detail?id=${system.id}`, bettor.headers)).json().data;
    expect(open).toMatchObject({ status: 'open', payout: null, lineCount: 3, totalStake: '30.0000', resettled: 0 });
    expect(open.lines.map((line: { payout: string | null }) => line.payout)).toEqual([null, null, null]);
    // A leg whose market is already settled shows its outcome while the bet waits for the others.
    await sut.container.db.execute(
      sql`update sports_selections set outcome = 'lose' where id = ${selection(first, 'away')}`,
    );
    const waiting = (await sut.get(`/api/f/v1/sports/bets/detail?id=${system.id}`, bettor.headers)).json().data;
    expect(waiting.legs.map((leg: { outcome: string | null }) => leg.outcome)).toEqual(['lose', null, null]);
    expect(waiting.legs[0].score).toEqual({ home: 2, away: 1 });
    expect(waiting.status).toBe('open');

    const stranger = await walletMember(sut, { card: false });
    const foreign = await sut.get(`/api/f/v1/sports/bets/detail?id=${single.id}`, stranger.headers);
    expect(foreign.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const missing = await sut.get('/api/f/v1/sports/bets/detail?id=999999999', bettor.headers);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('shows stakes and payouts in the transaction records as bets, and the stake to the house not at all', async () => {
    const records = (await sut.get('/api/f/v1/wallet/records?type=bet', bettor.headers)).json().data;
    const rows = records.list.map((record: { code: string; amount: string; type: string; reference: string }) => [
      record.type,
      record.code,
      record.amount,
      record.reference,
    ]);
    expect(rows).toEqual([
      ['bet', 'bet_payout', '210.0000', `bet:${single.id}`],
      ['bet', 'bet_stake', '-30.0000', `bet:${system.id}`],
      ['bet', 'bet_stake', '-10.0000', `bet:${parlay.id}`],
      ['bet', 'bet_stake', '-100.0000', `bet:${single.id}`],
    ]);
    expect(records.total).toBe(4);
    // Stake and payout of one bet carry the bet's number.
    const orderNo = formatOrderNo('bet', single.id, single.placedAt, sut.config.timeZone);
    expect(records.list[0].orderNo).toBe(orderNo);
    expect(records.list[3].orderNo).toBe(orderNo);
    expect(orderNo.startsWith('S')).toBe(true);

    // Every record, unfiltered: the credit and the four bet movements, no bet_settle.
    const all = (await sut.get('/api/f/v1/wallet/records', bettor.headers)).json().data;
    expect(all.list.map((record: { code: string }) => record.code)).toEqual([
      'bet_payout',
      'bet_stake',
      'bet_stake',
      'bet_stake',
      'adjust',
    ]);
    expect(all.list[0].balanceAfter).toBe(await mainBalance(sut, bettor.token));
    const detail = (await sut.get(`/api/f/v1/wallet/records/detail?id=${records.list[3].id}`, bettor.headers)).json()
      .data;
    expect(detail).toMatchObject({ code: 'bet_stake', amount: '-100.0000', account: 'main', counterparty: 'bets' });
    // The settle transfer's entry on the open-bets account is no record.
    const [settleEntry] = resultRows<{ id: string }>(
      await sut.container.db.execute(sql`
        select e.id::text as id from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
        where t.idempotency_key = ${`bet:${single.id}:settle`}`),
    );
    const hidden = await sut.get(`/api/f/v1/wallet/records/detail?id=${settleEntry?.id}`, bettor.headers);
    expect(hidden.json().code).toBe('NOT_FOUND');
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('keeps the odds format and odds policy a member picks, and serves the slip its limits', async () => {
    const member = await walletMember(sut, { card: false });
    const config = (await sut.get('/api/f/v1/sports/config', member.headers)).json().data;
    expect(config).toEqual({
      oddsFormat: 'eu',
      acceptOdds: 'none',
      minStake: '10.0000',
      maxStake: '50000.0000',
      quickStakes: ['50.0000', '100.0000', '500.0000', '1000.0000'],
      maxLegs: 10,
    });
    const save = (payload: object) =>
      sut.app.inject({ method: 'PUT', url: '/api/f/v1/sports/preferences', payload, headers: member.headers });
    expect((await save({ oddsFormat: 'hk' })).json().data).toMatchObject({ oddsFormat: 'hk', acceptOdds: 'none' });
    expect((await save({ acceptOdds: 'higher' })).json().data).toMatchObject({
      oddsFormat: 'hk',
      acceptOdds: 'higher',
    });
    expect((await save({ oddsFormat: 'decimal' })).statusCode).toBe(400);
    expect((await sut.get('/api/f/v1/sports/config', member.headers)).json().data).toMatchObject({
      oddsFormat: 'hk',
      acceptOdds: 'higher',
    });
    // Each member's own.
    expect((await sut.get('/api/f/v1/sports/config', bettor.headers)).json().data.oddsFormat).toBe('eu');
    expect((await sut.get('/api/f/v1/sports/config')).statusCode).toBe(401);
  });

  it("shows an operator a member's open bets and records that they looked", async () => {
    const support = await signedInOperator(sut, 'support');
    const response = await sut.get(`/api/admin/v1/members/${bettor.id}/sports/bets`, support.headers);
    expect(response.json().data.map((bet: BetView) => bet.id)).toEqual([system.id]);
    const settled = await sut.get(`/api/admin/v1/members/${bettor.id}/sports/bets?status=settled`, support.headers);
    expect(settled.json().data).toHaveLength(2);
    const audited = await sut.container.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sports.bets.view'), eq(auditLog.target, `member:${bettor.id}`)));
    expect(audited).toHaveLength(2);
    expect(String(audited[0]?.operatorId)).toBe(support.id);
    expect((await sut.get(`/api/admin/v1/members/${bettor.id}/sports/bets`, bettor.headers)).statusCode).toBe(401);
  });
});

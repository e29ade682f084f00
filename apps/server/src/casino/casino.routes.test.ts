import { randomUUID } from 'node:crypto';
import { casinoApi, type TablePush } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';
import { house, member } from '../wallet/ledger/ledger.service';
import { setWindow, stepUntil } from './casino-fixtures';
import type { Dealer } from './dealer';

const YUAN = 10_000n;
const path = (name: keyof typeof casinoApi, params: Record<string, string> = {}) =>
  Object.entries(params).reduce<string>((url, [key, value]) => url.replace(`:${key}`, value), casinoApi[name]);

describe.each(testDatabases)('casino routes on %s', (kind) => {
  let sut: TestApp;
  let dealer: Dealer;
  let headers: Record<string, string>;
  let memberId: bigint;
  const published: Array<[string, TablePush]> = [];
  beforeAll(async () => {
    sut = await createTestApp(kind);
    vi.spyOn(sut.container.realtime, 'publish').mockImplementation((topic, data) => {
      published.push([topic, data as TablePush]);
    });
    dealer = sut.container.casino.dealer({ resultMs: 0 });
    await setWindow(sut, 'BAC1', 60_000);
    const registered = await sut.register();
    headers = { t: registered.token, device_no: registered.device };
    const [row] = resultRows<{ id: string }>(
      await sut.container.db.execute(sql`select id::text as id from members where account = ${registered.account}`),
    );
    memberId = BigInt(row?.id as string);
    await sut.container.wallet.ledger.transfer({
      key: `casino-routes-credit:${memberId}`,
      code: 'adjust',
      from: house('adjustments'),
      to: member(memberId, 'main'),
      amount: 1_000n * YUAN,
      actor: 'system:test',
      reference: `member:${memberId}`,
    });
  });
  afterAll(async () => {
    await dealer?.stop();
    await sut?.close();
  });

  const bet = (body: unknown, key?: string) =>
    sut.app.inject({
      method: 'POST',
      url: path('casinoBet'),
      payload: body as object,
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('plays a round through the routes: table, bet, the round settling with its seed, records, chain', async () => {
    const roundId = String(await stepUntil(dealer, sut, 'BAC1', 'betting'));
    const tables = (await sut.get(path('casinoTables'))).json().data as Array<{ code: string; round: unknown }>;
    expect(tables.map((table) => table.code)).toEqual(['BAC1', 'BAC2', 'DT1', 'SB1', 'RL1']);
    // The by variant (zh-HK) reads the operator's simplified names in traditional characters.
    const hk = (await sut.get(path('casinoTables'), { lang: 'zh-HK' })).json().data as Array<{ name: string }>;
    expect(hk.slice(0, 2).map((table) => table.name)).toEqual(['百家樂 1 號桌', '極速百家樂 免傭']);
    expect((await sut.get(path('casinoTable', { code: 'BAC1' }), { lang: 'zh-HK' })).json().data.name).toBe(
      '百家樂 1 號桌',
    );
    const visitor = (await sut.get(path('casinoTable', { code: 'BAC1' }))).json().data;
    expect(visitor).toMatchObject({ code: 'BAC1', round: { id: roundId, phase: 'betting', seed: null }, myBets: [] });
    expect(visitor.chain.terminalHash).toMatch(/^[0-9a-f]{64}$/);
    expect(published.some(([topic, push]) => topic === 'table:BAC1' && push.round.id === roundId)).toBe(true);

    const body = { table: 'BAC1', roundId, bets: [{ spot: 'banker', amount: '100' }] };
    expect((await bet(body)).json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    const key = randomUUID();
    const first = await bet(body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ roundId, stake: '100.0000', balance: '900.0000' });
    expect((await bet(body, key)).json().data).toEqual(first.json().data);
    expect((await bet({ ...body, bets: [{ spot: 'player', amount: '100' }] }, key)).json()).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    const mine = (await sut.get(path('casinoTable', { code: 'BAC1' }), headers)).json().data;
    expect(mine.myBets).toEqual([{ spot: 'banker', amount: '100.0000' }]);
    expect((await sut.get(path('casinoRound', { id: roundId }))).json().data).toMatchObject({
      phase: 'betting',
      seed: null,
      previousSeed: null,
      outcome: null,
    });

    await sut.container.db.execute(sql`update casino_rounds set closes_at = now() where id = ${BigInt(roundId)}`);
    await stepUntil(dealer, sut, 'BAC1', 'settled');
    const round = (await sut.get(path('casinoRound', { id: roundId }))).json().data;
    expect(round.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(['banker', 'player', 'tie']).toContain(round.winner);
    expect(round.winner).toBe(round.outcome.winner);
    const settledPush = published.find(([, push]) => push.round.id === roundId && push.round.phase === 'settled');
    expect(settledPush?.[1].round.seed).toBe(round.seed);

    const records = (await sut.get(path('casinoBets'), headers)).json().data;
    const payout = round.winner === 'banker' ? '195.0000' : round.winner === 'tie' ? '100.0000' : '0.0000';
    expect(records).toMatchObject({
      total: 1,
      totals: { stake: '100.0000', payout, valid: round.winner === 'tie' ? '0.0000' : '100.0000' },
    });
    expect(records.list[0]).toMatchObject({
      roundId,
      table: 'BAC1',
      status: 'settled',
      seed: round.seed,
      spots: [{ spot: 'banker', amount: '100.0000', payout }],
    });
    const table = (await sut.get(path('casinoTable', { code: 'BAC1' }))).json().data;
    expect(table.recent[0]).toMatchObject({ id: roundId, outcome: round.outcome });

    const chain = (await sut.get(`${path('casinoChain')}?table=BAC1`)).json().data;
    expect(chain).toMatchObject({ table: 'BAC1', terminalHash: visitor.chain.terminalHash, used: 1 });
    expect(chain.chains.length).toBeGreaterThanOrEqual(1);
    expect((await sut.get(path('casinoTable', { code: 'ZZ1' }))).json()).toMatchObject({ code: 'TABLE_UNKNOWN' });
    expect((await sut.get(path('casinoRound', { id: '99999999' }))).json()).toMatchObject({ code: 'ROUND_UNKNOWN' });
  });

  it('lets operators see takings and open, close and set limits, each audited; finance only looks', async () => {
    const admin = await signedInOperator(sut, 'admin');
    const finance = await signedInOperator(sut, 'finance');
    const tables = (await sut.get(path('adminCasinoTables'), finance.headers)).json().data;
    expect(tables.find((table: { code: string }) => table.code === 'BAC1').today).toMatchObject({
      rounds: 1,
      stake: '100.0000',
    });
    const close = (who: Record<string, string>) =>
      sut.app.inject({ method: 'POST', url: path('adminCasinoTableClose', { code: 'DT1' }), headers: who });
    expect((await close(finance.headers)).statusCode).toBe(403);
    expect((await close(admin.headers)).json().data).toMatchObject({ code: 'DT1', open: false });
    const limits = await sut.app.inject({
      method: 'PUT',
      url: path('adminCasinoTableLimits', { code: 'DT1' }),
      headers: admin.headers,
      payload: { min: '20', max: '1000', spots: { tie: { min: '20', max: '100' } }, windowMs: 20_000 },
    });
    expect(limits.json().data).toMatchObject({
      windowMs: 20_000,
      limits: { min: '20.0000', max: '1000.0000', spots: { tie: { min: '20.0000', max: '100.0000' } } },
    });
    const refused = await sut.app.inject({
      method: 'PUT',
      url: path('adminCasinoTableLimits', { code: 'DT1' }),
      headers: admin.headers,
      payload: { min: '200', max: '100' },
    });
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const audit = resultRows<{ action: string }>(
      await sut.container.db.execute(
        sql`select action from audit_log where target = 'casino_table:DT1' and operator_id = ${BigInt(admin.id)} order by audit_log.id`,
      ),
    );
    expect(audit.map((row) => row.action)).toEqual(['casino.table.close', 'casino.table.limits']);
    const open = await sut.app.inject({
      method: 'POST',
      url: path('adminCasinoTableOpen', { code: 'DT1' }),
      headers: admin.headers,
    });
    expect(open.json().data).toMatchObject({ open: true });

    const rounds = (await sut.get(path('adminCasinoTableRounds', { code: 'BAC1' }), finance.headers)).json().data;
    expect(rounds.list[0]).toMatchObject({ bets: 1, stake: '100.0000' });
    const profit = (await sut.get(path('adminCasinoProfit'), finance.headers)).json().data;
    const bac1 = profit.list.find((row: { table: string }) => row.table === 'BAC1');
    expect(bac1).toMatchObject({ rounds: 1, bets: 1, stake: '100.0000' });
    expect(BigInt(bac1.profit.replace('.', '')) + BigInt(bac1.payout.replace('.', ''))).toBe(1_000_000n);
  });
});

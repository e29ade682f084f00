import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureEvent, insertEvent } from '../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

type Member = Awaited<ReturnType<typeof walletMember>>;

/** One series' value from the text format, e.g. value(text, 'jinb_bets_refused_total{reason="BALANCE"}'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((one) => one.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases)('/metrics on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let event: FixtureEvent;
  let bettor: Member;

  const scrape = async () => {
    const response = await sut.get('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  const bet = (stake: string) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/sports/bets',
      payload: {
        type: 'single',
        stake,
        legs: [{ selectionId: String(event.markets[0]!.selections.home), odds: '2.10' }],
      },
      headers: { ...bettor.headers, 'idempotency-key': randomUUID() },
    });

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    event = await insertEvent(sut.container.db);
    bettor = await walletMember(sut);
    await desk.credit(bettor.id, '500');
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('counts answers by route pattern, never by raw URL', async () => {
    await desk.get('/api/admin/v1/codes/batches/999999999/codes');
    const text = await scrape();
    expect(text).toMatch(
      /jinb_http_requests_total\{route="\/api\/admin\/v1\/codes\/batches\/:id\/codes",method="GET",status="\d+"\}/,
    );
    expect(text).not.toContain('999999999');
    expect(text).toMatch(/jinb_http_request_duration_seconds_bucket\{le="0\.2",route=/);
  });

  it('counts bets placed and refused by the code the member saw', async () => {
    const before = await scrape();
    expect((await bet('10')).statusCode).toBe(200);
    const refused = await bet('1000000');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const reason = refused.json().code as string;
    const after = await scrape();
    expect(value(after, 'jinb_bets_placed_total')).toBe((value(before, 'jinb_bets_placed_total') ?? 0) + 1);
    expect(value(after, `jinb_bets_refused_total{reason="${reason}"}`)).toBe(1);
  });

  it('reads the withdrawal queue, the settlement lag and the ledger check from the platform', async () => {
    expect(value(await scrape(), 'jinb_settlement_lag_seconds')).toBe(0);
    // A bet whose only leg was decided 90 s ago and is still waiting for settlement.
    const placing = await bet('20');
    expect(placing.statusCode, placing.body).toBe(200);
    const placed = placing.json().data as { id: string };
    const { db } = sut.container;
    await db.execute(sql`update sports_selections set outcome = 'win' where id = ${event.markets[0]!.selections.home}`);
    await db.execute(sql`update sports_bets set needs_settlement = true where id = ${placed.id}`);
    await db.execute(sql`update sports_events set updated_at = now() - interval '90 seconds' where id = ${event.id}`);
    const withdrawal = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '100', cardId: bettor.cardId, password: sut.encrypt('123456') },
      bettor.headers,
    );
    expect(withdrawal.json(), withdrawal.body).toMatchObject({ status: true, data: { status: 'unhandled' } });

    sut.container.metrics.startLedgerChecks(0);
    await sut.container.metrics.close();
    const text = await scrape();
    expect(value(text, 'jinb_settlement_lag_seconds')).toBeGreaterThanOrEqual(89);
    expect(value(text, 'jinb_withdrawals_pending')).toBe(1);
    expect(value(text, 'jinb_withdrawal_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'jinb_withdraw_sla_seconds')).toBe(30 * 60);
    expect(value(text, 'jinb_ledger_check_ok')).toBe(1);
    expect(value(text, 'jinb_db_up')).toBe(1);
    expect(value(text, 'jinb_ws_sockets_open')).toBe(0);
    // The test apps share the machine's Redis when REDIS_URL is set; without it the series is absent, not 0.
    expect(value(text, 'jinb_redis_up')).toBe(process.env.REDIS_URL ? 1 : undefined);
  });
});

describe('who may read /metrics', () => {
  let production: TestApp;
  let withToken: TestApp;
  const token = 'a-prometheus-token-of-32-characters';
  beforeAll(async () => {
    production = await createTestApp('pglite', {
      tweak: (config) => {
        config.mode = 'production';
      },
    });
    withToken = await createTestApp('pglite', {
      tweak: (config) => {
        config.metricsToken = token;
      },
    });
  });
  afterAll(async () => {
    await production?.close();
    await withToken?.close();
  });

  it('in production without a token: only a direct connection from this machine', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      production.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    // nginx on the same machine connects from loopback but forwards the client: that is a request from outside.
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await get('10.1.2.3')).statusCode).toBe(404);
  });

  it('with a token: only the bearer of that token', async () => {
    const get = (authorization?: string) =>
      withToken.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(`Bearer ${token.slice(1)}x`)).statusCode).toBe(401);
    const answer = await get(`Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('# TYPE jinb_http_requests_total counter');
  });
});

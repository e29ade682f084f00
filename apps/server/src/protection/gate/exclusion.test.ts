import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWindow, stepUntil } from '../../casino/casino-fixtures';
import type { Dealer } from '../../casino/dealer';
import { resultRows } from '../../db/result-rows';
import { AppError } from '../../shared/app-error';
import { fixtureMembers, mainOf } from '../../sports/settlement/bet-fixtures';
import { type FixtureEvent, insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { testVendors, vendorWalletCall } from '../../test/vendor-fixtures';
import { mainBalance, type Operator, operator, signedInOperator, walletMember } from '../../test/wallet-fixtures';
import { exclusionRepository } from '../exclusion.repository';
import { placeBet, selectionOf } from './gate-fixtures';

const TZ = 'Asia/Shanghai';
const YUAN = 10_000n;
const DAY = 86_400_000;
const VENDORS = testVendors();

describe.each(testDatabases)('a member who took a time-out or excluded themselves, on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let dealer: Dealer;
  let round: bigint;
  let event: FixtureEvent;
  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { VENDORS, PLATFORM_TIMEZONE: TZ } });
    desk = await operator(sut);
    event = await insertEvent(sut.container.db);
    dealer = sut.container.casino.dealer({ resultMs: 0, chainLength: 20 });
    await setWindow(sut, 'BAC1', 600_000);
    round = await stepUntil(dealer, sut, 'BAC1', 'betting');
  }, 120_000);
  afterAll(async () => {
    await dealer?.stop();
    await sut?.close();
  });

  async function funded(amount: string) {
    const member = await walletMember(sut, { card: false });
    if (amount !== '0') await desk.credit(member.id, amount);
    return member;
  }
  /** Written straight into the table: the session stays alive, so every money path must refuse on its own. */
  const exclude = (memberId: string | bigint, kind: 'self' | 'timeout', days: number | null) => {
    const startsAt = new Date(Date.now() - 1_000);
    return exclusionRepository.insert(sut.container.db, {
      memberId: BigInt(memberId),
      kind,
      startsAt,
      endsAt: days === null ? null : new Date(startsAt.getTime() + days * DAY),
    });
  };
  const codeOf = (work: Promise<unknown>) =>
    work.then(
      () => 'accepted',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );

  const vendor = async (action: string, body: object) => (await vendorWalletCall(sut, action, body)).body;

  it('cannot deposit, bet, launch a game or send money to a venue, and says until when', async () => {
    const member = await funded('500');
    const excluded = await exclude(member.id, 'self', 365);
    const until = formatDateTime(excluded.endsAt as Date, TZ).slice(0, 16);
    const headers = { ...member.headers, 'idempotency-key': randomUUID() };

    const deposit = await sut.post('/api/f/v1/wallet/deposit', { channel: 'alipay', amount: '100' }, headers);
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json()).toEqual({
      status: false,
      code: 'SELF_EXCLUDED',
      data: `您已申请自我排除，截止：${until}。期间无法登录、充值或投注`,
      detail: { kind: 'self', until: (excluded.endsAt as Date).toISOString() },
    });

    const bet = await placeBet(sut, member.headers, { stake: '10', legs: [selectionOf(event)] });
    expect(bet.json()).toMatchObject({ status: false, code: 'SELF_EXCLUDED' });

    const [game] = resultRows<{ id: number }>(
      await sut.container.db.execute(sql`select id from games where active and platform = 'house' order by id limit 1`),
    );
    const launch = await sut.post('/api/f/v1/game/launch', { id: String(game?.id) }, member.headers);
    expect(launch.json()).toMatchObject({ status: false, code: 'SELF_EXCLUDED' });

    const venues = (await sut.get('/api/game/walletlist', member.headers)).json().data as Array<{ code: string }>;
    const transfer = await sut.post(
      '/api/f/v1/wallet/transfer',
      { from: 'main', to: venues[0]?.code as string, amount: '100' },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
    expect(transfer.json()).toMatchObject({ status: false, code: 'SELF_EXCLUDED' });
    expect(await mainBalance(sut, member.token)).toBe('500.0000');
  });

  it('cannot bet at a house table, and a time-out says TIMED_OUT', async () => {
    const [memberId] = (await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 1, 100n * YUAN)) as [
      bigint,
    ];
    await exclude(memberId, 'timeout', 7);
    const placed = sut.container.casino.placement.place(memberId, randomUUID(), {
      table: 'BAC1',
      roundId: String(round),
      bets: [{ spot: 'banker', amount: 10n * YUAN }],
    });
    expect(await codeOf(placed)).toBe('TIMED_OUT');
    expect(await mainOf(sut.container.wallet.ledger, memberId)).toBe(100n * YUAN);
  });

  it('gets a seamless debit refused with PLAYER_BLOCKED, while the win of a bet made before is still paid', async () => {
    const member = await funded('100');
    const player = `p${member.id}`;
    const before = `b-${kind}-${member.id}-1`;
    expect((await vendor('bet', { player, txId: before, amount: '20' })).code).toBe('OK');
    await exclude(member.id, 'self', null);
    expect(await vendor('bet', { player, txId: `b-${kind}-${member.id}-2`, amount: '20' })).toMatchObject({
      code: 'PLAYER_BLOCKED',
      balance: '80.0000',
    });
    expect((await vendor('win', { player, txId: `w-${before}`, betTxId: before, amount: '50' })).code).toBe('OK');
    expect(await mainBalance(sut, member.token)).toBe('130.0000');
  });

  it('still has open sports bets settled and paid', async () => {
    const member = await funded('100');
    const open = await placeBet(sut, member.headers, { stake: '100', legs: [selectionOf(event, 'home')] });
    expect(open.json().status).toBe(true);
    await exclude(member.id, 'self', 182);
    await sut.container.sports.settlement.recordResult({ feed: 'test' }, event.id, {
      sport: 'football',
      ft: { home: 2, away: 1 },
    });
    // Home at 2.10: the whole payout reaches the main wallet, exclusion or not.
    expect(await mainBalance(sut, member.token)).toBe('210.0000');
  });

  it('gets no reward: a batch pays the others and skips them, a single credit is refused', async () => {
    const [excluded, other] = (await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 2, 0n)) as [
      bigint,
      bigint,
    ];
    await exclude(excluded, 'timeout', 3);
    const grant = (memberId: bigint) => ({
      memberId,
      programme: 'rebate' as const,
      reference: `rebate:test:${memberId}`,
      amount: 8n * YUAN,
      multiple: 100,
      key: `gate-test-rebate:${memberId}`,
      actor: 'system:test',
    });
    const { ledger, bonus } = sut.container.wallet;
    const outcome = await ledger.transaction((tx) => bonus.grantBatchIn(tx, [grant(excluded), grant(other)]));
    expect(outcome).toEqual({ credited: 1, replayed: 0, skipped: 1 });
    expect(await mainOf(ledger, other)).toBe(8n * YUAN);
    expect(await mainOf(ledger, excluded)).toBe(0n);
    expect(await codeOf(bonus.grant(grant(excluded)))).toBe('TIMED_OUT');
    expect(await mainOf(ledger, excluded)).toBe(0n);
  });

  it('gets no operator message, while the others in the audience do', async () => {
    // Messages to members are marketing's (the console's role matrix).
    const marketing = await signedInOperator(sut, 'marketing');
    const [excluded, other] = (await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 2, 0n)) as [
      bigint,
      bigint,
    ];
    await exclude(excluded, 'self', 365);
    const sent = await sut.app.inject({
      method: 'POST',
      url: '/api/admin/v1/messages',
      payload: { title: '周末活动', content: '充值送好礼', to: `members:${excluded},${other}` },
      headers: marketing.headers,
    });
    expect(sent.json()).toMatchObject({ status: true, data: { recipients: 1 } });
    const inbox = resultRows<{ member_id: string }>(
      await sut.container.db.execute(
        sql`select member_id::text from messages where kind = 'operator' and member_id in (${excluded}, ${other})`,
      ),
    );
    expect(inbox.map((row) => row.member_id)).toEqual([String(other)]);
  });
});

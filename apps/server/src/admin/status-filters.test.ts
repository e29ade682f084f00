import {
  APPROVAL_STATUSES,
  BET_STATUSES,
  DEPOSIT_PAYMENT_STATUSES,
  DEPOSIT_STATUSES,
  EVENT_STATUSES,
  errorMessages,
  WITHDRAW_STATUSES,
} from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, walletMember } from '../test/wallet-fixtures';

/** Every operator list with a status filter, the statuses it takes, and one a reader might guess wrongly. */
const LISTS = [
  { path: '/api/admin/v1/withdrawals', statuses: WITHDRAW_STATUSES, guess: 'pending' },
  { path: '/api/admin/v1/deposits', statuses: DEPOSIT_STATUSES, guess: 'unhandled' },
  { path: '/api/admin/v1/deposit-payments', statuses: DEPOSIT_PAYMENT_STATUSES, guess: 'pending' },
  { path: '/api/admin/v1/approvals', statuses: APPROVAL_STATUSES, guess: 'unhandled' },
  { path: '/api/admin/v1/sports/events', statuses: EVENT_STATUSES, guess: 'open' },
  { path: '/api/admin/v1/members/{id}/sports/bets', statuses: BET_STATUSES, guess: 'void' },
] as const;

describe.each(testDatabases)('operator list status filters on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let member: Awaited<ReturnType<typeof walletMember>>;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    member = await walletMember(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const url = (path: string) => path.replace('{id}', member.id);

  it.each(LISTS)(
    '$path refuses a status it does not have ($guess) instead of answering an empty list',
    async ({ path, guess }) => {
      const reply = await desk.get(`${url(path)}?status=${guess}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        code: 'STATUS_UNKNOWN',
        data: errorMessages['zh-CN'].STATUS_UNKNOWN,
      });
      const hk = await sut.get(`${url(path)}?status=${guess}`, { ...desk.headers, lang: 'zh-HK' });
      expect(hk.json().data).toBe(errorMessages['zh-HK'].STATUS_UNKNOWN);
    },
  );

  it.each(LISTS)('$path takes each of its statuses', async ({ path, statuses }) => {
    for (const status of statuses) {
      const reply = await desk.get(`${url(path)}?status=${status}`);
      expect(reply.statusCode, `${status}: ${reply.body}`).toBe(200);
    }
  });

  it('finds a withdrawal waiting for the desk under unhandled, the status the records and the desk share', async () => {
    await desk.credit(member.id, '500');
    const placed = await sut.post(
      '/api/f/v1/wallet/withdraw',
      { amount: '100', cardId: member.cardId, password: sut.encrypt('123456') },
      member.headers,
    );
    expect(placed.json(), placed.body).toMatchObject({ status: true, data: { status: 'unhandled' } });
    const waiting = (await desk.get('/api/admin/v1/withdrawals?status=unhandled')).json().data;
    expect(waiting.map((row: { id: string }) => row.id)).toContain(placed.json().data.id);
  });

  it('lists the statuses each filter takes in the API document', async () => {
    const document = (await desk.get('/docs/json')).json();
    for (const { path, statuses } of LISTS) {
      const parameter = document.paths[path]?.get?.parameters?.find(
        (candidate: { in: string; name: string }) => candidate.in === 'query' && candidate.name === 'status',
      );
      expect(parameter?.schema?.enum, path).toEqual(expect.arrayContaining([...statuses]));
    }
  });
});

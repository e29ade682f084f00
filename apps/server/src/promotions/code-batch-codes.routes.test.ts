import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, signedInOperator } from '../test/wallet-fixtures';

type CodeRow = { code: string; uses: number; redeemed: number; state: string; lastAccount: string | null };

describe.each(testDatabases)("a code batch's codes in the console on %s", (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let batchId: string;
  let codes: string[];
  let accounts: string[];

  const list = async (query: string, headers: Record<string, string> = desk.headers) =>
    sut.get(`/api/admin/v1/codes/batches/${batchId}/codes${query}`, headers);
  const rows = async (query: string) => (await list(query)).json().data as { rows: CodeRow[]; total: number };

  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
    const issued = await desk.post('/api/admin/v1/codes', {
      count: '3',
      amount: '8',
      uses: '2',
      expiresAt: '2099-01-01 00:00:00',
      multiple: '1',
      name: 'console list',
    });
    expect(issued.statusCode).toBe(200);
    batchId = issued.json().data.batch.id;
    codes = issued.json().data.codes;
    const members = [await sut.register(), await sut.register(), await sut.register()];
    accounts = members.map((one) => one.account.toLowerCase());
    // The first code is taken by two members (used up), the second by one (uses left), the third by nobody.
    for (const [member, code] of [
      [members[0], codes[0]],
      [members[1], codes[0]],
      [members[2], codes[1]],
    ] as const) {
      const redeemed = await sut.post('/api/f/v1/redeem', { code: code as string }, { t: member?.token as string });
      expect(redeemed.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('lists every code of the batch in issue order with its redemptions and its latest redeemer', async () => {
    const all = await rows('');
    expect(all.total).toBe(3);
    expect((await list('')).json().data.batch).toMatchObject({
      id: batchId,
      name: 'console list',
      codes: 3,
      redeemed: 3,
    });
    expect(all.rows.map((row) => row.code)).toEqual(codes);
    expect(all.rows.map((row) => [row.redeemed, row.uses, row.state])).toEqual([
      [2, 2, 'usedUp'],
      [1, 2, 'partly'],
      [0, 2, 'unused'],
    ]);
    expect(all.rows[0]?.lastAccount).toBe(accounts[1]);
    expect(all.rows[1]?.lastAccount).toBe(accounts[2]);
    expect(all.rows[2]).toMatchObject({ lastAccount: null, lastRedeemedAt: null });
  });

  it('filters by state and by a piece of the code typed in any case, sorts and pages', async () => {
    expect((await rows('?state=usedUp')).rows.map((row) => row.code)).toEqual([codes[0]]);
    expect((await rows('?state=partly')).rows.map((row) => row.code)).toEqual([codes[1]]);
    expect((await rows('?state=unused')).rows.map((row) => row.code)).toEqual([codes[2]]);
    const piece = (codes[2] as string).slice(2, 7).toLowerCase();
    expect((await rows(`?code=${piece}`)).rows.map((row) => row.code)).toContain(codes[2]);
    expect((await rows('?sort=redeemed')).rows.map((row) => row.redeemed)).toEqual([0, 1, 2]);
    expect((await rows('?sort=-lastRedeemedAt')).rows.map((row) => row.code)).toEqual([codes[1], codes[0], codes[2]]);
    const second = await rows('?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, rows: [{ code: codes[2] }] });
  });

  it('refuses an unknown state, a page over 100 rows, an unknown sort and a batch that does not exist', async () => {
    const state = await list('?state=gone');
    expect([state.statusCode, state.json().code]).toEqual([400, 'STATUS_UNKNOWN']);
    expect((await list('?pageSize=101')).statusCode).toBe(400);
    expect((await list('?sort=amount')).statusCode).toBe(400);
    const missing = await sut.get('/api/admin/v1/codes/batches/999999/codes', desk.headers);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('lets a support agent read the codes, and nobody without an operator session', async () => {
    const agent = await signedInOperator(sut, 'support');
    expect((await list('', agent.headers)).json().data.total).toBe(3);
    const member = await sut.register();
    expect((await list('', { t: member.token })).statusCode).toBe(401);
  });
});

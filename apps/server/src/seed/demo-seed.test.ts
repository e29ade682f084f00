import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { members, operators, settings } from '../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance } from '../test/wallet-fixtures';
import { DEMO_PHONE, seedDemoAccounts } from './demo-seed';

const RANDOM = { member: undefined, operator: undefined };
const CONFIGURED = { member: 'demo01:demo123456', operator: 'admin:admin123456' };

describe.each(testDatabases)('demo accounts across restarts on %s', (kind) => {
  let sut: TestApp;
  beforeEach(async () => {
    sut = await createTestApp(kind);
  });
  afterEach(async () => {
    await sut?.close();
  });

  /** What `npm start` does on each start in demo mode, and what it prints. */
  const start = (demo: { member: string | undefined; operator: string | undefined }) =>
    seedDemoAccounts(sut.container.db, demo);

  async function memberSignsIn([account, password]: [string, string]): Promise<string> {
    const response = await sut.login(account, password);
    expect(response.json(), `member ${account} / ${password}`).toMatchObject({ status: true });
    return response.json().data.token as string;
  }

  async function operatorSignsIn([account, password]: [string, string]): Promise<Record<string, string>> {
    const response = await sut.operatorLogin(account, password);
    expect(response.json(), `operator ${account} / ${password}`).toMatchObject({ status: true });
    return { authorization: `Bearer ${response.json().data.token}` };
  }

  async function creditFifty(desk: Record<string, string>, token: string) {
    const id = (await sut.get('/api/findmed/v1/member/token', { t: token })).json().data.id as string;
    const response = await sut.post(`/api/admin/v1/members/${id}/adjust`, { amount: '50', reason: 'demo bonus' }, desk);
    expect(response.json(), response.body).toMatchObject({ status: true, data: { approval: null } });
  }

  const memberCount = async () => (await sut.container.db.select().from(members)).length;
  const operatorCount = async () => (await sut.container.db.select().from(operators)).length;

  it('starts again without DEMO_MEMBER: the same demo member and operator, their money kept, the new printout works', async () => {
    const first = await start(RANDOM);
    expect(first.memberPhone).toBe(`+${DEMO_PHONE.area}${DEMO_PHONE.phone}`);
    const token = await memberSignsIn(first.member);
    await creditFifty(await operatorSignsIn(first.operator), token);
    const [membersBefore, operatorsBefore] = [await memberCount(), await operatorCount()];

    const second = await start(RANDOM);

    expect(second.member[0]).toBe(first.member[0]);
    expect(second.operator[0]).toBe(first.operator[0]);
    expect(second.memberPhone).toBe(first.memberPhone);
    expect(await mainBalance(sut, await memberSignsIn(second.member))).toBe('50.0000');
    await operatorSignsIn(second.operator);
    expect(await memberCount()).toBe(membersBefore);
    expect(await operatorCount()).toBe(operatorsBefore);
  });

  it('takes DEMO_MEMBER and DEMO_OPERATOR on a folder seeded with random accounts, and keeps working after', async () => {
    const random = await start(RANDOM);
    const token = await memberSignsIn(random.member);
    await creditFifty(await operatorSignsIn(random.operator), token);

    const configured = await start(CONFIGURED);
    expect(configured.member).toEqual(['demo01', 'demo123456']);
    await memberSignsIn(configured.member);
    await operatorSignsIn(configured.operator);
    // The demo phone stays with the member who had it; the new demo member goes without one.
    expect(configured.memberPhone).toBeNull();

    const again = await start(CONFIGURED);
    await memberSignsIn(again.member);
    await operatorSignsIn(again.operator);
    const withoutVariables = await start(RANDOM);
    expect(withoutVariables.member[0]).toBe('demo01');
    await memberSignsIn(withoutVariables.member);
    await operatorSignsIn(withoutVariables.operator);
    expect(await mainBalance(sut, await memberSignsIn(random.member))).toBe('50.0000');
  });

  it('finds the demo member of a folder seeded before the accounts were remembered by its phone', async () => {
    const first = await start(RANDOM);
    const token = await memberSignsIn(first.member);
    await creditFifty(await operatorSignsIn(first.operator), token);
    await sut.container.db.delete(settings).where(eq(settings.key, 'demoAccounts'));

    const second = await start(RANDOM);

    expect(second.member[0]).toBe(first.member[0]);
    expect(await mainBalance(sut, await memberSignsIn(second.member))).toBe('50.0000');
    await operatorSignsIn(second.operator);
  });
});

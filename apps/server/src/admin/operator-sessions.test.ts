import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

describe.each(testDatabases)('operator sessions on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    await sut.seedAccounts();
  });
  afterAll(async () => {
    await sut?.close();
  });

  async function signIn(): Promise<Record<string, string>> {
    const response = await sut.operatorLogin('admin', 'admin123456');
    return { authorization: `Bearer ${response.json().data.token}` };
  }

  it('ends this session on logout, leaving the others alive', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    const logout = await sut.post('/api/admin/v1/logout', {}, laptop);
    expect(logout.json()).toEqual({ status: true, data: { ended: 1 } });
    expect((await sut.get('/api/admin/v1/me', laptop)).statusCode).toBe(401);
    expect((await sut.get('/api/admin/v1/me', phone)).statusCode).toBe(200);
  });

  it('ends every session of the operator on revoke-all, and records who did it', async () => {
    const sessions = [await signIn(), await signIn(), await signIn()];
    const revoke = await sut.post('/api/admin/v1/sessions/revoke-all', {}, sessions[0]);
    expect(revoke.json().data.ended).toBeGreaterThanOrEqual(3);
    for (const headers of sessions) expect((await sut.get('/api/admin/v1/me', headers)).statusCode).toBe(401);
    const audit = await sut.container.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'sessions.revoke-all'`,
    );
    expect(Number((audit as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(1);
  });
});

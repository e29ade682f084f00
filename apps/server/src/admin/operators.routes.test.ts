import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

type Headers = Record<string, string>;

/** A code of the step after now's: accepted (one step of drift either side), and not the step just used. */
function nextCode(secret: string, steps = 1): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });
}

async function rows(sut: TestApp, query: ReturnType<typeof sql>) {
  const result = await sut.container.db.execute(query);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

describe.each(testDatabases)('operators and their second factor on %s', (kind) => {
  let sut: TestApp;
  let admin: Headers;

  async function bearer(account: string, password: string, otp?: string) {
    const device = sut.newDevice();
    await sut.fetchCaptcha(device);
    return sut.post(
      '/api/admin/v1/login',
      { account, password, code: '1234', ...(otp ? { otp } : {}) },
      { device_no: device, 'user-agent': 'Mozilla/5.0 test-browser' },
    );
  }
  async function headersOf(account: string, password: string, otp?: string): Promise<Headers> {
    const response = await bearer(account, password, otp);
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().data.token}` };
  }

  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { OPERATOR_OTP: 'required', OPERATOR_IDLE_MINUTES: '30' } });
    await sut.seedAccounts();
    admin = await headersOf('admin', 'admin123456');
    // The seeded admin must enrol first (required for admins): enrol it here.
    const start = await sut.post('/api/admin/v1/me/otp/start', {}, admin);
    expect(start.statusCode, start.body).toBe(200);
    const { secret } = start.json().data as { secret: string };
    const confirm = await sut.post('/api/admin/v1/me/otp/confirm', { code: await nextCode(secret, 0) }, admin);
    expect(confirm.statusCode, confirm.body).toBe(200);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('creates an operator with a role, refuses a short password and a taken account, and audits it', async () => {
    const short = await sut.post(
      '/api/admin/v1/operators',
      { account: 'fin01', password: 'short', role: 'finance' },
      admin,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('OPERATOR_PASSWORD_SHORT');
    const created = await sut.post(
      '/api/admin/v1/operators',
      { account: 'Trader01', password: 'trader-pass-1', role: 'trader' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      account: 'trader01',
      role: 'trader',
      status: 'active',
      otpEnrolled: false,
    });
    const again = await sut.post(
      '/api/admin/v1/operators',
      { account: 'trader01', password: 'trader-pass-1', role: 'trader' },
      admin,
    );
    expect(again.json().code).toBe('ACCOUNT_TAKEN');
    const audit = await rows(sut, sql`select detail from audit_log where action = 'operator.create'`);
    expect(audit).toHaveLength(1);

    const list = await sut.get('/api/admin/v1/operators?role=trader&sort=-createdAt', admin);
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.rows[0].account).toBe('trader01');
    const trader = await headersOf('trader01', 'trader-pass-1');
    expect((await sut.get('/api/admin/v1/operators', trader)).json().code).toBe('FORBIDDEN');
    // A trader need not enrol (only admin and finance must): their calls are open.
    expect((await sut.get('/api/admin/v1/sports/events', trader)).statusCode).toBe(200);
  });

  it('holds a finance operator to enrolment, then asks every sign-in for the code', async () => {
    const created = await sut.post(
      '/api/admin/v1/operators',
      { account: 'fin02', password: 'finance-pass-1', role: 'finance' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const finance = await headersOf('fin02', 'finance-pass-1');
    const me = (await sut.get('/api/admin/v1/me', finance)).json().data;
    expect(me).toMatchObject({ role: 'finance', otp: { enrolled: false, required: true }, idleMinutes: 30 });
    const blocked = await sut.get('/api/admin/v1/withdrawals', finance);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('OTP_ENROL_REQUIRED');

    const start = (await sut.post('/api/admin/v1/me/otp/start', {}, finance)).json().data;
    expect(start.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await sut.post('/api/admin/v1/me/otp/confirm', { code: '000000' }, finance);
    expect(wrong.json().code).toBe('OTP_WRONG');
    const confirmed = await sut.post(
      '/api/admin/v1/me/otp/confirm',
      { code: await nextCode(start.secret, 0) },
      finance,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json().data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The secret is stored sealed and the recovery codes only as hashes.
    const [stored] = await rows(sut, sql`select otp_secret from operators where account = 'fin02'`);
    expect(String(stored?.otp_secret)).not.toContain(start.secret);
    const hashes = await rows(sut, sql`select code_hash from operator_recovery_codes`);
    for (const code of recoveryCodes) expect(JSON.stringify(hashes)).not.toContain(code);
    // Enrolled: the desk opens, a second start is refused (the secret is never answered again).
    expect((await sut.get('/api/admin/v1/withdrawals', finance)).statusCode).toBe(200);
    expect((await sut.post('/api/admin/v1/me/otp/start', {}, finance)).json().code).toBe('OTP_ALREADY_ENROLLED');
    expect((await sut.post('/api/admin/v1/me/otp/disable', { code: '123456' }, finance)).json().code).toBe(
      'OTP_STILL_REQUIRED',
    );

    const without = await bearer('fin02', 'finance-pass-1');
    expect(without.statusCode).toBe(401);
    expect(without.json().code).toBe('OTP_REQUIRED');
    const wrongCode = await bearer('fin02', 'finance-pass-1', '000000');
    expect(wrongCode.json().code).toBe('OTP_WRONG');
    const code = await nextCode(start.secret);
    await headersOf('fin02', 'finance-pass-1', code);
    // The same code again is refused: a code is good once.
    expect((await bearer('fin02', 'finance-pass-1', code)).json().code).toBe('OTP_WRONG');
    // A recovery code works once.
    await headersOf('fin02', 'finance-pass-1', recoveryCodes[0]);
    expect((await bearer('fin02', 'finance-pass-1', recoveryCodes[0])).json().code).toBe('OTP_WRONG');
    const failures = await rows(sut, sql`select count(*)::int as n from audit_log where action = 'login.otp-failed'`);
    expect(Number(failures[0]?.n)).toBe(4);
  });

  it('lets an admin change a role, disable (ending sessions), reset the second factor; never their own', async () => {
    const id = (
      await sut.post(
        '/api/admin/v1/operators',
        { account: 'sup01', password: 'support-pass-1', role: 'support' },
        admin,
      )
    ).json().data.id as string;
    const support = await headersOf('sup01', 'support-pass-1');
    expect((await sut.get('/api/admin/v1/support/conversations', support)).statusCode).toBe(200);
    const role = await sut.post(`/api/admin/v1/operators/${id}/role`, { role: 'marketing' }, admin);
    expect(role.json().data.role).toBe('marketing');
    // The role counts from the next request of the same session.
    expect((await sut.get('/api/admin/v1/support/conversations', support)).json().code).toBe('FORBIDDEN');
    expect((await sut.get('/api/admin/v1/news', support)).statusCode).toBe(200);

    const sessions = (await sut.get(`/api/admin/v1/operators/${id}/sessions`, admin)).json().data;
    expect(sessions.total).toBe(1);
    expect(sessions.rows[0].device).toContain('test-browser');
    const disabled = await sut.post(`/api/admin/v1/operators/${id}/status`, { status: 'disabled' }, admin);
    expect(disabled.json().data).toMatchObject({ status: 'disabled', sessions: 0 });
    expect((await sut.get('/api/admin/v1/me', support)).statusCode).toBe(401);
    expect((await bearer('sup01', 'support-pass-1')).json().code).toBe('LOGIN_WRONG');
    await sut.post(`/api/admin/v1/operators/${id}/status`, { status: 'active' }, admin);
    await headersOf('sup01', 'support-pass-1');

    const me = (await sut.get('/api/admin/v1/me', admin)).json().data as { id: string };
    expect((await sut.post(`/api/admin/v1/operators/${me.id}/role`, { role: 'support' }, admin)).json().code).toBe(
      'OPERATOR_SELF',
    );
    expect((await sut.post(`/api/admin/v1/operators/${me.id}/status`, { status: 'disabled' }, admin)).json().code).toBe(
      'OPERATOR_SELF',
    );

    const fin = (await sut.get('/api/admin/v1/operators?account=fin02', admin)).json().data.rows[0];
    expect(fin.otpEnrolled).toBe(true);
    const reset = await sut.post(`/api/admin/v1/operators/${fin.id}/otp/reset`, {}, admin);
    expect(reset.json().data.otpEnrolled).toBe(false);
    // Reset: they sign in with the password alone, and must enrol again before anything else.
    const finance = await headersOf('fin02', 'finance-pass-1');
    expect((await sut.get('/api/admin/v1/withdrawals', finance)).json().code).toBe('OTP_ENROL_REQUIRED');
    const actions = await rows(
      sut,
      sql`select action from audit_log where action in ('operator.role', 'operator.status', 'operator.otp-reset')`,
    );
    expect(actions).toHaveLength(4);
  });

  it('lists my sessions with the current one marked, ends one, and ends a session idle too long', async () => {
    const created = await sut.post(
      '/api/admin/v1/operators',
      { account: 'mkt01', password: 'marketing-pass-1', role: 'marketing' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const laptop = await headersOf('mkt01', 'marketing-pass-1');
    const phone = await headersOf('mkt01', 'marketing-pass-1');
    const mine = (await sut.get('/api/admin/v1/me/sessions', laptop)).json().data;
    expect(mine.total).toBe(2);
    const current = mine.rows.find((row: { current: boolean }) => row.current);
    const other = mine.rows.find((row: { current: boolean }) => !row.current);
    expect(current).toBeDefined();
    const ended = await sut.post(`/api/admin/v1/me/sessions/${other.id}/revoke`, {}, laptop);
    expect(ended.json().data.ended).toBe(1);
    expect((await sut.get('/api/admin/v1/me', phone)).statusCode).toBe(401);
    expect((await sut.get('/api/admin/v1/me', laptop)).statusCode).toBe(200);
    // Another operator's session is not mine to end.
    expect((await sut.post(`/api/admin/v1/me/sessions/${current.id}/revoke`, {}, admin)).statusCode).toBe(404);

    // Idle: 31 minutes without a request ends the session on the server.
    await sut.container.db.execute(
      sql`update operator_sessions set last_seen_at = now() - interval '31 minutes' where id = ${BigInt(current.id)}`,
    );
    expect((await sut.get('/api/admin/v1/me', laptop)).statusCode).toBe(401);
    const [row] = await rows(sut, sql`select revoked_at from operator_sessions where id = ${BigInt(current.id)}`);
    expect(row?.revoked_at).not.toBeNull();
  });
});

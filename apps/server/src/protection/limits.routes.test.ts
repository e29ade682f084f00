import { LIMIT_RAISE_DELAY_MS, protectionApi as paths } from '@jinb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

const HOUR = 60 * 60_000;

describe.each(testDatabases)('member limits on %s', (kind) => {
  let sut: TestApp;
  /** How far the test has moved the protection rules' clock ahead of the real one. */
  let ahead = 0;

  beforeAll(async () => {
    sut = await createTestApp(kind, { clock: () => new Date(Date.now() + ahead) });
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  async function member() {
    const { token } = await sut.register();
    return { t: token };
  }
  const view = async (headers: Record<string, string>) => (await sut.get(paths.memberLimits, headers)).json();
  const put = (headers: Record<string, string>, body: Record<string, string>) =>
    sut.put(paths.memberLimitsUpdate, body, headers);

  it('starts with no limits and shows what each period used and when it resets', async () => {
    const headers = await member();
    const body = await view(headers);
    expect(body.status).toBe(true);
    expect(body.data).toMatchObject({ depositDay: null, lossWeek: null, stakeMax: null, sessionMinutes: null });
    expect(body.data.pending).toEqual({});
    expect(body.data.usage.depositDay.used).toBe('0.0000');
    expect(Date.parse(body.data.usage.depositMonth.resetsAt)).toBeGreaterThan(Date.now());
  });

  it('applies a first limit and a lower one at once, and makes a higher one wait 24 hours for a confirmation', async () => {
    const headers = await member();
    ahead = 0;
    const first = (await put(headers, { depositDay: '1000' })).json();
    expect(first.data.depositDay).toBe('1000.0000');
    expect(first.data.changes).toEqual([expect.objectContaining({ key: 'depositDay', status: 'applied' })]);

    const lower = (await put(headers, { depositDay: '500' })).json();
    expect(lower.data.depositDay).toBe('500.0000');

    const raise = (await put(headers, { depositDay: '2000' })).json();
    // Still 500 in force; 2000 waits until 24 hours from now.
    expect(raise.data.depositDay).toBe('500.0000');
    const change = raise.data.changes[0];
    expect(change.status).toBe('pending');
    const effectiveAt = Date.parse(change.effectiveAt);
    expect(Math.abs(effectiveAt - (Date.now() + LIMIT_RAISE_DELAY_MS))).toBeLessThan(60_000);
    expect(raise.data.pending.depositDay).toMatchObject({ value: '2000.0000', confirmable: false });

    const early = await sut.post(paths.memberLimitsConfirm, { key: 'depositDay' }, headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: false, code: 'LIMIT_NOT_DUE' });
    expect((await view(headers)).data.depositDay).toBe('500.0000');

    // 23 hours later it still waits; after 24 it is confirmable, but nothing changes until the member confirms.
    ahead = 23 * HOUR;
    expect((await sut.post(paths.memberLimitsConfirm, { key: 'depositDay' }, headers)).json().code).toBe(
      'LIMIT_NOT_DUE',
    );
    ahead = 24 * HOUR + 60_000;
    const due = await view(headers);
    expect(due.data.depositDay).toBe('500.0000');
    expect(due.data.pending.depositDay.confirmable).toBe(true);

    const confirmed = (await sut.post(paths.memberLimitsConfirm, { key: 'depositDay' }, headers)).json();
    expect(confirmed.data.depositDay).toBe('2000.0000');
    expect(confirmed.data.pending).toEqual({});
    const again = await sut.post(paths.memberLimitsConfirm, { key: 'depositDay' }, headers);
    expect(again.json()).toMatchObject({ status: false, code: 'LIMIT_NOT_PENDING' });
    ahead = 0;
  });

  it('makes a removal wait like a raise, and a stricter value meanwhile drops the waiting one', async () => {
    const headers = await member();
    ahead = 0;
    await put(headers, { lossWeek: '300', stakeMax: '50' });
    const removal = (await put(headers, { lossWeek: '', stakeMax: '' })).json();
    expect(removal.data).toMatchObject({ lossWeek: '300.0000', stakeMax: '50.0000' });
    expect(removal.data.pending.lossWeek).toMatchObject({ value: null, confirmable: false });

    // Lowering the stake limit while its removal waits applies at once and the removal is gone.
    const lower = (await put(headers, { stakeMax: '20' })).json();
    expect(lower.data.stakeMax).toBe('20.0000');
    expect(lower.data.pending.stakeMax).toBeUndefined();

    ahead = 25 * HOUR;
    const removed = (await sut.post(paths.memberLimitsConfirm, { key: 'lossWeek' }, headers)).json();
    expect(removed.data.lossWeek).toBeNull();
    ahead = 0;
  });

  it('keeps the 24 hours running when the form sends the same values again, and cancels a waiting raise', async () => {
    const headers = await member();
    ahead = 0;
    await put(headers, { depositWeek: '100', sessionMinutes: '60' });
    const raised = (await put(headers, { depositWeek: '900', sessionMinutes: '120' })).json();
    const effectiveAt = raised.data.pending.depositWeek.effectiveAt;
    ahead = 2 * HOUR;
    const resent = (await put(headers, { depositWeek: '900', sessionMinutes: '120' })).json();
    expect(resent.data.pending.depositWeek.effectiveAt).toBe(effectiveAt);
    expect(resent.data.changes.map((one: { status: string }) => one.status)).toEqual(['pending', 'pending']);
    // Sending the limit in force leaves the waiting raise alone.
    const unchanged = (await put(headers, { depositWeek: '100' })).json();
    expect(unchanged.data.changes[0].status).toBe('unchanged');
    expect(unchanged.data.pending.depositWeek).toBeDefined();

    const cancelled = (await sut.post(paths.memberLimitsCancel, { key: 'sessionMinutes' }, headers)).json();
    expect(cancelled.data.sessionMinutes).toBe(60);
    expect(cancelled.data.pending.sessionMinutes).toBeUndefined();
    const none = await sut.post(paths.memberLimitsCancel, { key: 'sessionMinutes' }, headers);
    expect(none.json().code).toBe('LIMIT_NOT_PENDING');
    ahead = 0;
  });

  it('applies the reality check interval at once either way, and refuses values out of range', async () => {
    const headers = await member();
    expect((await put(headers, { realityMinutes: '30' })).json().data.realityMinutes).toBe(30);
    expect((await put(headers, { realityMinutes: '90' })).json().data.realityMinutes).toBe(90);
    expect((await put(headers, { realityMinutes: '' })).json().data.realityMinutes).toBeNull();
    const bad = await put(headers, { sessionMinutes: '5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, code: 'LIMIT_INVALID' });
    expect((await put(headers, { depositDay: '-5' })).json().status).toBe(false);
    expect((await sut.post(paths.memberLimitsConfirm, { key: 'realityMinutes' }, headers)).json().code).toBe(
      'LIMIT_INVALID',
    );
  });

  it('keeps the lowest of many limits sent at once in force: each change is decided under the row lock', async () => {
    const headers = await member();
    ahead = 0;
    const values = [900, 350, 700, 120, 800, 450, 600, 260, 990, 510, 130, 640];
    const answers = await Promise.all(values.map((value) => put(headers, { lossDay: String(value) })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(values.map(() => 200));
    // Whatever order they ran in, a higher value than the one in force waited and a lower one applied.
    const after = await view(headers);
    expect(after.data.lossDay).toBe('120.0000');
    const applied = answers.filter((answer) => answer.json().data.changes[0].status === 'applied');
    expect(applied.length).toBeGreaterThanOrEqual(1);
    if (after.data.pending.lossDay) expect(Number(after.data.pending.lossDay.value)).toBeGreaterThan(120);
  });

  it('accepts JSON too, and answers a visitor with the expired-session body', async () => {
    const headers = await member();
    const json = await sut.app.inject({
      method: 'PUT',
      url: paths.memberLimitsUpdate,
      payload: { lossDay: '200', depositMonth: null },
      headers,
    });
    expect(json.json().data.lossDay).toBe('200.0000');
    const visitor = await sut.get(paths.memberLimits);
    expect(visitor.json()).toMatchObject({ status: false, data: 'token' });
  });
});

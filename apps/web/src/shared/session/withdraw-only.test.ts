import { api } from '@jinb/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { ApiError, get, post } from '../api/client';
import { at, startMockApi } from '../testing/server';
import { useSession } from './session-store';

const server = startMockApi();
const EXPIRES = '2026-11-26T12:15:00.000Z';

beforeEach(() => {
  useSession.getState().logout();
  useSession.getState().startWithdrawOnly('withdraw-token', EXPIRES);
});

describe('the withdrawal-only session', () => {
  test('is kept in session storage beside its token, so a reload of the tab stays in it', () => {
    expect(sessionStorage.getItem('t')).toBe('withdraw-token');
    expect(sessionStorage.getItem('wo')).toBe(EXPIRES);
    expect(useSession.getState()).toMatchObject({ token: 'withdraw-token', withdrawOnly: { expiresAt: EXPIRES } });
  });

  test('When a call it may not make is refused with WITHDRAW_ONLY, then the session goes on', async () => {
    server.use(
      http.post(at(api.pageView), () =>
        HttpResponse.json(
          { status: false, data: '当前为仅提现模式，只能提现到已绑定的账户', code: 'WITHDRAW_ONLY' },
          { status: 403 },
        ),
      ),
    );
    const refused = await post('pageView', { body: { path: '/finance/withdraw', referrer: '' } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('WITHDRAW_ONLY');
    expect(useSession.getState()).toMatchObject({ token: 'withdraw-token', withdrawOnly: { expiresAt: EXPIRES } });
  });

  test('When the server says it has ended, then the normal sign-out clears it with the token', async () => {
    server.use(http.get(at(api.balance), () => HttpResponse.json({ status: false, data: 'token' })));
    await get('balance').catch(() => {});
    expect(useSession.getState()).toMatchObject({ token: '', withdrawOnly: null });
    expect(sessionStorage.getItem('t')).toBeNull();
    expect(sessionStorage.getItem('wo')).toBeNull();
  });

  test('A rotated token keeps it what it is', async () => {
    server.use(
      http.get(at(api.balance), () =>
        HttpResponse.json(
          { status: true, data: { balance: '1.0000', currency: 'CNY', symbol: '¥' } },
          { headers: { id: 'rotated-token' } },
        ),
      ),
    );
    await get('balance');
    expect(useSession.getState()).toMatchObject({ token: 'rotated-token', withdrawOnly: { expiresAt: EXPIRES } });
  });
});

import { api } from '@jinb/contract';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { at, ok, startMockApi } from '../testing/server';
import {
  balanceQuery,
  memberQuery,
  REFRESH_THROTTLE_MS,
  refreshBalance,
  refreshMember,
  refreshUnread,
  unreadQuery,
} from './session.queries';
import { useSession } from './session-store';

const server = startMockApi();
const user = {
  id: '1',
  account: 'demo01',
  nickname: 'demo',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '',
  email: '',
  vipLevel: 1,
  inviteCode: 'ABC',
  createdAt: '2025-01-01T00:00:00Z',
  lastLoginAt: null,
};

function countCalls() {
  const calls = { user: 0, balance: 0 };
  server.use(
    http.get(at(api.token), () => {
      calls.user += 1;
      return HttpResponse.json(ok(user));
    }),
    http.get(at(api.balance), () => {
      calls.balance += 1;
      return HttpResponse.json(ok({ balance: '88.1290', currency: 'CNY', symbol: '¥' }));
    }),
  );
  return calls;
}

let client: QueryClient;

beforeEach(() => {
  useSession.getState().logout();
  client = new QueryClient();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-05-01T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the member, balance and unread count in the query cache', () => {
  test('a second refresh within 30 s makes no request', async () => {
    const calls = countCalls();
    useSession.getState().setToken('tok');

    await refreshMember(client);
    await refreshBalance(client);
    vi.setSystemTime(Date.now() + REFRESH_THROTTLE_MS - 1);
    await refreshMember(client);
    await refreshBalance(client);

    expect(calls).toEqual({ user: 1, balance: 1 });
    expect(client.getQueryData(memberQuery.queryKey)?.account).toBe('demo01');
    expect(client.getQueryData(balanceQuery.queryKey)?.balance).toBe('88.1290');
  });

  test('after 30 s, or when forced, the refresh runs again', async () => {
    const calls = countCalls();
    useSession.getState().setToken('tok');

    await refreshBalance(client);
    await refreshBalance(client, true);
    vi.setSystemTime(Date.now() + REFRESH_THROTTLE_MS);
    await refreshBalance(client);

    expect(calls.balance).toBe(3);
  });

  test('nothing is requested without a session', async () => {
    const calls = countCalls();
    await refreshMember(client);
    await refreshBalance(client);
    await refreshUnread(client);
    expect(calls).toEqual({ user: 0, balance: 0 });
  });

  test('a failed refresh is only logged and may be retried straight away', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    server.use(
      http.get(at(api.balance), () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json(ok({ balance: '1.0000', currency: 'CNY', symbol: '¥' }));
      }),
    );
    useSession.getState().setToken('tok');

    await expect(refreshBalance(client)).resolves.toBeUndefined();
    await refreshBalance(client);

    expect(attempts).toBe(2);
    expect(client.getQueryData(balanceQuery.queryKey)?.balance).toBe('1.0000');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  test('the unread count is kept as a number', async () => {
    server.use(http.get(at(api.messageNum), () => HttpResponse.json(ok({ count: 4 }))));
    useSession.getState().setToken('tok');
    await refreshUnread(client);
    expect(client.getQueryData(unreadQuery.queryKey)).toBe(4);
  });
});

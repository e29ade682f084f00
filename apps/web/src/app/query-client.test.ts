import { describe, expect, test } from 'vitest';
import { taskKeys } from '../features/tasks/tasks-session';
import { ApiError } from '../shared/api/client';
import { useSession } from '../shared/session/session-store';
import { createQueryClient, shouldRetry } from './query-client';

describe('retry policy', () => {
  test('a lost connection or a timeout is tried once more', () => {
    expect(shouldRetry(0, new ApiError('请重试', 'NETWORK'))).toBe(true);
    expect(shouldRetry(0, new ApiError('请重试', 'TIMEOUT'))).toBe(true);
    expect(shouldRetry(1, new ApiError('请重试', 'NETWORK'))).toBe(false);
  });

  test('business answers and client errors are never retried', () => {
    expect(shouldRetry(0, new ApiError('内容不存在', 'NOT_FOUND', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('账号或密码错误', 'LOGIN_WRONG', 400))).toBe(false);
    expect(shouldRetry(0, new ApiError('登录已过期，请重新登录', 'SESSION_EXPIRED', 200))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });

  test('queries keep data 5 minutes, use this policy and ignore window focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(5 * 60_000);
    expect(defaults?.retry).toBe(shouldRetry);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });
});

describe('logout', () => {
  test('When a member logs out, then nothing they loaded stays in the cache', () => {
    useSession.getState().setToken('member-a');
    const client = createQueryClient();
    client.setQueryData(['finance', 'assets'], { main: '100.0000' });
    useSession.getState().logout();
    expect(client.getQueryData(['finance', 'assets'])).toBeUndefined();
  });

  test('When a member logs out, then the task centre (points, groups, records) is gone too (spec)', () => {
    useSession.getState().setToken('member-a');
    const client = createQueryClient();
    client.setQueryData(taskKeys.groups(), { list: [], total: 0 });
    client.setQueryData(taskKeys.content(), { points: 20 });
    useSession.getState().logout();
    expect(client.getQueriesData({ queryKey: taskKeys.all })).toEqual([]);
  });
});

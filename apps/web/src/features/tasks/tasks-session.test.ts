import { rewardsApi } from '@jinb/contract';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { at, ok, startMockApi } from '../../shared/testing/server';
import { clearTasksOnLogout, fetchTaskGroups, GROUPS_THROTTLE_MS, resetTaskThrottle, taskKeys } from './tasks-session';

const server = startMockApi();
let asked = 0;

beforeEach(() => {
  resetTaskThrottle();
  asked = 0;
  server.use(
    http.post(at(rewardsApi.taskGroups), () => {
      asked += 1;
      return HttpResponse.json(ok({ list: [], total: asked }));
    }),
  );
});

describe('the task group list', () => {
  test('When it is asked for twice within 100 ms, then one call goes out and both get its answer', async () => {
    const [first, second] = await Promise.all([
      fetchTaskGroups(1_000),
      fetchTaskGroups(1_000 + GROUPS_THROTTLE_MS - 1),
    ]);
    expect(asked).toBe(1);
    expect(second).toBe(first);
    await fetchTaskGroups(1_000 + GROUPS_THROTTLE_MS);
    expect(asked).toBe(2);
  });

  test('When the member logs out, then the task data is cleared and the throttle starts afresh', async () => {
    useSession.getState().setToken('member-a');
    const client = new QueryClient();
    const stop = clearTasksOnLogout(client);
    client.setQueryData(taskKeys.groups(), { list: [], total: 1 });
    client.setQueryData(['session', 'balance'], { balance: '1.0000' });
    await fetchTaskGroups(5_000);

    useSession.getState().logout();

    expect(client.getQueryData(taskKeys.groups())).toBeUndefined();
    expect(client.getQueryData(['session', 'balance'])).toBeDefined();
    await fetchTaskGroups(5_001);
    expect(asked).toBe(2);
    stop();
  });
});

import { rewardsApi } from '@jinb/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { at, ok, startMockApi } from '../../shared/testing/server';
import { fetchTaskGroups, GROUPS_THROTTLE_MS, resetTaskThrottle } from './tasks-session';

const server = startMockApi();
let asked = 0;

beforeEach(() => {
  resetTaskThrottle();
  useSession.getState().setToken('member-a');
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

  test('When the member logs out and another signs in, then the throttle starts afresh', async () => {
    await fetchTaskGroups(5_000);
    useSession.getState().logout();
    useSession.getState().setToken('member-b');
    const answer = await fetchTaskGroups(5_001);
    expect(asked).toBe(2);
    expect(answer.total).toBe(2);
  });
});
